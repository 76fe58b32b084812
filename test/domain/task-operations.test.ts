import { describe, expect, it } from "vitest"
import { addNote, createTask, deleteTask, restoreTasks, setBlocked, setStatus, updateTask } from "../../src/domain/task-operations.ts"
import { fixedContext, makeTask } from "../helpers/task-fixtures.ts"
import { TskError } from "../../src/domain/errors.ts"
import type { Task } from "../../src/domain/task.ts"

function chain(depth: number): Task[] {
  const tasks: Task[] = []
  for (let i = 1; i <= depth; i++) tasks.push(makeTask({ id: `level-${i}`, parentId: i === 1 ? null : `level-${i - 1}` }))
  return tasks
}

describe("creating tasks", () => {
  it("creates a task with defaults and the next order", () => {
    const ctx = fixedContext()
    const { tasks, result } = createTask([makeTask({ id: "a", order: 7 })], { title: "  Write report  " }, ctx)
    expect(result).toMatchObject({ title: "Write report", status: "todo", priority: "none", order: 8, createdAt: ctx.now.toISOString() })
    expect(tasks).toHaveLength(2)
  })

  it("gives each of a run of creates the next order, and looks again at a list that gained a task another way", () => {
    const ctx = fixedContext()
    let tasks: Task[] = [makeTask({ id: "a", order: 7 }), makeTask({ id: "b", order: 3 })]
    const orders: number[] = []
    for (let i = 0; i < 3; i++) {
      const created = createTask(tasks, { title: `Queued ${i}` }, ctx)
      orders.push(created.result.order)
      tasks = created.tasks
    }
    expect(orders).toEqual([8, 9, 10])
    tasks.push(makeTask({ id: "z", order: 40 }))
    expect(createTask(tasks, { title: "After a push" }, ctx).result.order).toBe(41)
    const placed = createTask([makeTask({ id: "c", order: 2 })], { title: "Placed" }, ctx, 99)
    expect(placed.result.order).toBe(100)
    expect(createTask(placed.tasks, { title: "Next" }, ctx).result.order).toBe(101)
  })

  it("rejects an empty or over-long title as invalid input", () => {
    expect(() => createTask([], { title: "   " }, fixedContext())).toThrow(/title must not be empty/)
    expect(() => createTask([], { title: "x".repeat(201) }, fixedContext())).toThrow(/at most 200/)
    try {
      createTask([], { title: "" }, fixedContext())
    } catch (error) {
      expect((error as TskError).kind).toBe("invalid")
    }
  })

  it("creates a subtask by partial parent id", () => {
    const { result } = createTask([makeTask({ id: "abc123" })], { title: "child", parentId: "ABC1" }, fixedContext())
    expect(result.parentId).toBe("abc123")
  })

  it("refuses a fourth level of subtasks", () => {
    expect(() => createTask(chain(3), { title: "too deep", parentId: "level-3" }, fixedContext())).toThrow(/at most 3 levels/)
    expect(createTask(chain(2), { title: "ok", parentId: "level-2" }, fixedContext()).result.parentId).toBe("level-2")
  })

  it("refuses to move a subtree where it would nest deeper than 3 levels", () => {
    const tasks = [...chain(2), makeTask({ id: "p" }), makeTask({ id: "q", parentId: "p" })]
    expect(() => updateTask(tasks, "p", { parentId: "level-2" }, fixedContext())).toThrow(/at most 3 levels/)
    expect(() => updateTask(tasks, "p", { parentId: "q" }, fixedContext())).toThrow(/under itself/)
  })
})

describe("status changes", () => {
  it("sets completedAt on every path to done and clears it on reopening", () => {
    const ctx = fixedContext()
    const base = [makeTask({ id: "a" })]
    const viaStatus = setStatus(base, "a", "done", ctx).result
    const viaUpdate = updateTask(base, "a", { status: "done" }, ctx).result
    const viaCreate = createTask([], { title: "x", status: "done" }, ctx).result
    for (const task of [viaStatus, viaUpdate, viaCreate]) expect(task.completedAt).toBe(ctx.now.toISOString())
    expect(setStatus([viaStatus], "a", "todo", ctx).result.completedAt).toBeNull()
  })

  it("keeps completedAt when a done task is archived", () => {
    const task = makeTask({ id: "a", status: "done", completedAt: "2026-01-02T00:00:00.000Z" })
    expect(setStatus([task], "a", "archived", fixedContext()).result.completedAt).toBe("2026-01-02T00:00:00.000Z")
  })

  it("creates the next occurrence of a recurring task once", () => {
    const ctx = fixedContext()
    const task = makeTask({ id: "r", dueDate: "2026-01-31", recurrence: { frequency: "monthly", interval: 1 } })
    const first = setStatus([task], "r", "done", ctx)
    expect(first.tasks).toHaveLength(2)
    const next = first.tasks.find((t) => t.id !== "r")!
    expect(next).toMatchObject({ dueDate: "2026-02-28", status: "todo", completedAt: null })
    const reopened = setStatus(first.tasks, "r", "todo", ctx)
    const again = setStatus(reopened.tasks, "r", "done", ctx)
    expect(again.tasks).toHaveLength(2)
  })

  it("bases the next occurrence on today when the task has no due date", () => {
    const ctx = fixedContext("2026-06-15T10:00:00")
    const task = makeTask({ id: "r", recurrence: { frequency: "weekly", interval: 2 } })
    const next = setStatus([task], "r", "done", ctx).tasks.find((t) => t.id !== "r")!
    expect(next.dueDate).toBe("2026-06-29")
  })

  it("stops a running timer when the task is done", () => {
    const task = makeTask({ id: "a", timeEntries: [{ start: "2026-03-10T11:00:00.000Z", end: null }] })
    const ctx = fixedContext()
    expect(setStatus([task], "a", "done", ctx).result.timeEntries[0]!.end).toBe(ctx.now.toISOString())
  })
})

describe("deleting", () => {
  it("deletes the whole subtree and drops references to it", () => {
    const tasks = [...chain(3), makeTask({ id: "other", blockedBy: ["level-2"] })]
    const { tasks: kept, result, explicitDelete } = deleteTask(tasks, "level-1")
    expect(result.deleted.map((t) => t.id).sort()).toEqual(["level-1", "level-2", "level-3"])
    expect(kept).toHaveLength(1)
    expect(kept[0]!.blockedBy).toEqual([])
    expect(explicitDelete).toBe(true)
  })

  it("restores deleted tasks for undo without duplicating present ones", () => {
    const tasks = chain(2)
    const { tasks: kept, result } = deleteTask(tasks, "level-1")
    expect(restoreTasks(kept, result.deleted).tasks).toHaveLength(2)
    expect(restoreTasks(tasks, result.deleted).tasks).toHaveLength(2)
  })
})

describe("blockers", () => {
  it("blocks and unblocks by partial ids", () => {
    const tasks = [makeTask({ id: "aaaa1" }), makeTask({ id: "bbbb1" })]
    const blocked = setBlocked(tasks, "aaaa", "bbbb", true, fixedContext())
    expect(blocked.result.blockedBy).toEqual(["bbbb1"])
    expect(setBlocked(blocked.tasks, "aaaa", "bbbb", false, fixedContext()).result.blockedBy).toEqual([])
  })

  it("refuses cycles, direct and indirect", () => {
    const tasks = [makeTask({ id: "a", blockedBy: ["b"] }), makeTask({ id: "b", blockedBy: ["c"] }), makeTask({ id: "c" })]
    expect(() => setBlocked(tasks, "b", "a", true, fixedContext())).toThrow(/cycle/)
    expect(() => setBlocked(tasks, "c", "a", true, fixedContext())).toThrow(/cycle/)
    expect(() => setBlocked(tasks, "a", "a", true, fixedContext())).toThrow(/itself/)
  })
})

describe("notes", () => {
  it("appends a note with its source", () => {
    const { result } = addNote([makeTask({ id: "a" })], "a", " Called Sam ", "cli", fixedContext())
    expect(result.notes).toEqual([{ id: "id-0001", content: "Called Sam", createdAt: "2026-03-10T12:00:00.000Z", source: "cli" }])
  })

  it("refuses an empty note", () => {
    expect(() => addNote([makeTask({ id: "a" })], "a", "  ", "cli", fixedContext())).toThrow(/needs some text/)
  })
})
