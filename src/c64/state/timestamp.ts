// c64bridge timestamps: written as UTC `YYYY-MM-DDTHH-mm-ssZ` (dashes instead of colons so the same
// string can name a file on any system); ISO strings written by other tools are accepted on read.
// c64bridge's own MCP server writes ISO strings (`toISOString()`) and reads every stamp with
// `new Date()`, which cannot read the spec's style: a registry it created keeps the ISO style.
const SPEC_FORMAT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2})-(\d{2})-(\d{2})Z$/

const pad = (n: number, width = 2) => String(n).padStart(width, "0")

/** `2025-10-27T11-42-03Z` for an epoch-ms instant (sub-second part dropped, as the spec has none). */
export function formatTimestamp(ms: number): string {
  const d = new Date(ms)
  return (
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}-${pad(d.getUTCMinutes())}-${pad(d.getUTCSeconds())}Z`
  )
}

/** Epoch ms of a spec or ISO timestamp, or null when the text is neither. */
export function parseTimestamp(text: string): number | null {
  const spec = SPEC_FORMAT.exec(text)
  if (spec) {
    const [, y, mo, d, h, mi, s] = spec.map(Number) as [number, number, number, number, number, number, number]
    const ms = Date.UTC(y, mo - 1, d, h, mi, s)
    // Date.UTC rolls 2025-02-30 over into March; a real timestamp survives the round trip.
    return formatTimestamp(ms) === text ? ms : null
  }
  // Only ISO-like strings: a bare number or a sentence must not pass as a date.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text)) return null
  const ms = Date.parse(text)
  return Number.isNaN(ms) ? null : ms
}

export function isTimestamp(text: string): boolean {
  return parseTimestamp(text) !== null
}

/** `spec` (`2025-10-27T11-42-03Z`) or `iso` (`2025-10-27T11:42:03.000Z`, as c64bridge writes). */
export type TimestampStyle = "spec" | "iso"

export function timestampStyleOf(text: string): TimestampStyle {
  return SPEC_FORMAT.test(text) || parseTimestamp(text) === null ? "spec" : "iso"
}

export function formatTimestampAs(ms: number, style: TimestampStyle): string {
  return style === "iso" ? new Date(ms).toISOString() : formatTimestamp(ms)
}

/** The same instant in `style`; text that is not a timestamp is returned unchanged. */
export function restamp(text: string, style: TimestampStyle): string {
  if (timestampStyleOf(text) === style) return text
  const ms = parseTimestamp(text)
  return ms === null ? text : formatTimestampAs(ms, style)
}
