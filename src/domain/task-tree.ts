// Derived structure of the task list: children, depth, subtrees, progress, blocked state.
import type { Task } from "./task.ts"
import { MAX_DEPTH } from "./task-constants.ts"

export type TaskIndex = Map<string, Task>

// Indexed loops here: these passes over the whole list run at a launch, before the JIT has compiled
// anything, where for-of's iterators cost the interpreter about twice as much.
export function indexTasks(tasks: readonly Task[]): TaskIndex {
  const index = new Map<string, Task>()
  for (let i = 0; i < tasks.length; i++) index.set(tasks[i]!.id, tasks[i]!)
  return index
}

export function childrenOf(tasks: readonly Task[]): Map<string | null, Task[]> {
  const children = new Map<string | null, Task[]>()
  for (let i = 0; i < tasks.length; i++) {
    const task = tasks[i]!
    const key = task.parentId
    const list = children.get(key)
    if (list) list.push(task)
    else children.set(key, [task])
  }
  return children
}

/** 1 for a top-level task, 2 for its subtask, and so on. */
export function depthOf(index: TaskIndex, id: string): number {
  let depth = 0
  let current = index.get(id)
  const seen = new Set<string>()
  while (current && !seen.has(current.id)) {
    seen.add(current.id)
    depth++
    current = current.parentId ? index.get(current.parentId) : undefined
  }
  return depth
}

/** How many levels the subtree rooted at `id` spans (1 for a leaf). */
export function subtreeHeight(children: Map<string | null, Task[]>, id: string): number {
  const kids = children.get(id) ?? []
  let height = 1
  for (const kid of kids) height = Math.max(height, 1 + subtreeHeight(children, kid.id))
  return height
}

/** The ids of `id` and all its descendants. */
export function subtreeIds(children: Map<string | null, Task[]>, id: string): Set<string> {
  const ids = new Set<string>([id])
  const stack = [id]
  while (stack.length > 0) {
    const current = stack.pop()!
    for (const kid of children.get(current) ?? []) {
      if (!ids.has(kid.id)) {
        ids.add(kid.id)
        stack.push(kid.id)
      }
    }
  }
  return ids
}

export function canNestUnder(tasks: readonly Task[], parentId: string, childId?: string): boolean {
  const index = indexTasks(tasks)
  const height = childId ? subtreeHeight(childrenOf(tasks), childId) : 1
  return depthOf(index, parentId) + height <= MAX_DEPTH
}

export interface Progress {
  done: number
  total: number
}

/** Direct subtasks done out of all direct subtasks (archived ones don't count). */
export function progressOf(children: Map<string | null, Task[]>, id: string): Progress | null {
  const kids = (children.get(id) ?? []).filter((t) => t.status !== "archived")
  if (kids.length === 0) return null
  return { done: kids.filter((t) => t.status === "done").length, total: kids.length }
}

/** A task is blocked while any of its blockers is still open. */
export function isBlocked(index: TaskIndex, task: Task): boolean {
  return task.blockedBy.some((id) => {
    const blocker = index.get(id)
    return blocker !== undefined && blocker.status !== "done" && blocker.status !== "archived"
  })
}

/** Would making `taskId` blocked by `blockerId` close a cycle? */
export function wouldCreateCycle(index: TaskIndex, taskId: string, blockerId: string): boolean {
  if (taskId === blockerId) return true
  const stack = [blockerId]
  const seen = new Set<string>()
  while (stack.length > 0) {
    const current = stack.pop()!
    if (current === taskId) return true
    if (seen.has(current)) continue
    seen.add(current)
    for (const next of index.get(current)?.blockedBy ?? []) stack.push(next)
  }
  return false
}

/** Is `task` on a cycle of blockers (it waits, through its blockers, on itself)? */
export function inBlockerCycle(index: TaskIndex, task: Task): boolean {
  const stack = [...task.blockedBy]
  const seen = new Set<string>()
  while (stack.length > 0) {
    const current = stack.pop()!
    if (current === task.id) return true
    if (seen.has(current)) continue
    seen.add(current)
    for (const next of index.get(current)?.blockedBy ?? []) stack.push(next)
  }
  return false
}
