// The status bar's counts, computed once per change of the shown tasks (not once per key press).
import { isOverdue } from "../domain/task-query.ts"
import type { Task } from "../domain/task.ts"
import type { TaskView } from "./task-view.ts"

export interface TaskCounts {
  open: number
  done: number
  overdue: number
}

let lastView: TaskView | null = null
let lastToday = ""
let lastCounts: TaskCounts = { open: 0, done: 0, overdue: 0 }

function count(counts: TaskCounts, task: Task, today: string, by: 1 | -1): void {
  if (task.status === "done") counts.done += by
  else if (task.status !== "archived") counts.open += by
  if (isOverdue(task, today)) counts.overdue += by
}

export function taskCounts(view: TaskView, today: string): TaskCounts {
  if (view === lastView && today === lastToday) return lastCounts
  const counts = { open: 0, done: 0, overdue: 0 }
  if (today === lastToday && view.delta !== null && view.delta.base === lastView?.serial) {
    // Only some tasks changed: take their old selves out and their new selves in.
    Object.assign(counts, lastCounts)
    for (const { before, after } of view.delta.replaced.values()) {
      count(counts, before, today, -1)
      count(counts, after, today, 1)
    }
  } else {
    // Indexed: this pass runs at a launch, before the JIT has compiled it (see task-tree.ts).
    for (let i = 0; i < view.tasks.length; i++) count(counts, view.tasks[i]!, today, 1)
  }
  lastView = view
  lastToday = today
  lastCounts = counts
  return counts
}
