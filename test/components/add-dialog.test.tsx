import { afterEach, describe, expect, it } from "vitest"
import { renderApp, type Harness } from "../tui/app-harness.tsx"

let app: Harness
afterEach(async () => {
  await app.destroy()
})

describe("the add dialog", () => {
  it("types q into the title instead of quitting", async () => {
    app = await renderApp()
    let quit = false
    void app.services.controller.quitRequested.then(() => (quit = true))
    await app.press("a")
    const frame = await app.type("quarterly q review")
    expect(frame).toContain("quarterly q review")
    await app.press("RETURN")
    await app.settle()
    expect(quit).toBe(false)
    expect(app.store.getState().tasks.map((t) => t.title)).toEqual(["quarterly q review"])
  })

  it("does not run single-letter commands typed into any field", async () => {
    app = await renderApp({ tasks: [{ title: "Keep me" }] })
    await app.press("a")
    await app.type("dx?1")
    const frame = await app.render()
    expect(frame).toContain("dx?1")
    expect(frame).not.toContain("Keys (")
    expect(app.services.ui.getState().view).toBe("list")
    expect(app.store.getState().tasks.map((t) => t.status)).toEqual(["todo"])
  })

  it("moves between fields with Tab and sets the priority with the arrow keys", async () => {
    app = await renderApp()
    await app.press("a")
    await app.type("Ship release")
    await app.press("TAB")
    await app.type("Tag and publish")
    await app.press("TAB")
    await app.press("ARROW_RIGHT")
    let frame = await app.press("ARROW_RIGHT")
    expect(frame).toContain("‹ medium ›")
    await app.press("TAB")
    await app.type("site")
    await app.press("TAB")
    await app.type("release, web")
    await app.press("TAB")
    await app.type("+2d")
    await app.press("TAB")
    await app.type("45m")
    frame = await app.press("RETURN")
    await app.settle()
    expect(app.store.getState().tasks[0]).toMatchObject({
      title: "Ship release",
      description: "Tag and publish",
      priority: "medium",
      project: "site",
      tags: ["release", "web"],
      dueDate: "2026-03-12",
      estimateMinutes: 45,
    })
  })

  it("saves text typed and Enter pressed in one burst, before any re-render", async () => {
    app = await renderApp()
    await app.press("a")
    await app.burst([..."Burst task", "TAB", ..."notes", "RETURN"])
    await app.settle()
    expect(app.store.getState().tasks.map((t) => [t.title, t.description])).toEqual([["Burst task", "notes"]])
  })

  it("keeps the dialog open and says what is wrong when the title is empty", async () => {
    app = await renderApp()
    await app.press("a")
    const frame = await app.press("RETURN")
    expect(frame).toContain("Add task")
    expect(frame).toContain("A title is needed")
  })

  it("closes with Escape without adding anything", async () => {
    app = await renderApp()
    await app.press("a")
    await app.type("Never mind")
    const frame = await app.press("ESCAPE")
    expect(frame).not.toContain("Add task")
    await app.settle()
    expect(app.store.getState().tasks).toEqual([])
  })

  it("pops only the top dialog of the stack with Escape", async () => {
    app = await renderApp()
    app.services.ui.getState().openDialog({ kind: "help", scopes: [] })
    app.services.ui.getState().openDialog({ kind: "search" })
    let frame = await app.render()
    expect(frame).toContain("Search")
    frame = await app.press("ESCAPE")
    expect(frame).toContain("Keys (")
    frame = await app.press("ESCAPE")
    expect(frame).not.toContain("Keys (")
  })
})

describe("quick add in the add dialog", () => {
  it("shows what the title's tokens set before Enter, then stores them as fields", async () => {
    app = await renderApp()
    let frame = await app.press("a")
    expect(frame).toContain("due:<date> +tag @project !high")
    frame = await app.type("Call mom due:fri +family @home !high")
    // FIXED_NOW is Tuesday 10 March 2026: fri is the 13th.
    expect(frame).toContain("→ due 2026-03-13 · #family · @home · !high")
    await app.press("RETURN")
    await app.settle()
    expect(app.store.getState().tasks[0]).toMatchObject({ title: "Call mom", dueDate: "2026-03-13", tags: ["family"], project: "home", priority: "high" })
  })

  it("keeps a backslashed token in the title and says why a due date is refused", async () => {
    app = await renderApp()
    await app.press("a")
    let frame = await app.type("Vote \\+1 due:someday")
    expect(frame).toContain("'someday' is not a date")
    await app.press("RETURN")
    expect(app.store.getState().tasks).toHaveLength(0)
    for (let i = 0; i < " due:someday".length; i++) await app.press("BACKSPACE")
    frame = await app.render()
    expect(frame).not.toContain("is not a date")
    await app.press("RETURN")
    await app.settle()
    expect(app.store.getState().tasks.map((t) => t.title)).toEqual(["Vote +1"])
  })
})
