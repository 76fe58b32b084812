// Today's local date for the CLI, without asking the JavaScript engine for local time: its first
// local-time question loads ICU's time zone support, ~8 ms of a ~25 ms `tsk list` (measured in a
// fresh process; TZ=UTC changes nothing). The offset of the local zone is asked the engine's way
// once and kept in TSK_HOME (.local-zone.json) with the stretch of time it holds for: from the
// moment it was measured until the zone next changes offset (a DST change), found within a day, or
// a day at most; and only for the same zone (TZ, the file /etc/localtime is or links to, the ICU of
// this Bun, whose data holds the zones' rules). A later command in that stretch adds the offset to
// UTC. The file is only a cache: when it is missing, unreadable or for another zone, the engine
// answers. A command that lists tasks reads the key and the cache ahead, through Bun's file API
// (primeLocalToday), so that it needs no node:fs for its dates (~2.5 ms: see build-dist.ts).
import { statSync } from "node:fs"
import { formatLocalDate } from "../domain/local-date.ts"
import { readCacheText, readCacheTextSync } from "./bun-files.ts"
import { homePaths } from "./paths.ts"
import { writeCacheFileSync } from "./atomic-file.ts"

const cacheFile = (home: string) => homePaths(home).localZone
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

const LOCALTIME = "/etc/localtime"

/**
 * What names the local zone now: TZ, and the file /etc/localtime is or links to (another link,
 * a new copy or new zone data is another file), or none (Windows, a bare container).
 */
export function zoneKey(env: NodeJS.ProcessEnv = process.env): string {
  let system: LocaltimeFile | null = null
  try {
    system = statSync(LOCALTIME)
  } catch {
    // no /etc/localtime: TZ alone, or UTC
  }
  return keyOf(env, system)
}

type LocaltimeFile = { ino: number; size: number; mtimeMs: number }

function keyOf(env: NodeJS.ProcessEnv, system: LocaltimeFile | null): string {
  const file = system ? `${system.ino}:${system.size}:${system.mtimeMs}` : "none"
  return JSON.stringify([env.TZ ?? null, file, process.versions.icu ?? null, process.versions.bun ?? null])
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
  return parseWindow(readCacheTextSync(cacheFile(home)))
}

function parseWindow(text: string | null): ZoneWindow | null {
  try {
    const value = JSON.parse(text ?? "") as ZoneWindow
    const numbers = [value.offset, value.from, value.until]
    return typeof value.zone === "string" && numbers.every(Number.isFinite) && Math.abs(value.offset) <= 24 * 60 ? value : null
  } catch {
    return null
  }
}

function writeWindow(home: string, window: ZoneWindow): void {
  // A cache that cannot be written (no home yet, read-only) only means the engine answers next time.
  writeCacheFileSync(cacheFile(home), JSON.stringify(window))
}

/** The key and the cache as primeLocalToday read them, for `home` and `tz`. */
let primed: { home: string; tz: string | undefined; zone: string; window: ZoneWindow | null } | undefined

/** Reads what localToday(home) needs through Bun's file API, ahead (see the top of this file). */
export async function primeLocalToday(home: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const [system, text] = await Promise.all([Bun.file(LOCALTIME).stat().catch(() => null), readCacheText(cacheFile(home))])
  primed = { home, tz: env.TZ, zone: keyOf(env, system), window: parseWindow(text) }
}

/** Today's local date in `home`'s process (see the top of this file). */
export function localToday(home: string, now = Date.now(), env: NodeJS.ProcessEnv = process.env, offsetAt: OffsetAt = engineOffsetAt): string {
  const ready = primed !== undefined && primed.home === home && primed.tz === env.TZ ? primed : undefined
  const zone = ready ? ready.zone : zoneKey(env)
  const cached = ready ? ready.window : readWindow(home)
  const date = cached && dateInWindow(cached, zone, now)
  if (date) return date
  const window = measureZone(zone, now, offsetAt)
  writeWindow(home, window)
  if (ready) ready.window = window
  return dateAt(window.offset, now)
}
