import { describe, expect, it } from "vitest"
import { NO_FACETS } from "../../src/tui/task-filter.ts"
import { taskView } from "../../src/tui/task-view.ts"
import { selectedRowIndex, visibleRows, type RowOptions } from "../../src/tui/visible-rows.ts"
import { makeTask } from "../helpers/task-fixtures.ts"

const tasks = [
  makeTask({ id: "p", title: "Plan trip", order: 1 }),
  makeTask({ id: "c1", title: "Book flights", parentId: "p", order: 2, status: "done" }),
  makeTask({ id: "c2", title: "Book hotel", parentId: "p", order: 3 }),
  makeTask({ id: "g", title: "Compare hotels", parentId: "c2", order: 4, tags: ["web"] }),
  makeTask({ id: "m", title: "Buy milk", order: 5, priority: "urgent" }),
  makeTask({ id: "old", title: "Old idea", order: 6, status: "archived" }),
]
const options: RowOptions = { statusFilter: "all", sort: "order", search: "", collapsed: new Set(), facets: NO_FACETS, today: "2026-03-10" }
const rowsOf = (over: Partial<RowOptions> = {}) => visibleRows(taskView(tasks, []), { ...options, ...over }).map((r) => `${"  ".repeat(r.depth)}${r.task.title}`)

describe("visibleRows", () => {
  it("lists the tree depth-first with subtasks under their parent, archived left out", () => {
    expect(rowsOf()).toEqual(["Plan trip", "  Book flights", "  Book hotel", "    Compare hotels", "Buy milk"])
  })

  it("leaves out the subtree of a collapsed task", () => {
    expect(rowsOf({ collapsed: new Set(["p"]) })).toEqual(["Plan trip", "Buy milk"])
  })

  it("keeps the parents of a match so it stays in its place in the tree", () => {
    expect(rowsOf({ search: "web" })).toEqual(["Plan trip", "  Book hotel", "    Compare hotels"])
  })

  it("filters by status", () => {
    expect(rowsOf({ statusFilter: "done" })).toEqual(["Plan trip", "  Book flights"])
    expect(rowsOf({ statusFilter: "archived" })).toEqual(["Old idea"])
  })

  it("sorts siblings by the chosen key", () => {
    expect(rowsOf({ sort: "priority", collapsed: new Set(["p"]) })).toEqual(["Buy milk", "Plan trip"])
  })

  it("marks parents as expanded or collapsed", () => {
    const rows = visibleRows(taskView(tasks, []), { ...options, collapsed: new Set(["c2"]) })
    expect(rows.find((r) => r.task.id === "p")).toMatchObject({ hasChildren: true, expanded: true })
    expect(rows.find((r) => r.task.id === "c2")).toMatchObject({ hasChildren: true, expanded: false })
  })

  it("shows a hand-edited file's parent cycle nowhere, without hanging, and sorts a list stored out of order", () => {
    const edited = [
      makeTask({ id: "b", title: "Second", order: 2 }),
      makeTask({ id: "x", title: "Loop one", parentId: "y", order: 3 }),
      makeTask({ id: "y", title: "Loop two", parentId: "x", order: 4 }),
      makeTask({ id: "a", title: "First", order: 1 }),
    ]
    expect(visibleRows(taskView(edited, []), options).map((r) => r.task.title)).toEqual(["First", "Second"])
  })

  it("keeps an archived task that has an open subtask, and ends a parent cycle among archived tasks", () => {
    const edited = [
      makeTask({ id: "a", title: "Archived parent", order: 1, status: "archived" }),
      makeTask({ id: "k", title: "Open child", parentId: "a", order: 2 }),
      makeTask({ id: "x", title: "Loop one", parentId: "y", order: 3, status: "archived" }),
      makeTask({ id: "y", title: "Loop two", parentId: "x", order: 4, status: "archived" }),
      makeTask({ id: "z", title: "Under the loop", parentId: "x", order: 5 }),
      makeTask({ id: "b", title: "Plain", order: 6 }),
      makeTask({ id: "c", title: "Gone", order: 7, status: "archived" }),
    ]
    const rows = visibleRows(taskView(edited, []), options)
    expect(rows.map((r) => `${"  ".repeat(r.depth)}${r.task.title}`)).toEqual(["Archived parent", "  Open child", "Plain"])
    expect(rows[0]).toMatchObject({ hasChildren: true, expanded: true })
  })

  it("shows a task whose parent is missing at the top level, in its place in the list", () => {
    const edited = [
      makeTask({ id: "a", title: "First", order: 1 }),
      makeTask({ id: "o", title: "Orphan", parentId: "gone", order: 2 }),
      makeTask({ id: "k", title: "Orphan's child", parentId: "o", order: 3 }),
      makeTask({ id: "b", title: "Second", order: 2 }),
    ]
    expect(visibleRows(taskView(edited, []), options).map((r) => `${"  ".repeat(r.depth)}${r.task.title}`)).toEqual(["First", "Orphan", "  Orphan's child", "Second"])
  })

  it("shows a pending change before the store has written it", () => {
    const view = taskView(tasks, [{ id: 1, patches: { m: { status: "done" } }, deletedIds: ["c2"] }])
    const rows = visibleRows(view, options)
    expect(rows.find((r) => r.task.id === "m")?.task.status).toBe("done")
    expect(rows.map((r) => r.task.id)).not.toContain("c2")
  })

  it("keeps the selection on its task, or near its old place when it is gone", () => {
    const rows = visibleRows(taskView(tasks, []), options)
    expect(selectedRowIndex(rows, "m", 0)).toBe(4)
    expect(selectedRowIndex(rows, "gone", 2)).toBe(2)
    expect(selectedRowIndex(rows, "gone", 99)).toBe(4)
  })
})

describe("visibleRows after d under the open filter", () => {
  it("leaves out the row of a top-level task marked done, the same rows a fresh build gives, without rebuilding the others", () => {
    const open = { ...options, statusFilter: "open" as const }
    const base = visibleRows(taskView(tasks, []), open)
    const after = visibleRows(taskView(tasks, [{ id: 1, patches: { m: { status: "done" } }, deletedIds: [] }]), open)
    expect(after.map((r) => r.task.title)).toEqual(base.filter((r) => r.task.id !== "m").map((r) => r.task.title))
    // The rows of the other tasks are the same objects: patched, not built afresh.
    expect(after[0]).toBe(base[0])
    const fresh = visibleRows(taskView(JSON.parse(JSON.stringify(tasks.map((t) => (t.id === "m" ? { ...t, status: "done" } : t)))), []), open)
    expect(after.map((r) => [r.task.title, r.depth, r.hasChildren, r.expanded])).toEqual(fresh.map((r) => [r.task.title, r.depth, r.hasChildren, r.expanded]))
  })

  it("builds afresh when a subtask stops matching: done, it stays while a subtask of its own is open", () => {
    const open = { ...options, statusFilter: "open" as const }
    visibleRows(taskView(tasks, []), open)
    const after = visibleRows(taskView(tasks, [{ id: 2, patches: { c2: { status: "done" } }, deletedIds: [] }]), open)
    expect(after.map((r) => r.task.id)).toEqual(["p", "c2", "g", "m"])
  })
})
