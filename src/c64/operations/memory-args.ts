// Addresses, lengths and byte strings as people and agents write them: `$0400`, `0x0400` or `1024`;
// bytes as hex (`A9 00 8D`, `$A9,$00`, `a9008d`) or an array of numbers. Ranges stay in 64 KiB.
import * as z from "zod"
import { invalid } from "../../domain/errors.ts"
import { MEMORY_SIZE, formatAddress, parseAddressText } from "./memory-text.ts"

export { MEMORY_SIZE, formatAddress, formatAddress0x, parseAddressText, toHex } from "./memory-text.ts"

export const Address = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const address = parseAddressText(value)
  if (address === null) {
    ctx.addIssue({ code: "custom", message: `'${value}' is not an address: use $0400, 0x0400 or 1024` })
    return z.NEVER
  }
  if (address < 0 || address > 0xffff) {
    ctx.addIssue({ code: "custom", message: `address ${value} is outside the C64's memory ($0000-$FFFF)` })
    return z.NEVER
  }
  return address
})

/** A positive whole number from a number or its decimal text (`k=v` arguments arrive as text). */
export const PositiveInt = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const n = typeof value === "number" ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN
  if (!Number.isInteger(n) || n <= 0) {
    ctx.addIssue({ code: "custom", message: `'${value}' must be a whole number above 0` })
    return z.NEVER
  }
  return n
})

export const Length = PositiveInt.refine((n) => n <= MEMORY_SIZE, {
  message: `must be at most 65536 bytes (64 KiB)`,
})

export const Bytes = z.union([z.string(), z.array(z.number())]).transform((value, ctx) => {
  const bytes = parseBytes(value)
  if (typeof bytes === "string") {
    ctx.addIssue({ code: "custom", message: bytes })
    return z.NEVER
  }
  return bytes
})

/** Hex text or numbers → bytes, or a message saying what is wrong. */
function parseBytes(value: string | number[]): Uint8Array | string {
  if (Array.isArray(value)) {
    const bad = value.find((n) => !Number.isInteger(n) || n < 0 || n > 255)
    if (bad !== undefined) return `byte ${bad} is not in 0-255`
    if (value.length === 0) return "at least one byte is needed"
    return Uint8Array.from(value)
  }
  const hex = value.replace(/\$|0x|[\s,_]/gi, "")
  if (hex.length === 0) return "at least one byte is needed"
  if (!/^[0-9a-f]+$/i.test(hex)) return `'${value}' is not hex bytes: use forms like "A9 00 8D" or "$A9,$00"`
  if (hex.length % 2 !== 0) return `'${value}' has an odd number of hex digits`
  return Uint8Array.from(Buffer.from(hex, "hex"))
}

/** Refuses a range that runs past $FFFF, with the numbers in the message. */
export function assertRange(address: number, length: number, what = "range"): void {
  if (length > MEMORY_SIZE) throw invalid(`length ${length} is over 64 KiB (65536 bytes)`)
  if (address + length > MEMORY_SIZE) {
    throw invalid(`${what} ${formatAddress(address)} + ${length} bytes runs past $FFFF`)
  }
}

/** Adds a range issue to a zod object schema whose parsed value has `address` and `length`. */
export function rangeCheck(value: { address: number; length: number }, ctx: z.RefinementCtx): void {
  if (value.address + value.length > MEMORY_SIZE) {
    ctx.addIssue({
      code: "custom",
      path: ["length"],
      message: `${formatAddress(value.address)} + ${value.length} bytes runs past $FFFF`,
    })
  }
}

