import { invalid } from "./errors.ts"

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }

/** The longest duration any command takes: 100 years, far below the largest safe integer of ms. */
export const MAX_DURATION_MS = 100 * 366 * 86_400_000

/** Parse `500ms`, `90s`, `1h30m`, `2d`, or a bare number of minutes (`45`), up to MAX_DURATION_MS. */
export function parseDuration(input: string, bareUnit: "ms" | "m" = "m"): number {
  return bounded(input, parseAnyDuration(input, bareUnit))
}

function bounded(input: string, ms: number): number {
  if (!Number.isSafeInteger(ms) || ms > MAX_DURATION_MS) throw invalid(`'${input}' is too long a duration: at most 100 years`)
  return ms
}

function parseAnyDuration(input: string, bareUnit: "ms" | "m"): number {
  const text = input.trim().toLowerCase()
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * UNIT_MS[bareUnit]!)
  const re = /(\d+(?:\.\d+)?)(ms|s|m|h|d)/g
  let total = 0
  let consumed = 0
  for (let match = re.exec(text); match; match = re.exec(text)) {
    if (match.index !== consumed) break
    total += Number(match[1]) * UNIT_MS[match[2]!]!
    consumed = match.index + match[0].length
  }
  if (consumed !== text.length || text.length === 0) {
    throw invalid(`'${input}' is not a duration: use forms like 500ms, 90s, 45m, 1h30m`)
  }
  return Math.round(total)
}

/** `1h 30m`, `45m`, `12s` — for people. */
export function formatDuration(ms: number): string {
  const totalSeconds = Math.floor(ms / 1000)
  const hours = Math.floor(totalSeconds / 3600)
  const minutes = Math.floor((totalSeconds % 3600) / 60)
  const seconds = totalSeconds % 60
  if (hours > 0) return minutes > 0 ? `${hours}h ${minutes}m` : `${hours}h`
  if (minutes > 0) return `${minutes}m`
  return `${seconds}s`
}

/** `01:02:03` for a running clock. */
export function formatClock(ms: number): string {
  const totalSeconds = Math.max(0, Math.floor(ms / 1000))
  const pad = (n: number) => String(n).padStart(2, "0")
  return `${pad(Math.floor(totalSeconds / 3600))}:${pad(Math.floor((totalSeconds % 3600) / 60))}:${pad(totalSeconds % 60)}`
}
