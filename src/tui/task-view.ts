// The tasks as the TUI shows them: the store's tasks with the pending (not yet durable) changes
// laid over, plus the derived tree structure. Memoised on input identity so 10,000 tasks are
// processed once per change, not once per render.
import type { Task } from "../domain/task.ts"
import { childrenOf, indexTasks, type TaskIndex } from "../domain/task-tree.ts"
import type { PendingChange } from "./ui-store.ts"

export interface TaskView {
  tasks: readonly Task[]
  index: TaskIndex
  children: Map<string | null, Task[]>
}

function applyPending(tasks: readonly Task[], pending: readonly PendingChange[]): readonly Task[] {
  if (pending.length === 0) return tasks
  const deleted = new Set<string>()
  const patches = new Map<string, Partial<Task>>()
  for (const change of pending) {
    for (const id of change.deletedIds) deleted.add(id)
    for (const [id, patch] of Object.entries(change.patches)) patches.set(id, { ...patches.get(id), ...patch })
  }
  const result: Task[] = []
  for (const task of tasks) {
    if (deleted.has(task.id)) continue
    const patch = patches.get(task.id)
    result.push(patch ? { ...task, ...patch } : task)
  }
  return result
}

let lastTasks: readonly Task[] | null = null
let lastPending: readonly PendingChange[] | null = null
let lastView: TaskView | null = null

export function taskView(tasks: readonly Task[], pending: readonly PendingChange[]): TaskView {
  if (lastView && tasks === lastTasks && pending === lastPending) return lastView
  const shown = applyPending(tasks, pending)
  const view: TaskView =
    lastView && shown === lastView.tasks ? lastView : { tasks: shown, index: indexTasks(shown), children: childrenOf(shown) }
  lastTasks = tasks
  lastPending = pending
  lastView = view
  return view
}
