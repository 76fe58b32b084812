import { afterEach, describe, expect, it } from "vitest"
import { act } from "react"
import { MAX_DEPTH } from "../../src/domain/task-constants.ts"
import { KEYMAP } from "../../src/tui/keymap.ts"
import { paletteOptions } from "../../components/dialogs/palette-dialog.tsx"
import { helpLines } from "../../components/dialogs/help-dialog.tsx"
import { lineWith, renderApp, type Harness } from "../tui/app-harness.tsx"

let app: Harness | null = null
afterEach(async () => {
  await app?.destroy()
  app = null
})

const PAGE_DOWN = "\u001b[6~"
const PAGE_UP = "\u001b[5~"
const many = (n: number) => Array.from({ length: n }, (_, i) => ({ title: `Task ${String(i + 1).padStart(2, "0")}` }))
const cursorRow = (frame: string) => lineWith(frame, "›")

describe("page keys", () => {
  it("PgDn/PgUp and Ctrl+D/Ctrl+U move the list a page (the pane's height)", async () => {
    app = await renderApp({ tasks: many(60), height: 24 })
    const size = app.services.ui.getState().pageSize
    expect(size).toBeGreaterThan(10)
    let frame = await app.press(PAGE_DOWN)
    expect(cursorRow(frame)).toContain(`Task ${String(1 + size).padStart(2, "0")}`)
    frame = await app.press("d", { ctrl: true })
    expect(cursorRow(frame)).toContain(`Task ${String(1 + 2 * size).padStart(2, "0")}`)
    frame = await app.press("u", { ctrl: true })
    frame = await app.press(PAGE_UP)
    expect(cursorRow(frame)).toContain("Task 01")
  })

  it("PgDn pages the help", async () => {
    app = await renderApp({ height: 24 })
    let frame = await app.press("?")
    const before = frame.match(/Keys \((\d+)-/)![1]
    frame = await app.press(PAGE_DOWN)
    expect(frame.match(/Keys \((\d+)-/)![1]).not.toBe(before)
    frame = await app.press("u", { ctrl: true })
    expect(frame.match(/Keys \((\d+)-/)![1]).toBe(before)
  })
})

describe("help", () => {
  it("opens on the current view's keys first", async () => {
    app = await renderApp()
    let frame = await app.press("2")
    frame = await app.press("?")
    const body = frame.split("\n").filter((line) => line.includes("│"))
    expect(body.find((line) => /│(Board|Everywhere|Selected)/.test(line))).toMatch(/│Board/)
    expect(helpLines(["app", "calendar", "global"])[0]!.text).toBe("Calendar")
  })

  it("/ searches the help; Esc clears the search, then closes", async () => {
    app = await renderApp()
    await app.press("?")
    await app.press("/")
    let frame = await app.type("redo")
    expect(frame).toContain("Ctrl+R")
    expect(frame).not.toContain("move down")
    frame = await app.press("ESCAPE")
    expect(frame).toContain("Keys (")
    expect(frame).toContain("move down")
    frame = await app.press("ESCAPE")
    expect(frame).not.toContain("Keys (")
  })
})

describe("Esc, Enter and a lone Esc", () => {
  it("Esc clears an active search and filter", async () => {
    app = await renderApp({ tasks: [{ title: "Fix login" }, { title: "Buy milk" }] })
    await app.press("/")
    await app.type("milk")
    await app.press("RETURN")
    await app.press("f")
    await app.press("ARROW_RIGHT")
    let frame = await app.press("RETURN")
    expect(frame).toContain("filter:todo /milk")
    frame = await app.press("ESCAPE")
    expect(frame).toContain("filter:open sort:order")
    expect(frame).toMatch(/○\s+Fix login/)
  })

  it("Enter on a task without subtasks opens its detail; Esc comes back to the list", async () => {
    app = await renderApp({ tasks: [{ title: "Leaf task", description: "The detail text" }] })
    let frame = await app.press("RETURN")
    expect(app.services.ui.getState().pane).toBe(1)
    expect(frame).toContain("The detail text")
    frame = await app.press("ESCAPE")
    expect(app.services.ui.getState().pane).toBe(0)
  })

  it("reads Esc then j (which a terminal sends as Alt+j) as the two keys: help closes and j moves", async () => {
    app = await renderApp({ tasks: [{ title: "First" }, { title: "Second" }] })
    await app.press("?")
    const frame = await app.press("\u001bj")
    expect(frame).not.toContain("Keys (")
    expect(cursorRow(frame)).toContain("Second")
  })
})

describe("the command palette", () => {
  it("lists every action of the keymap table with its key", () => {
    const options = paletteOptions(["app", "list", "task", "global"])
    const actions = new Set(options.map((o) => o.value))
    for (const b of KEYMAP) if (b.scope !== "dialog") expect(actions.has(b.action), b.action).toBe(true)
    // Actions first (a palette is for them), movement after.
    expect(options[0]!.label).toMatch(/^Enter\s+expand \/ collapse subtasks/)
    const firstMove = options.findIndex((o) => o.value === "list.down")
    expect(options.slice(firstMove).every((o) => /\.(down|up|left|right|top|bottom|page\w+|prev\w+|next\w+|today)$/.test(o.value))).toBe(true)
  })

  it(": opens it, typing filters, Enter runs the action", async () => {
    app = await renderApp({ tasks: [{ title: "Alpha" }] })
    let frame = await app.press(":")
    expect(frame).toContain("Commands")
    await app.type("board view")
    frame = await app.press("RETURN")
    expect(app.services.ui.getState().view).toBe("board")
    expect(frame).not.toContain("Commands")
  })
})

describe("refusals and pickers", () => {
  it(`refuses a subtask past level ${MAX_DEPTH} before the dialog opens`, async () => {
    app = await renderApp({ tasks: [{ title: "Level 1" }] })
    const one = app.store.getState().tasks[0]!
    const two = await app.store.getState().addTask({ title: "Level 2", parentId: one.id })
    await app.store.getState().addTask({ title: "Level 3", parentId: two.id })
    await app.render()
    await app.press("G")
    const frame = await app.press("A")
    expect(frame).not.toContain("Add subtask")
    expect(frame).toContain(`Subtasks nest at most ${MAX_DEPTH} levels`)
    expect(app.services.ui.getState().messages.at(-1)!.message).toBe(`Subtasks nest at most ${MAX_DEPTH} levels; 'Level 3' is already at level ${MAX_DEPTH}`)
  })

  it("starts the tag filter afresh after Enter (home, then errand, gives two tags)", async () => {
    app = await renderApp({ tasks: [{ title: "Chores" }] })
    await app.press("t")
    await app.type("home")
    await app.press(" ")
    await app.type("errand")
    const frame = await app.render()
    expect(frame).not.toContain("homeerrand")
    await app.press("RETURN")
    await app.settle()
    expect(app.store.getState().tasks[0]!.tags).toEqual(["home", "errand"])
  })
})

describe("words", () => {
  it("says what undo undid: 'Undone: changed the priority of X', 'Undone: edited X'", async () => {
    app = await renderApp({ tasks: [{ title: "Report" }] })
    await act(async () => {
      await app!.services.controller.context.intents.updateTasks([app!.store.getState().tasks[0]!.id], { priority: "high" }, "changed the priority of")
    })
    await app.press("u")
    await app.settle()
    expect(app.services.ui.getState().messages.at(-1)!.message).toBe("Undone: changed the priority of 'Report'")
    await app.press("e")
    await app.type(" v2")
    await app.press("RETURN")
    await app.settle()
    await app.press("u")
    await app.settle()
    expect(app.services.ui.getState().messages.at(-1)!.message).toBe("Undone: edited 'Report'")
  })

  it("says a note is not undone, and u after it names the older change it undoes", async () => {
    app = await renderApp({ tasks: [{ title: "Older" }, { title: "Noted" }] })
    await act(async () => {
      await app!.services.controller.context.intents.updateTasks([app!.store.getState().tasks[0]!.id], { priority: "low" }, "changed the priority of")
    })
    await app.press("j")
    await app.press("n")
    await app.type("a note")
    await app.press("RETURN")
    await app.settle()
    expect(app.services.ui.getState().messages.at(-1)!.message).toBe("Note added to 'Noted' (u does not undo notes)")
    await app.press("u")
    await app.settle()
    expect(app.services.ui.getState().messages.at(-1)!.message).toBe("Undone: changed the priority of 'Older'")
  })

  it("does not say 'Press a to add one' in read-only mode", async () => {
    const { writeFileSync } = await import("node:fs")
    const { join } = await import("node:path")
    const { makeHome } = await import("../tui/app-harness.tsx")
    const home = makeHome()
    writeFileSync(join(home, "tasks.json"), "{ not json")
    app = await renderApp({ home })
    expect(app.frame()).toContain("READ-ONLY")
    expect(app.frame()).not.toContain("Press a")
  })
})

describe("Alt keys in a text field", () => {
  it("keeps the field's own Alt keys (Alt+b moves a word back): the add dialog stays open", async () => {
    app = await renderApp()
    await app.press("a")
    await app.type("Title")
    const frame = await app.press("\u001bb")
    expect(frame).toContain("Add task")
  })

  it("reads Esc then j typed in a field as the two keys: the dialog closes and j moves", async () => {
    app = await renderApp({ tasks: [{ title: "First" }, { title: "Second" }] })
    await app.press("a")
    await app.type("Half")
    const frame = await app.press("\u001bj")
    expect(frame).not.toContain("Add task")
    expect(cursorRow(frame)).toContain("Second")
  })
})
