import { afterEach, describe, expect, it } from "vitest"
import { join } from "node:path"
import { lineWith, renderApp, type Harness } from "../tui/app-harness.tsx"
import { tryLock, unlock } from "../../src/store/file-lock.ts"
import { createAppStore } from "../../src/store/app-store.ts"
import { TskError } from "../../src/domain/errors.ts"

let app: Harness
afterEach(async () => {
  await app.destroy()
})

const titles = () => app.store.getState().tasks.map((t) => t.title)
const task = (title: string) => app.store.getState().tasks.find((t) => t.title === title)!

async function withTasks() {
  app = await renderApp({ tasks: [{ title: "Write report", project: "work", tags: ["q1"] }, { title: "Buy milk" }, { title: "Call Sam" }] })
  // Done tasks stay in the list (it opens on open tasks), so these tests see the rows d changes.
  app.services.ui.getState().set({ statusFilter: "all" })
  await app.render()
}

describe("keys on the selected task", () => {
  it("d updates the row immediately, before the write is on disk", async () => {
    await withTasks()
    // Another process holds the tasks lock, so the write cannot land before the frame is taken.
    const held = tryLock(join(app.home, "tasks.json"))!
    const frame = await app.press("d")
    expect(lineWith(frame, "Write report")).toMatch(/› ✓\s+Write report/)
    expect(task("Write report").status).toBe("todo")
    unlock(held)
    await app.settle()
    expect(task("Write report").status).toBe("done")
  })

  it("d on a row whose write fails puts the row back as it is on disk and says why", async () => {
    await withTasks()
    let fail: (error: Error) => void = () => {}
    const writing = new Promise<void>((started) => {
      app.store.setState({ setStatus: () => new Promise((_, reject) => ((fail = reject), started())) })
    })
    let frame = await app.press("d")
    expect(lineWith(frame, "Write report")).toMatch(/› ✓\s+Write report/)
    await writing
    fail(new TskError("conflict", "the disk is full"))
    await app.settle()
    frame = await app.render()
    expect(lineWith(frame, "Write report")).toMatch(/› ○\s+Write report/)
    expect(frame).toContain("the disk is full")
    expect(task("Write report").status).toBe("todo")
  })

  it("keys pressed while a write waits for the lock all show at once and all reach the disk, in order", async () => {
    await withTasks()
    const held = tryLock(join(app.home, "tasks.json"))!
    const frame = await app.burst(["d", "j", "d", "j", "d", "u"])
    // The screen shows all three at once; u comes after them and undoes the last.
    const onScreen = titles().map((t) => frame.includes(`✓   ${t}`))
    const inMemory = titles().map((t) => task(t).status)
    unlock(held)
    expect(onScreen).toEqual([true, true, true])
    expect(inMemory).toEqual(["todo", "todo", "todo"])
    await app.settle()
    const onDisk = createAppStore({ home: app.home })
    await onDisk.getState().reload()
    expect(onDisk.getState().tasks.map((t) => `${t.title}: ${t.status}`)).toEqual(["Write report: done", "Buy milk: done", "Call Sam: todo"])
  })

  it("d on a done task marks it to do again", async () => {
    await withTasks()
    await app.press("d")
    await app.settle()
    const frame = await app.press("d")
    expect(lineWith(frame, "Write report")).toMatch(/› ○\s+Write report/)
    await app.settle()
    expect(task("Write report").status).toBe("todo")
  })

  it("x asks first; Escape keeps the task and Enter deletes it", async () => {
    await withTasks()
    let frame = await app.press("x")
    expect(frame).toContain("Delete 'Write report'?")
    frame = await app.press("ESCAPE")
    expect(frame).not.toContain("Delete 'Write report'?")
    await app.press("x")
    frame = await app.press("RETURN")
    expect(frame).not.toMatch(/○\s+Write report/)
    await app.settle()
    expect(titles()).toEqual(["Buy milk", "Call Sam"])
  })

  it("u undoes the last change and Ctrl+R redoes it", async () => {
    await withTasks()
    await app.press("x")
    await app.press("y")
    await app.settle()
    let frame = await app.press("u")
    await app.settle()
    expect(titles()).toContain("Write report")
    frame = await app.render()
    expect(frame).toContain("Undone: deleted 'Write report'")
    await app.press("r", { ctrl: true })
    await app.settle()
    expect(titles()).not.toContain("Write report")
  })

  it("e edits the task in the form, saving only what changed", async () => {
    await withTasks()
    let frame = await app.press("e")
    expect(frame).toContain("Edit task")
    expect(frame).toContain("Write report")
    await app.type(" v2")
    frame = await app.press("RETURN")
    await app.settle()
    expect(task("Write report v2")).toMatchObject({ project: "work", tags: ["q1"] })
  })

  it("A adds a subtask under the selected task and leaves the selection on the parent, so A again adds a sibling", async () => {
    await withTasks()
    let frame = await app.press("A")
    expect(frame).toContain("Add subtask")
    expect(frame).toContain("under 'Write report'")
    await app.type("Outline")
    await app.press("RETURN")
    await app.settle()
    expect(task("Outline").parentId).toBe(task("Write report").id)
    frame = await app.render()
    expect(frame).toMatch(/│    ○\s+Outline/)
    expect(lineWith(frame, "Write report")).toMatch(/│›/)
    frame = await app.press("A")
    expect(frame).toContain("under 'Write report'")
    await app.type("Draft")
    await app.press("RETURN")
    await app.settle()
    expect(task("Draft").parentId).toBe(task("Write report").id)
  })

  it("! picks a priority, starting from the task's own", async () => {
    await withTasks()
    let frame = await app.press("!")
    expect(frame).toMatch(/│› none/)
    await app.press("k")
    frame = await app.press("k")
    expect(frame).toMatch(/│› medium/)
    await app.press("RETURN")
    await app.settle()
    expect(task("Write report").priority).toBe("medium")
  })

  it("p picks a project or creates a new one by typing its name", async () => {
    await withTasks()
    await app.press("j")
    let frame = await app.press("p")
    expect(frame).toContain("work (1 open)")
    frame = await app.type("home")
    expect(frame).toContain("+ create project 'home'")
    await app.press("RETURN")
    await app.settle()
    expect(task("Buy milk").project).toBe("home")
  })

  it("p takes a project name typed and chosen in one burst", async () => {
    await withTasks()
    await app.press("p")
    await app.burst([..."garden", "RETURN"])
    await app.settle()
    expect(task("Write report").project).toBe("garden")
  })

  it("n keeps a note typed and saved in one burst", async () => {
    await withTasks()
    await app.press("n")
    await app.burst([..."Call back", "RETURN"])
    await app.settle()
    expect(task("Write report").notes.map((n) => n.content)).toEqual(["Call back"])
  })

  it("t: Space checks and unchecks tags, creating new ones; Enter applies them", async () => {
    await withTasks()
    let frame = await app.press("t")
    expect(frame).toContain("[x] #q1")
    frame = await app.press(" ")
    expect(frame).toContain("[ ] #q1")
    expect(task("Write report").tags).toEqual(["q1"])
    await app.type("urgent-fix")
    frame = await app.press("RETURN")
    expect(frame).not.toContain("Tags ")
    await app.settle()
    expect(task("Write report").tags).toEqual(["urgent-fix"])
    await app.press("u")
    await app.settle()
    expect(task("Write report").tags).toEqual(["q1"])
  })

  it("t then Esc leaves the tags as they were", async () => {
    await withTasks()
    await app.press("t")
    await app.press(" ")
    await app.type("new-tag")
    await app.press(" ")
    const frame = await app.press("ESCAPE")
    expect(frame).not.toContain("Tags ")
    await app.settle()
    expect(task("Write report").tags).toEqual(["q1"])
  })

  it("D sets the due date from words like tomorrow, and shows an error for nonsense", async () => {
    await withTasks()
    await app.press("D")
    let frame = await app.type("someday")
    frame = await app.press("RETURN")
    expect(frame).toContain("is not a date")
    for (let i = 0; i < "someday".length; i++) await app.press("BACKSPACE")
    await app.type("tomorrow")
    await app.press("RETURN")
    await app.settle()
    expect(task("Write report").dueDate).toBe("2026-03-11")
  })

  it("n adds a note shown in the detail panel", async () => {
    await withTasks()
    await app.press("n")
    await app.type("Ask finance for Q1 numbers")
    await app.press("RETURN")
    await app.settle()
    expect(task("Write report").notes.map((n) => n.content)).toEqual(["Ask finance for Q1 numbers"])
    expect(await app.render()).toContain("Ask finance for Q1 numbers")
  })

  it("T starts the timer, shown in the header, and stops it", async () => {
    await withTasks()
    await app.press("T")
    await app.settle()
    expect(task("Write report").timeEntries).toHaveLength(1)
    expect(lineWith(await app.render(), "tsk")).toMatch(/⏱ 00:00:00 Write report/)
    await app.press("T")
    await app.settle()
    expect(task("Write report").timeEntries[0]!.end).not.toBeNull()
  })

  it("v selects several rows; d marks them all done and u undoes them together", async () => {
    await withTasks()
    let frame = await app.press("v")
    expect(frame).toContain("VISUAL")
    frame = await app.press("j")
    expect(lineWith(frame, "Write report")).toMatch(/\*/)
    await app.press("d")
    await app.settle()
    expect(app.store.getState().tasks.map((t) => t.status)).toEqual(["done", "done", "todo"])
    expect(app.frame()).toContain("NORMAL")
    await app.press("u")
    await app.settle()
    expect(app.store.getState().tasks.map((t) => t.status)).toEqual(["todo", "todo", "todo"])
  })

  it("v then x deletes the selected rows after one confirmation", async () => {
    await withTasks()
    await app.press("v")
    await app.press("G")
    const frame = await app.press("x")
    expect(frame).toContain("Delete 3 tasks?")
    await app.press("RETURN")
    await app.settle()
    expect(titles()).toEqual([])
  })
})
