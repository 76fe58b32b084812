// Today's local date for the CLI, without asking the JavaScript engine for local time: its first
// local-time question loads ICU's time zone support, ~8 ms of a ~25 ms `tsk list` (measured in a
// fresh process; TZ=UTC changes nothing). The offset of the local zone is asked the engine's way
// once and kept in TSK_HOME (.local-zone.json) with the stretch of time it holds for: from the
// moment it was measured until the zone next changes offset (a DST change), found within a day, or
// a day at most; and only for the same zone (TZ, what /etc/localtime points to, the ICU of this
// Bun, whose data holds the zones' rules). A later command in that stretch adds the offset to UTC.
// The file is only a cache: when it is missing, unreadable or for another zone, the engine answers.
import { lstatSync, readFileSync, readlinkSync, renameSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { formatLocalDate } from "../domain/local-date.ts"

const CACHE_FILE = ".local-zone.json"
const DAY_MS = 86_400_000

export interface ZoneWindow {
  zone: string
  /** Minutes east of UTC (the opposite of Date's getTimezoneOffset). */
  offset: number
  from: number
  until: number
}

/** Minutes east of UTC at an instant, the engine's way (loads ICU's zones on first use). */
export type OffsetAt = (ms: number) => number
const engineOffsetAt: OffsetAt = (ms) => -new Date(ms).getTimezoneOffset()

/** What names the local zone now: TZ, and /etc/localtime (a link to a zone, or a copy of one). */
export function zoneKey(env: NodeJS.ProcessEnv = process.env): string {
  let system = "none"
  try {
    const stat = lstatSync("/etc/localtime")
    system = stat.isSymbolicLink() ? `-> ${readlinkSync("/etc/localtime")}` : `${stat.ino}:${stat.size}:${stat.mtimeMs}`
  } catch {
    // no /etc/localtime (Windows, a bare container): TZ alone, or UTC
  }
  return JSON.stringify([env.TZ ?? null, system, process.versions.icu ?? null, process.versions.bun ?? null])
}

/**
 * The stretch from `now` in which the local offset stays what it is at `now`: up to the instant it
 * changes within the next day (to the second), or a day.
 */
export function measureZone(zone: string, now: number, offsetAt: OffsetAt = engineOffsetAt): ZoneWindow {
  const offset = offsetAt(now)
  let until = now + DAY_MS
  if (offsetAt(until) !== offset) {
    // The change lies between now (the old offset) and until (the new one): halve to a second.
    let low = now
    while (until - low > 1000) {
      const middle = low + Math.floor((until - low) / 2)
      if (offsetAt(middle) === offset) low = middle
      else until = middle
    }
  }
  return { zone, offset, from: now, until }
}

/** The calendar date at `now` where the clock is `offset` minutes east of UTC. */
function dateAt(offset: number, now: number): string {
  const shifted = new Date(now + offset * 60_000)
  return formatLocalDate({ year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() })
}

/** The local calendar date at `now` when `window` is for this zone and holds then; else null. */
export function dateInWindow(window: ZoneWindow, zone: string, now: number): string | null {
  return window.zone === zone && now >= window.from && now < window.until ? dateAt(window.offset, now) : null
}

function readWindow(home: string): ZoneWindow | null {
  try {
    const value = JSON.parse(readFileSync(join(home, CACHE_FILE), "utf8")) as ZoneWindow
    const numbers = [value.offset, value.from, value.until]
    return typeof value.zone === "string" && numbers.every(Number.isFinite) && Math.abs(value.offset) <= 24 * 60 ? value : null
  } catch {
    return null
  }
}

function writeWindow(home: string, window: ZoneWindow): void {
  const target = join(home, CACHE_FILE)
  const temp = `${target}.tmp-${process.pid}-${Math.random().toString(16).slice(2, 10)}`
  try {
    writeFileSync(temp, JSON.stringify(window), { mode: 0o600 })
    renameSync(temp, target)
  } catch {
    // A cache that cannot be written (no home yet, read-only) only means the engine answers next time.
  }
}

/** Today's local date in `home`'s process (see the top of this file). */
export function localToday(home: string, now = Date.now(), env: NodeJS.ProcessEnv = process.env, offsetAt: OffsetAt = engineOffsetAt): string {
  const zone = zoneKey(env)
  const cached = readWindow(home)
  const date = cached && dateInWindow(cached, zone, now)
  if (date) return date
  const window = measureZone(zone, now, offsetAt)
  writeWindow(home, window)
  return dateAt(window.offset, now)
}
