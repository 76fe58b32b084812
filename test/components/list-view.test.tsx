import { afterEach, describe, expect, it } from "vitest"
import { lineWith, renderApp, type Harness } from "../tui/app-harness.tsx"

let app: Harness
afterEach(async () => {
  await app.destroy()
})

async function withTree() {
  app = await renderApp({
    tasks: [
      { title: "Write report", priority: "urgent", project: "work", tags: ["q1"], dueDate: "2026-03-08", description: "Quarterly numbers for the board" },
      { title: "Buy milk", priority: "low", dueDate: "2026-03-10" },
      { title: "Plan trip" },
    ],
  })
  const [report, , trip] = app.store.getState().tasks
  const flights = await app.store.getState().addTask({ title: "Book flights", parentId: trip!.id })
  await app.store.getState().addTask({ title: "Book hotel", parentId: trip!.id })
  await app.store.getState().setStatus(flights.id, "done")
  await app.store.getState().setBlocked(trip!.id, report!.id, true)
  await app.store.getState().addNote(report!.id, "Numbers from finance arrive Monday", "claude-code")
  await app.store.getState().logTime(report!.id, 90 * 60_000)
  // Done tasks too (the List opens on open tasks).
  app.services.ui.getState().set({ statusFilter: "all" })
  return app.render()
}

describe("the list screen", () => {
  it("shows the tree with status glyphs, priority marks, due, overdue, project and tags", async () => {
    const frame = await withTree()
    expect(lineWith(frame, "Write report")).toMatch(/› ○ ! Write report\s+2d late @work #q1/)
    expect(lineWith(frame, "Buy milk")).toMatch(/○ ↓ Buy milk\s+today/)
  })

  it("indents subtasks under their parent with the parent's progress and a lock while blocked", async () => {
    const frame = await withTree()
    expect(lineWith(frame, "Plan trip")).toMatch(/▾○\s+Plan trip\s+🔒 \[1\/2\]/)
    expect(lineWith(frame, "Book flights")).toMatch(/│ {4}✓\s+Book flights/)
    expect(lineWith(frame, "Book hotel")).toMatch(/│ {4}○\s+Book hotel/)
  })

  it("shows every field of the selected task in the detail panel, with notes and time entries", async () => {
    const frame = await withTree()
    for (const text of ["priority  urgent", "project   work", "tags      #q1", "due       2026-03-08 (2d late)", "Quarterly numbers for the board", "Notes (1)", "claude-code", "Numbers from finance arrive", "Time entries (1)", "1h 30m"]) {
      expect(frame).toContain(text)
    }
  })

  it("shows who holds a claimed task and how long the lease runs, in its row and in the detail panel", async () => {
    await withTree()
    const [report] = app.store.getState().tasks
    await app.store.getState().claimTask(report!.id, "claude")
    const frame = await app.render()
    // Before the due date, the project and the tags, which give way first where the row is short.
    expect(lineWith(frame, "Write report")).toMatch(/› ◐ ! Write report\s+\(claude 30m\) 2d late( @work)?( #q1)?( …)?│/)
    expect(lineWith(frame, "Buy milk")).not.toContain("(")
    expect(frame).toContain("assignee  claude · lease 30m left")
  })

  it("shows blockers and subtasks of the selected task", async () => {
    await withTree()
    await app.press("G")
    await app.press("k")
    const frame = await app.press("k")
    expect(lineWith(frame, "Detail")).toContain("Detail")
    expect(frame).toContain("Blocked by 🔒")
    expect(frame).toContain("Subtasks 1/2")
    expect(frame).toMatch(/✓ Book flights/)
  })

  it("moves with j and k, jumps with g and G, and by a page (the pane's height) with J and K", async () => {
    app = await renderApp({ tasks: Array.from({ length: 70 }, (_, i) => ({ title: `Task ${String(i).padStart(2, "0")}` })) })
    const page = app.services.ui.getState().pageSize
    const row = (n: number) => `› ○   Task ${String(n).padStart(2, "0")}`
    expect(page).toBeGreaterThan(20)
    expect(await app.press("j")).toContain(row(1))
    expect(await app.press("ARROW_DOWN")).toContain(row(2))
    expect(await app.press("J")).toContain(row(2 + page))
    expect(await app.press("k")).toContain(row(1 + page))
    expect(await app.press("K")).toContain(row(1))
    expect(await app.press("G")).toContain(row(69))
    expect(await app.press("g")).toContain("› ○   Task 00")
  })

  it("collapses with h, expands with l, toggles with Enter, and h on a subtask goes to its parent", async () => {
    await withTree()
    await app.press("G")
    let frame = await app.press("h")
    expect(lineWith(frame, "›")).toContain("Plan trip")
    const hotelRow = /│ {4}○\s+Book hotel/
    frame = await app.press("h")
    expect(frame).not.toMatch(hotelRow)
    expect(frame).toMatch(/›▸○\s+Plan trip/)
    frame = await app.press("l")
    expect(frame).toMatch(hotelRow)
    frame = await app.press("RETURN")
    expect(frame).not.toMatch(hotelRow)
  })

  it("draws only the rows that fit and scrolls to keep the cursor on screen", async () => {
    app = await renderApp({ height: 20, tasks: Array.from({ length: 300 }, (_, i) => ({ title: `Task ${i}` })) })
    let frame = app.frame()
    expect(frame).toContain("Task 0 ")
    expect(frame).not.toContain("Task 100 ")
    frame = await app.press("G")
    expect(frame).toContain("› ○   Task 299")
    expect(frame).not.toContain("Task 0 ")
    expect(frame).toContain("Tasks 300/300")
  })

  it("draws the list and the detail as one text each: a full screen of rows adds no renderables", async () => {
    // Each text renderable costs a few tenths of a millisecond to create; at 10,000 tasks the first
    // frame created one per row and per detail line (~70).
    app = await renderApp({ tasks: [{ title: "Only", description: "One line" }] })
    const few = app.renderableCounts()
    await app.destroy()
    const tasks = Array.from({ length: 60 }, (_, i) => ({ title: `Task ${i}`, description: `Line one of ${i}\nLine two\nLine three` }))
    app = await renderApp({ tasks })
    const frame = app.frame()
    expect(frame).toContain("Task 0")
    expect(frame).toContain("Task 20")
    expect(app.renderableCounts()).toEqual(few)
  })

  it("a click on a row of a scrolled list selects that row", async () => {
    app = await renderApp({ tasks: Array.from({ length: 60 }, (_, i) => ({ title: `Task ${i}` })) })
    await app.press("G")
    const frame = app.frame()
    const y = frame.split("\n").findIndex((line) => line.includes("Task 50 "))
    expect(y).toBeGreaterThan(0)
    await app.click(10, y)
    expect(lineWith(app.frame(), "›")).toContain("Task 50")
  })

  it("says how to start when there are no tasks", async () => {
    app = await renderApp()
    expect(app.frame()).toContain("No tasks yet. Press a to add one.")
  })
})
