import { describe, expect, it } from "vitest"
import { NO_FACETS } from "../../src/tui/task-filter.ts"
import type { Task } from "../../src/domain/task.ts"
import { sameJson, taskView } from "../../src/tui/task-view.ts"
import { taskCounts } from "../../src/tui/task-counts.ts"
import { visibleRows, type RowOptions, type TaskRow } from "../../src/tui/visible-rows.ts"
import type { PendingChange } from "../../src/tui/ui-store.ts"
import { makeTask } from "../helpers/task-fixtures.ts"

const tasks: Task[] = [
  makeTask({ id: "p", title: "Plan trip", order: 1 }),
  makeTask({ id: "c1", title: "Book flights", parentId: "p", order: 2, status: "done" }),
  makeTask({ id: "c2", title: "Book hotel", parentId: "p", order: 3 }),
  makeTask({ id: "m", title: "Buy milk", order: 4, priority: "urgent" }),
  makeTask({ id: "z", title: "Zebra crossing", order: 5, dueDate: "2026-01-01" }),
]
const options: RowOptions = { statusFilter: "all", sort: "order", search: "", collapsed: new Set(), facets: NO_FACETS, today: "2026-03-10" }
const pending = (id: number, patches: Record<string, Partial<Task>>, deletedIds: string[] = []): PendingChange[] => [{ id, patches, deletedIds }]
/** The same tasks as new objects (the list read afresh), so nothing is reused from a memo. */
const fresh = (list: readonly Task[]) => JSON.parse(JSON.stringify(list)) as Task[]
const titlesOf = (rows: readonly TaskRow[]) => rows.map((r) => `${r.task.title}:${r.task.status}:${r.task.priority}`)

describe("taskView and the rows after a key's pending change", () => {
  it("keeps every other task's object and row, and shows the change", () => {
    const before = visibleRows(taskView(tasks, []), options).toArray()
    const view = taskView(tasks, pending(1, { m: { status: "done" } }))
    const after = visibleRows(view, options).toArray()
    expect(view.delta?.replaced.size).toBe(1)
    expect(after.find((r) => r.task.id === "m")?.task.status).toBe("done")
    for (const [i, row] of after.entries()) if (row.task.id !== "m") expect(row).toBe(before[i])
    expect(view.index.get("m")?.status).toBe("done")
    expect(view.index.get("p")).toBe(tasks[0])
  })

  it("gives the same rows and counts as a view built afresh, whatever the change does to the list", () => {
    const cases: Array<[Partial<RowOptions>, PendingChange[]]> = [
      [{}, pending(2, { c2: { status: "done" } })],
      [{ statusFilter: "open" }, pending(3, { m: { status: "done" } })], // leaves the filter
      [{ sort: "priority" }, pending(4, { z: { priority: "urgent" } })], // moves in the order
      [{ sort: "title" }, pending(5, { m: { title: "Aardvark" } })],
      [{ search: "book" }, pending(6, { m: { title: "Book a taxi" } })], // starts matching
      [{}, pending(7, { c1: { status: "todo" } }, ["z"])], // a delete
    ]
    for (const [over, change] of cases) {
      const rowOptions = { ...options, ...over }
      visibleRows(taskView(tasks, []), rowOptions).toArray()
      taskCounts(taskView(tasks, []), "2026-03-10")
      const incremental = taskView(tasks, change)
      const rows = titlesOf(visibleRows(incremental, rowOptions).toArray())
      const counts = taskCounts(incremental, "2026-03-10")
      // Built afresh: a list of new objects with the change applied by hand.
      const patched = fresh(tasks)
        .filter((t) => !change[0]!.deletedIds.includes(t.id))
        .map((t) => ({ ...t, ...change[0]!.patches[t.id] }))
      const afresh = taskView(patched, [])
      expect(rows).toEqual(titlesOf(visibleRows(afresh, rowOptions).toArray()))
      expect(counts).toEqual(taskCounts(afresh, "2026-03-10"))
    }
  })

  it("goes back to the store's own tasks when the pending change is dropped", () => {
    const base = taskView(tasks, [])
    taskView(tasks, pending(8, { m: { status: "done", priority: "low" } }))
    const back = taskView(tasks, [])
    expect(back.index.get("m")).toBe(tasks[3])
    expect(back.tasks).toEqual(base.tasks)
    expect(back.tasks.every((t, i) => t === tasks[i])).toBe(true)
  })

  it("after a write, keeps the objects of the tasks the write did not change", () => {
    const before = taskView(tasks, pending(9, { c2: { status: "done" } }))
    // The store's copy after its own write: the untouched tasks are the same objects.
    const written = tasks.map((t) => (t.id === "c2" ? { ...t, status: "done" as const, completedAt: "2026-03-10T12:00:00.000Z" } : t))
    const after = taskView(written, [])
    expect(after.delta?.replaced.size).toBe(1)
    expect(after.index.get("c2")?.completedAt).toBe("2026-03-10T12:00:00.000Z")
    for (const t of after.tasks) if (t.id !== "c2") expect(t).toBe(before.index.get(t.id))
  })

  it("builds afresh when tasks are added or re-parented", () => {
    taskView(tasks, [])
    const added = taskView([...tasks, makeTask({ id: "n", order: 6 })], [])
    expect(added.delta).toBeNull()
    expect(added.children.get(null)?.map((t) => t.id)).toEqual(["p", "m", "z", "n"])
    const moved = taskView(tasks, pending(10, { m: { parentId: "p" } }))
    expect(moved.children.get("p")?.map((t) => t.id)).toEqual(["c1", "c2", "m"])
  })
})

describe("sameJson", () => {
  it("compares JSON values deeply, keys in any order", () => {
    expect(sameJson({ a: [1, { b: null }], c: "x" }, { c: "x", a: [1, { b: null }] })).toBe(true)
    expect(sameJson({ a: [1, 2] }, { a: [2, 1] })).toBe(false)
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(false)
    expect(sameJson([], {})).toBe(false)
    expect(sameJson(null, {})).toBe(false)
  })
})
