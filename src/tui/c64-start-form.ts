// The "new background read" form as typed, and its conversion into a start request with a clear
// error for the first bad field. Nothing is written until every field is good.
import { MEMORY_SIZE, formatAddress, parseAddressText } from "../c64/operations/memory-text.ts"
import { formatInterval, parseInterval } from "../c64/interval-text.ts"

export const C64_START_FIELDS = ["address", "length", "interval", "count"] as const
export type C64StartField = (typeof C64_START_FIELDS)[number]

export type C64StartFormValues = Record<C64StartField, string>

export const DEFAULT_C64_START_FORM: C64StartFormValues = { address: "$0400", length: "256", interval: "1s", count: "" }

export interface C64ReadRequest {
  address: number
  length: number
  everyMs: number
  /** null: until stopped. */
  count: number | null
}

export type C64StartFormResult = { ok: true; request: C64ReadRequest } | { ok: false; field: C64StartField; error: string }

const WHOLE = /^\s*\d+\s*$/

function fail(field: C64StartField, error: string): C64StartFormResult {
  return { ok: false, field, error }
}

export function parseC64StartForm(values: C64StartFormValues): C64StartFormResult {
  const address = parseAddressText(values.address)
  if (address === null) return fail("address", `Address '${values.address.trim()}' is not an address: use $0400, 0x0400 or 1024`)
  if (address > 0xffff) return fail("address", `Address ${values.address.trim()} is outside the C64's memory ($0000-$FFFF)`)
  if (!WHOLE.test(values.length) || Number(values.length) <= 0) return fail("length", `Length '${values.length.trim()}' must be a whole number of bytes above 0`)
  const length = Number(values.length)
  if (length > MEMORY_SIZE) return fail("length", `Length ${length} is over 64 KiB (65536 bytes)`)
  if (address + length > MEMORY_SIZE) return fail("length", `${formatAddress(address)} + ${length} bytes runs past $FFFF`)
  let everyMs: number
  try {
    everyMs = parseInterval(values.interval)
  } catch (error) {
    return fail("interval", `Interval: ${error instanceof Error ? error.message : String(error)}`)
  }
  let count: number | null = null
  if (values.count.trim() !== "") {
    if (!WHOLE.test(values.count) || Number(values.count) <= 0) return fail("count", `Count '${values.count.trim()}' must be a whole number above 0, or empty for no limit`)
    count = Number(values.count)
  }
  return { ok: true, request: { address, length, everyMs, count } }
}

/** The `c64-start` payload for a read, as an agent would send it. */
export function readStartPayload(request: C64ReadRequest): Record<string, unknown> {
  return {
    operation: "read",
    args: { address: formatAddress(request.address), length: request.length },
    intervalMs: request.everyMs,
    ...(request.count !== null ? { count: request.count } : {}),
  }
}

/** "$0400 (256 bytes) every 1s, 10 times". */
export function describeReadRequest(request: C64ReadRequest): string {
  const times = request.count !== null ? `, ${request.count} time${request.count === 1 ? "" : "s"}` : ""
  return `${formatAddress(request.address)} (${request.length} bytes) every ${formatInterval(request.everyMs)}${times}`
}
