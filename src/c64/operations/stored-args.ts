// Parsed arguments back to the JSON the registry keeps, in the spec's style (`"$0400"`, 256), so
// that parsing the stored form again (on resume, or by another tool) gives the same values.
import { formatAddress } from "./memory-args.ts"

const ADDRESS_KEYS = new Set(["address", "start", "end"])

export function toStoredArgs(parsed: Record<string, unknown>): Record<string, unknown> {
  const stored: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(parsed)) {
    if (value === undefined) continue
    if (value instanceof Uint8Array) stored[key] = Buffer.from(value).toString("hex").toUpperCase()
    else if (typeof value === "number" && ADDRESS_KEYS.has(key)) stored[key] = formatAddress(value)
    else stored[key] = value
  }
  return stored
}
