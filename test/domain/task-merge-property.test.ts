// The three-way merge on random lists and random edits: the result always validates as a tasks
// file with a sound tree, it does not depend on which side is "ours", merging a list with itself
// or with an untouched base gives it back, and a field only one side changed keeps that change.
import { describe, expect, it } from "vitest"
import { mergeTaskLists, stableJson } from "../../src/domain/task-merge.ts"
import { TasksFile, type Task } from "../../src/domain/task.ts"
import { MAX_DEPTH } from "../../src/domain/task-constants.ts"
import { depthOf, inBlockerCycle, indexTasks } from "../../src/domain/task-tree.ts"
import { makeTask } from "../helpers/task-fixtures.ts"
import { seededRandom as generator } from "../helpers/seeded-random.ts"

type Gen = ReturnType<typeof generator>

const stamp = (day: number) => `2026-02-${String(day).padStart(2, "0")}T00:00:00.000Z`

function parentCycle(index: Map<string, Task>, task: Task): boolean {
  const seen = new Set<string>()
  for (let current: Task | undefined = task; current !== undefined; current = current.parentId === null ? undefined : index.get(current.parentId)) {
    if (seen.has(current.id)) return true
    seen.add(current.id)
  }
  return false
}

function sound(tasks: readonly Task[]): boolean {
  const index = indexTasks(tasks)
  return tasks.every(
    (t) =>
      (t.parentId === null || index.has(t.parentId)) &&
      t.blockedBy.every((id) => index.has(id)) &&
      depthOf(index, t.id) <= MAX_DEPTH &&
      !inBlockerCycle(index, t) &&
      !parentCycle(index, t) &&
      new Set(t.blockedBy).size === t.blockedBy.length,
  )
}

function canNest(tasks: readonly Task[], id: string, parentId: string): boolean {
  const next = tasks.map((t) => (t.id === id ? { ...t, parentId } : t))
  return sound(next)
}

function baseList(g: Gen): Task[] {
  const tasks: Task[] = []
  for (let n = 0; n < g.int(0, 8); n++) {
    const task = makeTask({ id: `t${n}`, title: `task ${n}`, updatedAt: stamp(1), tags: g.chance(0.3) ? ["x"] : [] })
    tasks.push(task)
    if (tasks.length > 1 && g.chance(0.4)) {
      const parent = g.pick(tasks.slice(0, -1)).id
      if (canNest(tasks, task.id, parent)) tasks[tasks.length - 1] = { ...task, parentId: parent }
    }
  }
  return tasks
}

/** A few random edits of the kinds tsk makes, each leaving the list sound. */
function editList(g: Gen, list: readonly Task[], side: string, day: number): Task[] {
  let tasks = [...list]
  for (let k = 0; k < g.int(1, 6); k++) {
    const kind = g.int(0, 7)
    const at = stamp(day + g.int(0, 2))
    if (kind === 0 || tasks.length === 0) {
      tasks.push(makeTask({ id: `${side}${k}`, title: `${side} new ${k}`, updatedAt: at }))
      continue
    }
    const target = g.pick(tasks)
    const change = (changes: Partial<Task>) => {
      tasks = tasks.map((t) => (t.id === target.id ? { ...t, ...changes, updatedAt: at } : t))
    }
    if (kind === 1) change({ title: `${side} title ${k}` })
    else if (kind === 2) change({ priority: g.pick(["low", "high", "urgent"] as const) })
    else if (kind === 3) change({ status: "done", completedAt: at })
    else if (kind === 4) change({ tags: [...new Set([...target.tags, g.pick(["x", "y", side])])] })
    else if (kind === 5) {
      const doomed = new Set([target.id])
      for (let grew = true; grew; ) {
        grew = false
        for (const t of tasks) if (t.parentId !== null && doomed.has(t.parentId) && !doomed.has(t.id)) (doomed.add(t.id), (grew = true))
      }
      tasks = tasks.filter((t) => !doomed.has(t.id)).map((t) => ({ ...t, blockedBy: t.blockedBy.filter((id) => !doomed.has(id)) }))
    } else if (kind === 6) {
      const blocker = g.pick(tasks)
      const next = tasks.map((t) => (t.id === target.id ? { ...t, blockedBy: [...new Set([...t.blockedBy, blocker.id])], updatedAt: at } : t))
      if (sound(next)) tasks = next
    } else {
      const parent = g.pick(tasks)
      if (parent.id !== target.id && canNest(tasks, target.id, parent.id)) change({ parentId: parent.id })
    }
  }
  return tasks
}

const sortedJson = (tasks: readonly Task[]) => stableJson([...tasks].sort((x, y) => (x.id < y.id ? -1 : 1)))

describe("mergeTaskLists on random edits", () => {
  it("always gives a valid, sound list that does not depend on the side", () => {
    const seen = { conflicts: 0, deleted: 0, dropped: 0 }
    for (let seed = 1; seed <= 600; seed++) {
      const g = generator(seed)
      const base = baseList(g)
      const ours = editList(g, base, "o", 3)
      const theirs = editList(g, base, "h", 3)
      const result = mergeTaskLists(base, ours, theirs)
      const context = `seed ${seed}`
      expect(TasksFile.safeParse({ version: 1, revision: 0, tasks: result.tasks }).success, context).toBe(true)
      expect(new Set(result.tasks.map((t) => t.id)).size, context).toBe(result.tasks.length)
      expect(sound(result.tasks), context).toBe(true)
      const swapped = mergeTaskLists(base, theirs, ours)
      expect(sortedJson(swapped.tasks), context).toBe(sortedJson(result.tasks))
      expect(stableJson(mergeTaskLists(base, ours, theirs)), context).toBe(stableJson(result))
      seen.conflicts += result.conflicts.filter((c) => c.field !== "deleted").length
      seen.deleted += result.conflicts.filter((c) => c.field === "deleted").length
      seen.dropped += result.dropped.length
    }
    // The generator reaches every kind of outcome, so the checks above cover them.
    expect(seen.conflicts).toBeGreaterThan(10)
    expect(seen.deleted).toBeGreaterThan(10)
    expect(seen.dropped).toBeGreaterThan(5)
  })

  it("gives back a side when the other is the base or the same", () => {
    for (let seed = 1; seed <= 300; seed++) {
      const g = generator(seed)
      const base = baseList(g)
      const ours = editList(g, base, "o", 3)
      expect(mergeTaskLists(base, ours, base), `seed ${seed}`).toEqual({ tasks: ours, conflicts: [], dropped: [] })
      expect(mergeTaskLists(base, base, ours).tasks, `seed ${seed}`).toEqual(ours)
      expect(mergeTaskLists(base, ours, ours).tasks, `seed ${seed}`).toEqual(ours)
    }
  })

  it("keeps every task a side added or edited and every field only one side changed", () => {
    for (let seed = 1; seed <= 600; seed++) {
      const g = generator(seed)
      const base = baseList(g)
      const ours = editList(g, base, "o", 3)
      const theirs = editList(g, base, "h", 3)
      const result = mergeTaskLists(base, ours, theirs)
      const merged = indexTasks(result.tasks)
      const baseBy = indexTasks(base)
      const context = `seed ${seed}`
      for (const [side, other] of [[ours, theirs], [theirs, ours]] as const) {
        const otherBy = indexTasks(other)
        for (const task of side) {
          const was = baseBy.get(task.id)
          if (was !== undefined && stableJson(was) === stableJson(task)) continue
          expect(merged.has(task.id), `${context}: ${task.id} kept`).toBe(true)
          const theirsTask = otherBy.get(task.id)
          if (was === undefined || theirsTask === undefined) continue
          for (const field of ["title", "priority", "description"] as const) {
            if (task[field] !== was[field] && theirsTask[field] === was[field]) {
              expect(merged.get(task.id)![field], `${context}: ${task.id}.${field}`).toBe(task[field])
            }
          }
        }
      }
      for (const conflict of result.conflicts) expect(merged.has(conflict.taskId), context).toBe(true)
    }
  })
})
