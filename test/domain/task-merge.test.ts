// The three-way merge of task lists: what one side changed survives, a field both changed goes to
// the later edit with the other value reported, deletes lose against edits, and the merged tree
// keeps its rules (no cycles, at most three levels, no missing links).
import { describe, expect, it } from "vitest"
import { mergeTaskLists } from "../../src/domain/task-merge.ts"
import type { Task } from "../../src/domain/task.ts"
import { makeTask } from "../helpers/task-fixtures.ts"

const T0 = "2026-01-01T00:00:00.000Z"
const T1 = "2026-01-02T00:00:00.000Z"
const T2 = "2026-01-03T00:00:00.000Z"

const edit = (task: Task, changes: Partial<Task>, at = T1): Task => ({ ...task, ...changes, updatedAt: at })
const ids = (tasks: readonly Task[]) => tasks.map((t) => t.id)
const find = (tasks: readonly Task[], id: string) => tasks.find((t) => t.id === id)!

describe("mergeTaskLists", () => {
  const a = makeTask({ id: "a", title: "alpha" })
  const b = makeTask({ id: "b", title: "beta" })

  it("keeps both sides' changes to different fields of one task", () => {
    const ours = [edit(a, { title: "alpha 2" }), b]
    const theirs = [edit(a, { priority: "high" }, T2), b]
    const result = mergeTaskLists([a, b], ours, theirs)
    expect(find(result.tasks, "a")).toMatchObject({ title: "alpha 2", priority: "high", updatedAt: T2 })
    expect(result.conflicts).toEqual([])
    expect(result.dropped).toEqual([])
  })

  it("gives a field both sides changed to the later edit and reports the other value", () => {
    const ours = [edit(a, { title: "ours" }, T2)]
    const theirs = [edit(a, { title: "theirs" }, T1)]
    const result = mergeTaskLists([a], ours, theirs)
    expect(find(result.tasks, "a").title).toBe("ours")
    expect(result.conflicts).toEqual([{ taskId: "a", title: "ours", field: "title", kept: "ours", lost: "theirs", keptUpdatedAt: T2, lostUpdatedAt: T1 }])
    const swapped = mergeTaskLists([a], theirs, ours)
    expect(find(swapped.tasks, "a").title).toBe("ours")
    expect(swapped.conflicts).toEqual(result.conflicts)
  })

  it("takes no conflict when both sides made the same change", () => {
    const result = mergeTaskLists([a], [edit(a, { title: "same" })], [edit(a, { title: "same" }, T2)])
    expect(find(result.tasks, "a").title).toBe("same")
    expect(result.conflicts).toEqual([])
  })

  it("moves status and completion time together", () => {
    const done = edit(a, { status: "done", completedAt: T1 }, T1)
    const started = edit(a, { status: "in_progress" }, T2)
    const result = mergeTaskLists([a], [done], [started])
    expect(find(result.tasks, "a")).toMatchObject({ status: "in_progress", completedAt: null })
    expect(result.conflicts.map((c) => c.field).sort()).toEqual(["completedAt", "status"])
  })

  it("keeps a task added on either side", () => {
    const c = makeTask({ id: "c" })
    const d = makeTask({ id: "d" })
    const result = mergeTaskLists([a], [a, c], [a, d])
    expect(ids(result.tasks)).toEqual(["a", "c", "d"])
  })

  it("deletes a task deleted on both sides, or deleted on one and unchanged on the other", () => {
    expect(ids(mergeTaskLists([a, b], [b], [b]).tasks)).toEqual(["b"])
    expect(ids(mergeTaskLists([a, b], [b], [a, b]).tasks)).toEqual(["b"])
    expect(ids(mergeTaskLists([a, b], [a, b], [b]).tasks)).toEqual(["b"])
  })

  it("keeps a task edited on one side and deleted on the other, with its subtree, and reports the delete", () => {
    const kid = makeTask({ id: "kid", parentId: "a" })
    const grandkid = makeTask({ id: "gk", parentId: "kid" })
    const base = [a, kid, grandkid, b]
    const ours = [edit(a, { title: "renamed" }), kid, grandkid, b]
    const theirs = [b]
    const result = mergeTaskLists(base, ours, theirs)
    expect(ids(result.tasks)).toEqual(["a", "kid", "gk", "b"])
    expect(find(result.tasks, "a").title).toBe("renamed")
    expect(result.conflicts.filter((c) => c.field === "deleted").map((c) => c.taskId)).toEqual(["a", "kid", "gk"])
    expect(result.conflicts[0]).toMatchObject({ kept: "edited", lost: "deleted" })
  })

  it("keeps the ancestors of a subtask edited on a side that the other side deleted", () => {
    const kid = makeTask({ id: "kid", parentId: "a" })
    const result = mergeTaskLists([a, kid], [a, edit(kid, { description: "more" })], [])
    expect(ids(result.tasks)).toEqual(["a", "kid"])
    expect(result.dropped).toEqual([])
  })

  it("keeps a subtask added under a task the other side deleted, with the task", () => {
    const kid = makeTask({ id: "kid", parentId: "a" })
    const result = mergeTaskLists([a, b], [b], [a, b, kid])
    expect(ids(result.tasks).sort()).toEqual(["a", "b", "kid"])
  })

  it("merges tags and blockers as sets", () => {
    const c = makeTask({ id: "c" })
    const base = [edit(a, { tags: ["x", "y"], blockedBy: ["b"] }, T0), b, c]
    const ours = [edit(base[0]!, { tags: ["x", "y", "ours"] }), b, c]
    const theirs = [edit(base[0]!, { tags: ["y", "theirs"], blockedBy: ["b", "c"] }, T2), b, c]
    const merged = find(mergeTaskLists(base, ours, theirs).tasks, "a")
    expect([...merged.tags].sort()).toEqual(["ours", "theirs", "y"])
    expect(merged.blockedBy).toEqual(["b", "c"])
  })

  it("keeps notes and time entries both sides added", () => {
    const note = (id: string) => ({ id, content: id, createdAt: T1, source: "cli" })
    const base = [edit(a, { notes: [note("n0")], timeEntries: [{ start: T0, end: T1 }] }, T0)]
    const ours = [edit(base[0]!, { notes: [note("n0"), note("n1")], timeEntries: [{ start: T0, end: T1 }, { start: T1, end: null }] })]
    const theirs = [edit(base[0]!, { notes: [note("n0"), note("n2")], timeEntries: [{ start: T0, end: T1 }, { start: T2, end: T2 }] }, T2)]
    const merged = find(mergeTaskLists(base, ours, theirs).tasks, "a")
    expect(merged.notes.map((n) => n.id).sort()).toEqual(["n0", "n1", "n2"])
    expect(merged.timeEntries.map((e) => e.start).sort()).toEqual([T0, T1, T2])
  })

  it("drops a blocker link that would close a cycle and reports it", () => {
    const base = [a, b]
    const ours = [edit(a, { blockedBy: ["b"] }), b]
    const theirs = [a, edit(b, { blockedBy: ["a"] }, T2)]
    const result = mergeTaskLists(base, ours, theirs)
    expect(result.dropped).toEqual([{ taskId: "b", field: "blockedBy", value: "a", reason: "cycle" }])
    expect(find(result.tasks, "a").blockedBy).toEqual(["b"])
    expect(find(result.tasks, "b").blockedBy).toEqual([])
  })

  it("drops a parent link that would nest a fourth level", () => {
    const c = makeTask({ id: "c" })
    const d = makeTask({ id: "d", parentId: "c" })
    const base = [a, b, c, d]
    // ours: a > b; theirs: b > c (which holds d): together four levels.
    const ours = [a, edit(b, { parentId: "a" }), c, d]
    const theirs = [a, b, edit(c, { parentId: "b" }, T2), d]
    const result = mergeTaskLists(base, ours, theirs)
    expect(result.dropped).toEqual([{ taskId: "c", field: "parentId", value: "b", reason: "depth" }])
    expect(find(result.tasks, "c").parentId).toBeNull()
    expect(find(result.tasks, "b").parentId).toBe("a")
  })

  it("drops a parent cycle made of two moves", () => {
    const ours = [edit(a, { parentId: "b" }), b]
    const theirs = [a, edit(b, { parentId: "a" }, T2)]
    const result = mergeTaskLists([a, b], ours, theirs)
    expect(result.dropped).toEqual([{ taskId: "b", field: "parentId", value: "a", reason: "cycle" }])
  })

  it("drops links to a task that is gone", () => {
    const ours = [edit(a, { blockedBy: ["b"] }), b]
    const theirs = [a]
    const result = mergeTaskLists([a, b], ours, theirs)
    expect(ids(result.tasks)).toEqual(["a"])
    expect(result.dropped).toEqual([{ taskId: "a", field: "blockedBy", value: "b", reason: "missing" }])
  })

  it("merges a task both sides added with the same id field by field", () => {
    const ours = [makeTask({ id: "n", title: "one", updatedAt: T1 })]
    const theirs = [makeTask({ id: "n", title: "two", updatedAt: T2, priority: "low" })]
    const result = mergeTaskLists([], ours, theirs)
    expect(find(result.tasks, "n")).toMatchObject({ title: "two", priority: "low" })
    expect(result.conflicts.map((c) => c.field).sort()).toEqual(["priority", "title"])
  })

  it("leaves out assignee when the merged task has none", () => {
    const claimed = edit(a, { assignee: "agent" }, T1)
    const result = mergeTaskLists([claimed], [edit(claimed, { title: "t" }, T1)], [{ ...edit(claimed, {}, T2), assignee: undefined }])
    const merged = find(result.tasks, "a")
    expect(merged.title).toBe("t")
    expect(Object.hasOwn(merged, "assignee")).toBe(false)
  })
})
