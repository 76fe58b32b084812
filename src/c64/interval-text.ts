// Intervals as people write and read them: `500ms`, `1s`, `90s`, `1h30m`. A bare number is refused
// because `--every 5` could mean milliseconds (c64bridge's intervalMs) or seconds just as well.
import { parseDuration } from "../domain/duration.ts"
import { invalid } from "../domain/errors.ts"

export function parseInterval(text: string): number {
  if (/^\s*\d+(\.\d+)?\s*$/.test(text)) throw invalid(`'${text}' needs a unit: use forms like 500ms, 1s, 90s, 1h30m`)
  const ms = parseDuration(text)
  if (!(ms > 0)) throw invalid(`the interval must be above 0 ms (got '${text}')`)
  return ms
}

/** 1000 → `1s`, 500 → `500ms`, 90000 → `1m30s`, 5400000 → `1h30m`. */
export function formatInterval(ms: number): string {
  if (ms < 1000 || ms % 1000 !== 0) return `${ms}ms`
  let seconds = ms / 1000
  const hours = Math.floor(seconds / 3600)
  seconds -= hours * 3600
  const minutes = Math.floor(seconds / 60)
  seconds -= minutes * 60
  return [hours ? `${hours}h` : "", minutes ? `${minutes}m` : "", seconds ? `${seconds}s` : ""].join("")
}
