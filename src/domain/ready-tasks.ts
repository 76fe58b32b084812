// Ready work: open tasks not yet started that nothing holds up (no open blocker, no open subtask), most urgent
// first: by priority, then due date (undated last), then list order. Pure; `tsk prime` uses it.
import type { Task } from "./task.ts"
import { PRIORITIES, isOpen } from "./task-constants.ts"
import { indexTasks, isBlocked } from "./task-tree.ts"

const PRIORITY_RANK = new Map<string, number>(PRIORITIES.map((p, i) => [p, i]))

export function compareReadiness(a: Task, b: Task): number {
  return (
    (PRIORITY_RANK.get(b.priority) ?? 0) - (PRIORITY_RANK.get(a.priority) ?? 0) ||
    (a.dueDate ?? "9999-99-99").localeCompare(b.dueDate ?? "9999-99-99") ||
    a.order - b.order
  )
}

export interface WorkOverview {
  inProgress: Task[]
  /** Ready to start: open and not started, not blocked, without open subtasks. */
  ready: Task[]
  blocked: Task[]
}

/** In progress, ready and blocked tasks of the list, each sorted by readiness. */
export function workOverview(tasks: readonly Task[]): WorkOverview {
  const index = indexTasks(tasks)
  const hasOpenSubtask = new Set<string>()
  for (const task of tasks) if (task.parentId !== null && isOpen(task)) hasOpenSubtask.add(task.parentId)
  const inProgress: Task[] = []
  const ready: Task[] = []
  const blocked: Task[] = []
  for (const task of tasks) {
    if (!isOpen(task)) continue
    if (task.status === "in_progress") inProgress.push(task)
    if (isBlocked(index, task)) blocked.push(task)
    else if (task.status === "todo" && !hasOpenSubtask.has(task.id)) ready.push(task)
  }
  return { inProgress: inProgress.sort(compareReadiness), ready: ready.sort(compareReadiness), blocked: blocked.sort(compareReadiness) }
}
