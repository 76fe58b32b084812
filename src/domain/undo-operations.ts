// The inverse operations of TUI undo, run on the list read inside the lock. Undo reverses only this
// process's own change: when another writer has built on it since (a subtask, a note, an edit, a
// blocker link, the same field changed again), it refuses and says what is in the way, so nothing
// another process did is lost without a word.
import { conflict } from "./errors.ts"
import type { Task } from "./task.ts"
import type { Mutation } from "./task-operations.ts"

/** A blocker link a delete removed: `taskId` was blocked by `blockerId`. */
export interface BlockerLink {
  taskId: string
  blockerId: string
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** What others added on top of `created` since it was written. */
function builtOn(tasks: readonly Task[], created: Task, current: Task): string[] {
  const found: string[] = []
  const kids = tasks.filter((t) => t.parentId === created.id).length
  if (kids > 0) found.push(`${kids} subtask${kids === 1 ? "" : "s"}`)
  const notes = current.notes.length - created.notes.length
  if (notes > 0) found.push(`${notes} note${notes === 1 ? "" : "s"}`)
  const blocked = tasks.filter((t) => t.blockedBy.includes(created.id)).length
  if (blocked > 0) found.push(`${blocked} task${blocked === 1 ? "" : "s"} blocked by it`)
  if (found.length === 0 && current.updatedAt !== created.updatedAt) found.push("an edit")
  return found
}

/** Undo of an add: remove the task, unless others built on it. */
export function undoCreate(tasks: readonly Task[], created: Task): Mutation<Task[]> {
  const current = tasks.find((t) => t.id === created.id)
  if (!current) return { tasks: [...tasks], result: [], explicitDelete: true }
  const others = builtOn(tasks, created, current)
  if (others.length > 0) {
    throw conflict(`cannot undo adding '${created.title}': another process added ${others.join(", ")} to it since; delete it yourself if you mean to`)
  }
  return { tasks: tasks.filter((t) => t.id !== created.id), result: [current], explicitDelete: true }
}

/**
 * Undo of an edit or a status change: put back `before` for the fields this change set to `after`,
 * unless another writer changed one of them again since.
 */
export function revertFields(tasks: readonly Task[], id: string, before: Partial<Task>, after: Partial<Task>, nowIso: string): Mutation<Task | null> {
  const current = tasks.find((t) => t.id === id)
  if (!current) throw conflict("cannot undo: the task was deleted by another process since")
  const changed = Object.keys(after).filter((key) => !same(current[key as keyof Task], after[key as keyof Task]))
  if (changed.length > 0) {
    throw conflict(`cannot undo the change to '${current.title}': another process changed ${changed.join(", ")} again since`)
  }
  const reverted: Task = { ...current, ...before, updatedAt: nowIso }
  return { tasks: tasks.map((t) => (t.id === id ? reverted : t)), result: reverted }
}

/** Undo of a delete: put the tasks back and the blocker links the delete removed. */
export function restoreDeleted(tasks: readonly Task[], restored: readonly Task[], links: readonly BlockerLink[]): Mutation<Task[]> {
  const present = new Set(tasks.map((t) => t.id))
  const added = restored.filter((t) => !present.has(t.id))
  const all = [...tasks, ...added]
  const ids = new Set(all.map((t) => t.id))
  const relinked = all.map((task) => {
    const back = links.filter((l) => l.taskId === task.id && ids.has(l.blockerId) && !task.blockedBy.includes(l.blockerId))
    return back.length === 0 ? task : { ...task, blockedBy: [...task.blockedBy, ...back.map((l) => l.blockerId)] }
  })
  return { tasks: relinked, result: added }
}

/** The blocker links that deleting `ids` removes from the other tasks. */
export function linksTo(tasks: readonly Task[], ids: ReadonlySet<string>): BlockerLink[] {
  return tasks.filter((t) => !ids.has(t.id)).flatMap((t) => t.blockedBy.filter((b) => ids.has(b)).map((blockerId) => ({ taskId: t.id, blockerId })))
}
