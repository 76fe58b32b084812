import { afterEach, describe, expect, it } from "vitest"
import { renderApp, type Harness } from "../tui/app-harness.tsx"

let app: Harness
afterEach(async () => {
  await app.destroy()
})

async function calendar(width = 120, height = 40) {
  app = await renderApp({
    width,
    height,
    tasks: [
      { title: "Dentist", dueDate: "2026-03-10" },
      { title: "Tax return", dueDate: "2026-03-20", priority: "high" },
      { title: "Pay rent", dueDate: "2026-04-01" },
    ],
  })
  return app.press("3")
}

describe("the calendar screen", () => {
  it("shows the month grid with tasks on their due dates and today selected", async () => {
    const frame = await calendar()
    expect(frame).toContain("March 2026")
    expect(frame).toMatch(/Mon\s+Tue\s+Wed/)
    expect(frame).toContain("[10]•")
    expect(frame).toContain("○ Dentist")
    expect(frame).toContain("○ Tax retu")
    expect(frame).toContain("2026-03-10")
  })

  it("moves by day with h/l, by week with j/k, by month with H/L, and back to today with t", async () => {
    await calendar()
    expect(await app.press("l")).toContain("[11]")
    expect(await app.press("j")).toContain("[18]")
    expect(await app.press("k")).toContain("[11]")
    expect(await app.press("h")).toContain("[10]")
    let frame = await app.press("L")
    expect(frame).toContain("April 2026")
    expect(frame).toContain("○ Pay rent")
    frame = await app.press("H")
    expect(frame).toContain("March 2026")
    await app.press("H")
    frame = await app.press("t")
    expect(frame).toContain("March 2026")
    expect(frame).toContain("[10]•")
  })

  it("adds a task due on the selected day with a", async () => {
    await calendar()
    await app.press("l")
    await app.press("l")
    let frame = await app.press("a")
    expect(frame).toContain("2026-03-12")
    await app.type("Call plumber")
    await app.press("RETURN")
    await app.settle()
    expect(app.store.getState().tasks.find((t) => t.title === "Call plumber")?.dueDate).toBe("2026-03-12")
    frame = await app.render()
    expect(frame).toContain("○   Call plumber")
  })

  it("lists the selected day's tasks, which Tab focuses for task keys", async () => {
    await calendar()
    await app.press("TAB")
    const frame = await app.press("d")
    expect(frame).toMatch(/› ✓\s+Dentist/)
    await app.settle()
    expect(app.store.getState().tasks.find((t) => t.title === "Dentist")?.status).toBe("done")
  })

  it("fits the grid and the day's tasks into 80×24", async () => {
    const frame = await calendar(80, 24)
    expect(frame).toContain("March 2026")
    expect(frame).toContain("○ Dentist")
    expect(frame.split("\n").filter((l) => l.length > 0).length).toBeLessThanOrEqual(24)
  })
})
