import { afterEach, describe, expect, it } from "vitest"
import { lineWith, renderApp, type Harness } from "../tui/app-harness.tsx"

let app: Harness
afterEach(async () => {
  await app.destroy()
})

const statusOf = (title: string) => app.store.getState().tasks.find((t) => t.title === title)!.status

describe("status from the List", () => {
  it("s starts the selected task and s again stops it", async () => {
    app = await renderApp({ tasks: [{ title: "Plan sprint 14" }, { title: "Buy milk" }] })
    let frame = await app.press("s")
    expect(lineWith(frame, "Plan sprint 14")).toMatch(/› ◐\s+Plan sprint 14/)
    await app.settle()
    expect(statusOf("Plan sprint 14")).toBe("in_progress")
    frame = await app.press("s")
    await app.settle()
    expect(statusOf("Plan sprint 14")).toBe("todo")
    expect(statusOf("Buy milk")).toBe("todo")
    frame = await app.press("u")
    await app.settle()
    expect(statusOf("Plan sprint 14")).toBe("in_progress")
  })

  it("O cycles the sort order (s starts tasks now, S syncs)", async () => {
    app = await renderApp({ tasks: [{ title: "Alpha" }] })
    const frame = await app.press("O")
    expect(frame).toContain("sort:priority")
    expect(statusOf("Alpha")).toBe("todo")
  })

  it("L moves the task on a status and H back, as on the Board", async () => {
    app = await renderApp({ tasks: [{ title: "Write notes" }] })
    app.services.ui.getState().set({ statusFilter: "all" })
    await app.press("L")
    await app.settle()
    expect(statusOf("Write notes")).toBe("in_progress")
    await app.press("L")
    await app.settle()
    expect(statusOf("Write notes")).toBe("done")
    await app.press("L")
    await app.settle()
    expect(statusOf("Write notes")).toBe("done")
    await app.press("H")
    await app.settle()
    expect(statusOf("Write notes")).toBe("in_progress")
  })

  it("the edit dialog has a status field stepped with the arrow keys", async () => {
    app = await renderApp({ tasks: [{ title: "Ship it" }] })
    let frame = await app.press("e")
    expect(frame).toContain("Status")
    // Shift+Tab from the title wraps to the last field, the status.
    await app.press("TAB", { shift: true })
    frame = await app.press("ARROW_RIGHT")
    expect(frame).toContain("‹ in progress ›")
    await app.press("RETURN")
    await app.settle()
    expect(statusOf("Ship it")).toBe("in_progress")
    await app.press("u")
    await app.settle()
    expect(statusOf("Ship it")).toBe("todo")
  })
})

describe("the List opens on open tasks", () => {
  it("d hides the task it marks done and the cursor goes on to the next one; Esc keeps open tasks", async () => {
    app = await renderApp({ tasks: [{ title: "First" }, { title: "Second" }, { title: "Old", status: "done" }] })
    let frame = await app.render()
    expect(frame).not.toContain("Old")
    expect(frame).toContain("filter:open")
    frame = await app.press("d")
    expect(frame).not.toMatch(/│[^│]*First/)
    expect(frame).toMatch(/│›[^│]*Second/)
    await app.settle()
    expect(statusOf("First")).toBe("done")
    frame = await app.press("ESCAPE")
    expect(frame).toContain("filter:open")
  })
})
