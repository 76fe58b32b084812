import { afterEach, describe, expect, it } from "vitest"
import { renderApp, type Harness } from "../tui/app-harness.tsx"

let app: Harness
afterEach(async () => {
  await app.destroy()
})

const idOf = (title: string) => app.store.getState().tasks.find((t) => t.title === title)!.id
const selectedTitle = () => app.store.getState().tasks.find((t) => t.id === app.services.ui.getState().selectedId)?.title

describe("one selection across views", () => {
  it("the Board opens on the task selected in the List, and the List on the card selected on the Board", async () => {
    app = await renderApp({ tasks: [{ title: "Buy milk", status: "done" }, { title: "Write notes" }, { title: "Plan sprint 14", status: "in_progress" }, { title: "Ship it", status: "in_progress" }] })
    await app.press("G")
    expect(selectedTitle()).toBe("Ship it")
    await app.press("k")
    await app.press("2")
    const ui = app.services.ui.getState()
    expect(ui.boardColumn).toBe(1)
    expect(ui.boardSelected[1]).toBe(idOf("Plan sprint 14"))
    // On the Board, the next card; back in the List it is selected.
    await app.press("h")
    await app.press("1")
    expect(selectedTitle()).toBe("Write notes")
    const frame = await app.render()
    expect(frame).toMatch(/│›[^│]*Write notes/)
  })

  it("the Calendar opens on the selected task's due day, and the Monitor keeps the selection for the next view", async () => {
    app = await renderApp({ tasks: [{ title: "No date" }, { title: "Dentist", dueDate: "2026-04-02" }] })
    await app.press("j")
    await app.press("3")
    expect(app.services.ui.getState().calendarDate).toBe("2026-04-02")
    expect(app.services.ui.getState().daySelectedId).toBe(idOf("Dentist"))
    await app.press("4")
    await app.press("2")
    expect(app.services.ui.getState().boardSelected[0]).toBe(idOf("Dentist"))
    await app.press("1")
    expect(selectedTitle()).toBe("Dentist")
  })

  it("the List opens a collapsed parent to show the task selected on the Board", async () => {
    app = await renderApp({ tasks: [{ title: "Parent" }] })
    await app.store.getState().addTask({ title: "Child", parentId: idOf("Parent"), status: "in_progress" })
    await app.render()
    await app.press("h")
    expect(app.services.ui.getState().collapsed.has(idOf("Parent"))).toBe(true)
    await app.press("2")
    await app.press("l")
    await app.press("1")
    expect(app.services.ui.getState().collapsed.has(idOf("Parent"))).toBe(false)
    expect(await app.render()).toMatch(/│›[^│]*Child/)
  })
})

describe("the selection stays put", () => {
  it("stays on the task found by a search after Esc clears the search", async () => {
    app = await renderApp({ tasks: [{ title: "Fix login" }, { title: "Write notes" }, { title: "Buy milk" }] })
    await app.press("/")
    await app.type("milk")
    await app.press("RETURN")
    let frame = await app.press("ESCAPE")
    expect(frame).toContain("Fix login")
    expect(frame).toMatch(/│›[^│]*Buy milk/)
    expect(frame).not.toMatch(/│›[^│]*Fix login/)
  })

  it("stays on the row the cursor moved to under a search, after Esc", async () => {
    app = await renderApp({ tasks: [{ title: "Fix a" }, { title: "Other" }, { title: "Fix b" }] })
    await app.press("/")
    await app.type("fix")
    await app.press("RETURN")
    await app.press("j")
    const frame = await app.press("ESCAPE")
    expect(frame).toMatch(/│›[^│]*Fix b/)
  })

  it("says so when a task added under a filter is hidden by it, and how to show it", async () => {
    app = await renderApp({ tasks: [{ title: "Done already" }] })
    await app.press("/")
    await app.type("already")
    await app.press("RETURN")
    await app.press("a")
    await app.type("Call mom")
    await app.press("RETURN")
    const frame = await app.waitForFrame((f) => f.includes("hidden by"))
    expect(frame).toContain("Added 'Call mom', hidden by filter:open /already: Esc twice clears the filter")
    await app.press("ESCAPE")
    const after = await app.press("ESCAPE")
    expect(after).toMatch(/│›[^│]*Call mom/)
  })
})
