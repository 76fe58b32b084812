import { afterEach, describe, expect, it } from "vitest"
import { rmSync } from "node:fs"
import { createAppStore } from "../../src/store/app-store.ts"
import { createTuiServices } from "../../src/tui/tui-services.ts"
import { makeHome } from "./app-harness.tsx"
import { runTskJson } from "../helpers/run-tsk.ts"

const homes: string[] = []
afterEach(() => {
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true })
})

async function setup() {
  const home = makeHome()
  homes.push(home)
  const store = createAppStore({ home })
  const [report, milk] = await store.getState().addTasks([{ title: "Write report" }, { title: "Buy milk" }])
  const services = createTuiServices({ store, env: {} })
  const { intents } = services.controller.context
  const other = createAppStore({ home }) // another process writing the same home
  return { store, services, intents, other, report: report!, milk: milk! }
}

describe("task intents", () => {
  it("undoes a status change by setting the old status back, keeping another writer's change", async () => {
    const { store, intents, other, report, milk } = await setup()
    await intents.setStatus([report.id], "done")
    await other.getState().updateTask(milk.id, { title: "Buy oat milk" })
    await intents.undo()
    await store.getState().reload()
    const byId = new Map(store.getState().tasks.map((t) => [t.id, t]))
    expect(byId.get(report.id)?.status).toBe("todo")
    expect(byId.get(milk.id)?.title).toBe("Buy oat milk")
  })

  it("undoes an edit by writing back only the fields it changed", async () => {
    const { store, intents, other, report } = await setup()
    await intents.updateTasks([report.id], { priority: "high" }, "changed the priority of")
    await other.getState().updateTask(report.id, { title: "Write the report" })
    await intents.undo()
    await store.getState().reload()
    expect(store.getState().tasks.find((t) => t.id === report.id)).toMatchObject({ priority: "none", title: "Write the report" })
  })

  it("undoes a delete by restoring the deleted tasks, subtasks included, and redoes it", async () => {
    const { store, intents, report } = await setup()
    await store.getState().addTask({ title: "Outline", parentId: report.id })
    await intents.deleteTasks([report.id])
    expect(store.getState().tasks.map((t) => t.title)).toEqual(["Buy milk"])
    await intents.undo()
    expect(store.getState().tasks.map((t) => t.title).sort()).toEqual(["Buy milk", "Outline", "Write report"])
    await intents.redo()
    expect(store.getState().tasks.map((t) => t.title)).toEqual(["Buy milk"])
  })

  it("undoes an add by deleting the new task, and redo brings the same task back", async () => {
    const { store, intents } = await setup()
    const created = await intents.addTask({ title: "Call Sam" })
    await intents.undo()
    expect(store.getState().tasks.some((t) => t.id === created!.id)).toBe(false)
    await intents.redo()
    expect(store.getState().tasks.some((t) => t.id === created!.id)).toBe(true)
  })

  it("refuses to undo an add when another process added a subtask and a note to it, and says so", async () => {
    const { store, services, intents } = await setup()
    const created = (await intents.addTask({ title: "Plan trip" }))!
    const home = store.getState().home
    runTskJson(home, ["add", "Book train", "--parent", created.id.slice(0, 8)])
    runTskJson(home, ["note", created.id.slice(0, 8), "from the CLI"])
    await intents.undo()
    await store.getState().reload()
    const titles = store.getState().tasks.map((t) => t.title)
    expect(titles).toContain("Plan trip")
    expect(titles).toContain("Book train")
    expect(store.getState().tasks.find((t) => t.id === created.id)!.notes.map((n) => n.content)).toEqual(["from the CLI"])
    expect(services.ui.getState().toasts.at(-1)).toMatchObject({ kind: "error" })
    expect(services.ui.getState().toasts.at(-1)!.message).toMatch(/cannot undo adding 'Plan trip': another process added 1 subtask, 1 note/)
  })

  it("refuses to undo an edit when another process changed the same field again", async () => {
    const { store, services, intents, other, report } = await setup()
    await intents.updateTasks([report.id], { priority: "high" }, "changed the priority")
    await other.getState().updateTask(report.id, { priority: "low" })
    await intents.undo()
    await store.getState().reload()
    expect(store.getState().tasks.find((t) => t.id === report.id)!.priority).toBe("low")
    expect(services.ui.getState().toasts.at(-1)!.message).toMatch(/another process changed priority again/)
  })

  it("undoes a delete with the blocker links the delete removed", async () => {
    const { store, intents, report, milk } = await setup()
    await store.getState().setBlocked(milk.id, report.id, true)
    await intents.deleteTasks([report.id])
    expect(store.getState().tasks.find((t) => t.id === milk.id)!.blockedBy).toEqual([])
    await intents.undo()
    expect(store.getState().tasks.find((t) => t.id === milk.id)!.blockedBy).toEqual([report.id])
  })

  it("reports a failed change as an error toast instead of throwing", async () => {
    const { services, intents, report, other } = await setup()
    await other.getState().deleteTask(report.id)
    await intents.setStatus([report.id], "done")
    expect(services.ui.getState().toasts.at(-1)).toMatchObject({ kind: "error" })
    services.controller.dispose()
  })

  it("shows a change at once and drops the pending overlay when it is written", async () => {
    const { services, intents, report } = await setup()
    const write = intents.setStatus([report.id], "done")
    expect(services.ui.getState().pending).toHaveLength(1)
    await write
    expect(services.ui.getState().pending).toHaveLength(0)
  })

  it("starts a change's write only once its frame is drawn, and each write after the one before", async () => {
    const home = makeHome()
    homes.push(home)
    const store = createAppStore({ home })
    const [report, milk] = await store.getState().addTasks([{ title: "Write report" }, { title: "Buy milk" }])
    // The frame is "drawn" when the test says so.
    const paints: Array<() => void> = []
    const afterPaint = () => new Promise<void>((resolve) => paints.push(resolve))
    const services = createTuiServices({ store, env: {}, afterPaint })
    const { intents } = services.controller.context
    const started: string[] = []
    const setStatus = store.getState().setStatus
    store.setState({ setStatus: (id, status) => (started.push(id), setStatus(id, status)) })
    const first = intents.setStatus([report!.id], "done")
    const second = intents.setStatus([milk!.id], "done")
    // Both show at once; neither write has started.
    expect(services.ui.getState().pending).toHaveLength(2)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(started).toEqual([])
    expect(paints).toHaveLength(1) // the second waits for the first to finish, not only for its frame
    paints.shift()!()
    await first
    expect(started).toEqual([report!.id])
    await new Promise((resolve) => setTimeout(resolve, 0))
    paints.shift()!()
    await second
    expect(started).toEqual([report!.id, milk!.id])
    const onDisk = createAppStore({ home })
    await onDisk.getState().reload()
    expect(onDisk.getState().tasks.map((t) => t.status)).toEqual(["done", "done"])
  })

  it("undo right after a change, before its write is done, undoes that change", async () => {
    const { store, intents, report } = await setup()
    const write = intents.setStatus([report.id], "done")
    const undo = intents.undo()
    await Promise.all([write, undo])
    await store.getState().reload()
    expect(store.getState().tasks.find((t) => t.id === report.id)!.status).toBe("todo")
  })
})
