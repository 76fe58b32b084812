// Today's local date from a cached offset (src/store/local-today.ts) must be the engine's answer,
// in every zone, across DST changes, and never an answer kept for another zone.
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { localDateOf } from "../../src/domain/local-date.ts"
import { dateInWindow, localToday, measureZone, primeLocalToday, zoneKey, type OffsetAt } from "../../src/store/local-today.ts"
import { makeTempHome } from "../helpers/temp-home.ts"

const originalTz = process.env.TZ
let home: string
let cleanup: () => void
beforeEach(() => ({ home, cleanup } = makeTempHome("tsk-local-today-")))
afterEach(() => {
  process.env.TZ = originalTz
  cleanup()
})

const HOUR = 3_600_000
const at = (iso: string) => Date.parse(iso)

/** The engine's offset, counting how often it is asked. */
function countingEngine(): { offsetAt: OffsetAt; calls: () => number } {
  let calls = 0
  return { offsetAt: (ms) => (calls++, -new Date(ms).getTimezoneOffset()), calls: () => calls }
}

describe("today's local date from the cached offset", () => {
  it.each(["America/Los_Angeles", "Pacific/Pago_Pago", "UTC", "Asia/Kolkata", "Asia/Tokyo", "Pacific/Kiritimati", "Australia/Lord_Howe"])(
    "is the engine's date in %s, measured once and then read from the cache",
    (tz) => {
      process.env.TZ = tz
      const engine = countingEngine()
      const start = at("2026-11-23T05:30:00.000Z")
      for (let t = start; t < start + 20 * HOUR; t += HOUR) expect(localToday(home, t, process.env, engine.offsetAt)).toBe(localDateOf(new Date(t)))
      // Two questions (now and a day later) when the offset holds all day; none after that.
      expect(engine.calls()).toBe(2)
    },
  )

  it("follows a DST change at local midnight (Santiago) to the second, and answers as the engine does on both sides", () => {
    process.env.TZ = "America/Santiago"
    // Chile leaves DST on the first Sunday of April, 2026-04-05 at 00:00 local (03:00 UTC): 23:00 again.
    const from = at("2026-04-04T00:00:00.000Z")
    for (let t = from; t < from + 48 * HOUR; t += 15 * 60_000) expect(localToday(home, t)).toBe(localDateOf(new Date(t)))
    const window = measureZone(zoneKey(), at("2026-04-04T12:00:00.000Z"))
    expect(window.until).toBe(at("2026-04-05T03:00:00.000Z"))
    expect(window.offset).toBe(-180)
    expect(dateInWindow(window, zoneKey(), window.until - 1)).toBe("2026-04-04")
    expect(dateInWindow(window, zoneKey(), window.until)).toBeNull()
  })

  it("measures again for another zone (TZ), a clock set back, or a cache that is not one", () => {
    process.env.TZ = "Asia/Tokyo"
    const now = at("2026-11-23T20:00:00.000Z")
    expect(localToday(home, now)).toBe("2026-11-24")
    process.env.TZ = "America/New_York"
    expect(localToday(home, now)).toBe("2026-11-23")
    expect(JSON.parse(readFileSync(join(home, ".local-zone.json"), "utf8")).zone).toContain("America/New_York")
    expect(localToday(home, now - 2 * 24 * HOUR)).toBe(localDateOf(new Date(now - 2 * 24 * HOUR)))
    for (const bad of ["", "{", '{"zone":1}', JSON.stringify({ zone: zoneKey(), offset: 99999, from: 0, until: Number.MAX_SAFE_INTEGER })]) {
      writeFileSync(join(home, ".local-zone.json"), bad)
      expect(localToday(home, now)).toBe("2026-11-23")
    }
  })

  it("never takes an offset kept for another zone, even inside its stretch", () => {
    const window = { zone: zoneKey({ TZ: "Asia/Tokyo" }), offset: 540, from: 0, until: Number.MAX_SAFE_INTEGER }
    expect(dateInWindow(window, zoneKey({ TZ: "Asia/Tokyo" }), at("2026-11-23T20:00:00.000Z"))).toBe("2026-11-24")
    expect(dateInWindow(window, zoneKey({ TZ: "UTC" }), at("2026-11-23T20:00:00.000Z"))).toBeNull()
    expect(dateInWindow(window, zoneKey({}), at("2026-11-23T20:00:00.000Z"))).toBeNull()
  })

  it("answers where the cache cannot be written (no home yet), and makes no home for it", () => {
    process.env.TZ = "Asia/Tokyo"
    const now = at("2026-11-23T20:00:00.000Z")
    expect(localToday(join(home, "not-yet"), now)).toBe("2026-11-24")
    expect(existsSync(join(home, "not-yet"))).toBe(false)
  })
})

describe("today's local date read ahead (primeLocalToday)", () => {
  it("gives the date localToday gives, from what it read, and follows a later change of zone", async () => {
    process.env.TZ = "Asia/Tokyo"
    const now = at("2026-11-23T20:00:00.000Z")
    expect(localToday(home, now)).toBe("2026-11-24")
    await primeLocalToday(home)
    const engine = countingEngine()
    expect(localToday(home, now, process.env, engine.offsetAt)).toBe("2026-11-24")
    expect(engine.calls()).toBe(0)
    // Read ahead for another zone or home: not used.
    process.env.TZ = "America/New_York"
    expect(localToday(home, now)).toBe("2026-11-23")
    await primeLocalToday(home)
    expect(localToday(home, now)).toBe("2026-11-23")
    expect(localToday(join(home, "elsewhere"), now)).toBe("2026-11-23")
    // The key read ahead is the key read synchronously.
    expect(JSON.parse(readFileSync(join(home, ".local-zone.json"), "utf8")).zone).toBe(zoneKey())
  })
})
