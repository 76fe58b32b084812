// The status bar's counts, computed once per change of the shown tasks (not once per key press).
import { isOverdue } from "../domain/task-query.ts"
import type { TaskView } from "./task-view.ts"

export interface TaskCounts {
  open: number
  done: number
  overdue: number
}

let lastView: TaskView | null = null
let lastToday = ""
let lastCounts: TaskCounts = { open: 0, done: 0, overdue: 0 }

export function taskCounts(view: TaskView, today: string): TaskCounts {
  if (view === lastView && today === lastToday) return lastCounts
  const counts = { open: 0, done: 0, overdue: 0 }
  for (const task of view.tasks) {
    if (task.status === "done") counts.done++
    else if (task.status !== "archived") counts.open++
    if (isOverdue(task, today)) counts.overdue++
  }
  lastView = view
  lastToday = today
  lastCounts = counts
  return counts
}
