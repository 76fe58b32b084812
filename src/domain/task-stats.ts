import { localDateOf } from "./local-date.ts"
import type { Priority, Task, TaskStatus } from "./task.ts"
import { PRIORITIES, TASK_STATUSES } from "./task-constants.ts"
import { isOverdue } from "./task-query.ts"
import { trackedMs } from "./time-tracking.ts"

export interface TaskStats {
  total: number
  byStatus: Record<TaskStatus, number>
  byPriority: Record<Priority, number>
  overdue: number
  dueToday: number
  completedToday: number
  completionRate: number
  trackedMinutes: number
  projects: number
  tags: number
}

export function computeStats(tasks: readonly Task[], now: Date): TaskStats {
  const today = localDateOf(now)
  const byStatus = Object.fromEntries(TASK_STATUSES.map((s) => [s, 0])) as Record<TaskStatus, number>
  const byPriority = Object.fromEntries(PRIORITIES.map((p) => [p, 0])) as Record<Priority, number>
  let overdue = 0
  let dueToday = 0
  let completedToday = 0
  let tracked = 0
  for (const task of tasks) {
    byStatus[task.status]++
    byPriority[task.priority]++
    if (isOverdue(task, today)) overdue++
    if (task.dueDate === today && task.status !== "done" && task.status !== "archived") dueToday++
    if (task.completedAt && localDateOf(new Date(task.completedAt)) === today) completedToday++
    tracked += trackedMs(task, now)
  }
  const active = tasks.length - byStatus.archived
  return {
    total: tasks.length,
    byStatus,
    byPriority,
    overdue,
    dueToday,
    completedToday,
    completionRate: active > 0 ? Math.round((byStatus.done / active) * 1000) / 1000 : 0,
    trackedMinutes: Math.round(tracked / 60000),
    projects: listProjects(tasks).length,
    tags: listTags(tasks).length,
  }
}

export interface NameCount {
  name: string
  count: number
  open: number
}

function countNames(tasks: readonly Task[], namesOf: (t: Task) => readonly string[]): NameCount[] {
  const counts = new Map<string, NameCount>()
  for (const task of tasks) {
    for (const name of namesOf(task)) {
      const entry = counts.get(name) ?? { name, count: 0, open: 0 }
      entry.count++
      if (task.status === "todo" || task.status === "in_progress") entry.open++
      counts.set(name, entry)
    }
  }
  return [...counts.values()].sort((a, b) => a.name.localeCompare(b.name))
}

export const listProjects = (tasks: readonly Task[]) => countNames(tasks, (t) => (t.project ? [t.project] : []))
export const listTags = (tasks: readonly Task[]) => countNames(tasks, (t) => t.tags)
