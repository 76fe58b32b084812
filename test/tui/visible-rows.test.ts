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
const rowsOf = (over: Partial<RowOptions> = {}) => visibleRows(taskView(tasks, []), { ...options, ...over }).toArray().map((r) => `${"  ".repeat(r.depth)}${r.task.title}`)

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
    const rows = visibleRows(taskView(tasks, []), { ...options, collapsed: new Set(["c2"]) }).toArray()
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
    expect(visibleRows(taskView(edited, []), options).toArray().map((r) => r.task.title)).toEqual(["First", "Second"])
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
    const rows = visibleRows(taskView(edited, []), options).toArray()
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
    expect(visibleRows(taskView(edited, []), options).toArray().map((r) => `${"  ".repeat(r.depth)}${r.task.title}`)).toEqual(["First", "Orphan", "  Orphan's child", "Second"])
  })

  it("shows a pending change before the store has written it", () => {
    const view = taskView(tasks, [{ id: 1, patches: { m: { status: "done" } }, deletedIds: ["c2"] }])
    const rows = visibleRows(view, options).toArray()
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
    const base = visibleRows(taskView(tasks, []), open).toArray()
    const after = visibleRows(taskView(tasks, [{ id: 1, patches: { m: { status: "done" } }, deletedIds: [] }]), open).toArray()
    expect(after.map((r) => r.task.title)).toEqual(base.filter((r) => r.task.id !== "m").map((r) => r.task.title))
    // The rows of the other tasks are the same objects: patched, not built afresh.
    expect(after[0]).toBe(base[0])
    const fresh = visibleRows(taskView(JSON.parse(JSON.stringify(tasks.map((t) => (t.id === "m" ? { ...t, status: "done" } : t)))), []), open).toArray()
    expect(after.map((r) => [r.task.title, r.depth, r.hasChildren, r.expanded])).toEqual(fresh.map((r) => [r.task.title, r.depth, r.hasChildren, r.expanded]))
  })

  it("builds afresh when a subtask stops matching: done, it stays while a subtask of its own is open", () => {
    const open = { ...options, statusFilter: "open" as const }
    visibleRows(taskView(tasks, []), open).toArray()
    const after = visibleRows(taskView(tasks, [{ id: 2, patches: { c2: { status: "done" } }, deletedIds: [] }]), open).toArray()
    expect(after.map((r) => r.task.id)).toEqual(["p", "c2", "g", "m"])
  })
})

describe("visibleRows built as they are read", () => {
  // 10,000 tasks: every tenth a parent of the next three, every fifth done.
  const many = Array.from({ length: 10_000 }, (_, i) =>
    makeTask({ id: `t${i}`, title: `Task ${i}`, order: i + 1, parentId: i % 10 >= 7 ? `t${i - (i % 10)}` : null, status: i % 5 === 0 ? "done" : "todo" }),
  )

  it("builds only the rows a window of 40 reads at 10,000 tasks, and counts them all", () => {
    const rows = visibleRows(taskView(many, []), { ...options, statusFilter: "open" })
    expect(rows.length).toBe(9_000)
    expect(rows.slice(0, 40).map((r) => r.task.id).slice(0, 4)).toEqual(["t0", "t7", "t8", "t9"])
    expect(rows.built).toBe(40)
    expect(selectedRowIndex(rows, null, 0)).toBe(0)
    expect(rows.built).toBe(40)
    expect(rows.at(8_999)?.task.id).toBe("t9996")
    expect(rows.built).toBe(9_000)
    expect(rows.complete).toBe(true)
  })

  it("finds a selected task's row by id, and answers -1 for a hidden one", () => {
    const rows = visibleRows(taskView(many, []), { ...options, statusFilter: "open", collapsed: new Set(["t10"]) })
    expect(rows.indexOf("t21")).toBe(19)
    expect(rows.indexOf("t17")).toBe(-1)
    expect(rows.indexOf("t15")).toBe(-1)
  })

  it("counts what a full walk builds, whatever the filter, collapse, depth, orphans or cycles", () => {
    const chain = Array.from({ length: 12 }, (_, i) => makeTask({ id: `d${i}`, title: `Deep ${i}`, order: 100 + i, parentId: i === 0 ? null : `d${i - 1}` }))
    const odd = [
      ...tasks,
      ...chain,
      makeTask({ id: "orphan", title: "Orphan", order: 200, parentId: "missing" }),
      makeTask({ id: "kid", title: "Orphan's kid web", order: 201, parentId: "orphan", status: "done" }),
      makeTask({ id: "x", title: "Cycle x", order: 300, parentId: "y" }),
      makeTask({ id: "y", title: "Cycle y", order: 301, parentId: "x" }),
    ]
    const cases: Partial<RowOptions>[] = [
      {},
      { statusFilter: "open" },
      { statusFilter: "done" },
      { search: "web" },
      { search: "deep 11" },
      { sort: "priority" },
      { collapsed: new Set(["p", "d3"]) },
      { statusFilter: "open", collapsed: new Set(["c2", "orphan"]) },
    ]
    for (const over of cases) {
      const counted = visibleRows(taskView(odd, []), { ...options, ...over, collapsed: new Set(over.collapsed ?? []) }).length
      const walked = visibleRows(taskView([...odd], []), { ...options, ...over }).toArray()
      expect(walked.length, JSON.stringify(over)).toBe(counted)
      // A row found by id is where the full walk puts it; a task without a row answers -1.
      for (const task of odd) {
        // A new collapsed set: built afresh, not patched from the list before.
        const lazy = visibleRows(taskView(odd, []), { ...options, ...over, collapsed: new Set(over.collapsed ?? []) })
        expect(lazy.indexOf(task.id), `${task.id} ${JSON.stringify(over)}`).toBe(walked.findIndex((r) => r.task.id === task.id))
      }
    }
    expect(visibleRows(taskView(odd, []), options).toArray().map((r) => r.task.id)).toContain("d8")
    expect(visibleRows(taskView(odd, []), options).toArray().map((r) => r.task.id)).not.toContain("d9")
  })
})
