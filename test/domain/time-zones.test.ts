// Due dates and recurrence are local calendar dates: the same instant is a different "today" west
// and east of UTC, and the arithmetic must not drift by a day in either.
import { afterEach, describe, expect, it } from "vitest"
import { localDateOf, parseDateInput } from "../../src/domain/local-date.ts"
import { setStatus } from "../../src/domain/task-operations.ts"
import { isOverdue } from "../../src/domain/task-query.ts"
import { fixedContext, makeTask } from "../helpers/task-fixtures.ts"

const originalTz = process.env.TZ
afterEach(() => {
  process.env.TZ = originalTz
})

// 05:30 UTC on the 23rd: still the 22nd in Los Angeles (UTC-8), already evening of the 23rd in
// Kiritimati (UTC+14).
const INSTANT = "2026-11-23T05:30:00.000Z"

describe.each([
  { tz: "America/Los_Angeles", today: "2026-11-22" },
  { tz: "Pacific/Pago_Pago", today: "2026-11-22" },
  { tz: "UTC", today: "2026-11-23" },
  { tz: "Asia/Tokyo", today: "2026-11-23" },
  { tz: "Pacific/Kiritimati", today: "2026-11-23" },
])("in $tz", ({ tz, today }) => {
  it("takes today from the local calendar", () => {
    process.env.TZ = tz
    expect(localDateOf(new Date(INSTANT))).toBe(today)
  })

  it("resolves 'tomorrow' to the local next day", () => {
    process.env.TZ = tz
    const local = localDateOf(new Date(INSTANT))
    expect(parseDateInput("tomorrow", local)).toBe(today === "2026-11-22" ? "2026-11-23" : "2026-11-24")
  })

  it("schedules a daily task without a due date for the local tomorrow", () => {
    process.env.TZ = tz
    const task = makeTask({ id: "r", recurrence: { frequency: "daily", interval: 1 } })
    const next = setStatus([task], "r", "done", fixedContext(INSTANT)).tasks.find((t) => t.id !== "r")!
    expect(next.dueDate).toBe(today === "2026-11-22" ? "2026-11-23" : "2026-11-24")
  })

  it("keeps a monthly recurrence on its calendar day across DST changes", () => {
    process.env.TZ = tz
    const task = makeTask({ id: "r", dueDate: "2026-03-08", recurrence: { frequency: "monthly", interval: 1 } })
    const next = setStatus([task], "r", "done", fixedContext(INSTANT)).tasks.find((t) => t.id !== "r")!
    expect(next.dueDate).toBe("2026-04-08")
  })

  it("calls a task due on the local yesterday overdue and one due today not", () => {
    process.env.TZ = tz
    const local = localDateOf(new Date(INSTANT))
    expect(isOverdue(makeTask({ id: "a", dueDate: "2026-11-21" }), local)).toBe(true)
    expect(isOverdue(makeTask({ id: "b", dueDate: today }), local)).toBe(false)
  })
})
