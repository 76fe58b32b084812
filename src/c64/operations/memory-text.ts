// Addresses and bytes as text, with no schema library: the TUI draws with these before anything
// else of the C64 layer is loaded. memory-args.ts builds the validated argument schemas on them.
export const MEMORY_SIZE = 0x10000

/** `$0400`, `0x0400`, `1024` (or the number 1024) → 1024, or null when it is not an address. */
export function parseAddressText(value: string | number): number | null {
  if (typeof value === "number") return Number.isInteger(value) ? value : null
  const text = value.trim().toLowerCase()
  let digits: string
  let radix: number
  if (text.startsWith("$")) [digits, radix] = [text.slice(1), 16]
  else if (text.startsWith("0x")) [digits, radix] = [text.slice(2), 16]
  else [digits, radix] = [text, 10]
  const pattern = radix === 16 ? /^[0-9a-f]{1,8}$/ : /^\d{1,8}$/
  return pattern.test(digits) ? Number.parseInt(digits, radix) : null
}

/** `$0400` — the house style for addresses in files and messages. */
export function formatAddress(address: number): string {
  return `$${address.toString(16).toUpperCase().padStart(4, "0")}`
}

/** `0x2000` — the spec's style for `summary.spriteAddresses`. */
export function formatAddress0x(address: number): string {
  return `0x${address.toString(16).toUpperCase().padStart(4, "0")}`
}

export function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("hex")
}

/** How many bytes differ between two samples given as hex strings of the same length. */
export function changedBytes(a: string, b: string): number {
  if (a.length !== b.length) return Math.max(a.length, b.length) / 2
  let changed = 0
  for (let i = 0; i < a.length; i += 2) if (a[i] !== b[i] || a[i + 1] !== b[i + 1]) changed++
  return changed
}
