import { describe, expect, it } from "vitest"
import { addDays, addMonths, daysBetween, localDateOf, parseDateInput, parseLocalDate, weekdayIndex } from "../../src/domain/local-date.ts"

describe("local calendar dates", () => {
  it("rejects impossible dates", () => {
    expect(parseLocalDate("2026-02-29")).toBeNull()
    expect(parseLocalDate("2028-02-29")).not.toBeNull()
    expect(parseLocalDate("2026-13-01")).toBeNull()
    expect(parseLocalDate("26-1-1")).toBeNull()
  })

  it("adds days across month and year ends", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01")
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28")
  })

  it("clamps month arithmetic to the end of shorter months", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28")
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29")
    expect(addMonths("2026-02-28", 1, 31)).toBe("2026-03-31")
  })

  it("counts days and weekdays without a time zone", () => {
    expect(daysBetween("2026-03-28", "2026-03-30")).toBe(2)
    expect(weekdayIndex("2026-11-23")).toBe(0) // a Monday
  })

  it("parses what people type relative to today", () => {
    expect(parseDateInput("today", "2026-11-22")).toBe("2026-11-22")
    expect(parseDateInput("tomorrow", "2026-11-22")).toBe("2026-11-23")
    expect(parseDateInput("+3d", "2026-11-22")).toBe("2026-11-25")
    expect(parseDateInput("+2w", "2026-11-22")).toBe("2026-12-06")
    expect(parseDateInput("monday", "2026-11-22")).toBe("2026-11-23")
    expect(parseDateInput("sun", "2026-11-22")).toBe("2026-11-29")
    expect(parseDateInput("2027-01-05", "2026-11-22")).toBe("2027-01-05")
  })

  it("explains a date it cannot read", () => {
    expect(() => parseDateInput("someday", "2026-11-22")).toThrow(/not a date/)
    expect(() => parseDateInput("2026-02-30", "2026-11-22")).toThrow(/not a date/)
  })

  it("takes today from the local clock, not UTC", () => {
    // 23:30 local on the 22nd is already the 23rd in UTC for zones west of UTC, and the
    // reverse for zones east; whatever TZ this runs in, the local date is what counts.
    const instant = new Date(2026, 10, 22, 23, 30)
    expect(localDateOf(instant)).toBe("2026-11-22")
    const early = new Date(2026, 10, 22, 0, 15)
    expect(localDateOf(early)).toBe("2026-11-22")
  })
})
