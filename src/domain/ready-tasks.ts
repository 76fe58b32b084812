// The work at a glance for `tsk prime`: in progress, ready to start, and blocked, each most urgent
// first. Ready means what `tsk ready` means (task-query's isReady), less what is already started.
import type { Task } from "./task.ts"
import { isOpen } from "./task-constants.ts"
import { indexTasks, isBlocked } from "./task-tree.ts"
import { compareReady, isReady, tasksWithOpenSubtasks } from "./task-query.ts"

export interface WorkOverview {
  inProgress: Task[]
  /** Ready to start: open and not started, not blocked, without open subtasks. */
  ready: Task[]
  blocked: Task[]
}

/** In progress, ready and blocked tasks of the list, each by priority, then due date, then order. */
export function workOverview(tasks: readonly Task[]): WorkOverview {
  const index = indexTasks(tasks)
  const withOpenSubtasks = tasksWithOpenSubtasks(tasks)
  const inProgress: Task[] = []
  const ready: Task[] = []
  const blocked: Task[] = []
  for (const task of tasks) {
    if (!isOpen(task)) continue
    if (task.status === "in_progress") inProgress.push(task)
    if (isBlocked(index, task)) blocked.push(task)
    else if (task.status === "todo" && isReady(task, index, withOpenSubtasks)) ready.push(task)
  }
  return { inProgress: inProgress.sort(compareReady), ready: ready.sort(compareReady), blocked: blocked.sort(compareReady) }
}
