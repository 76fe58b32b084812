// Filtering and sorting for `tsk list`, the bridge's `query` and the TUI.
// (No zod here: `tsk list` loads this; agents' queries are validated by the bridge's payload schema.)
import { addDays } from "./local-date.ts"
import type { Priority, Task, TaskStatus } from "./task.ts"
import { PRIORITIES } from "./task-constants.ts"

export const SORT_KEYS = ["priority", "due", "created", "title", "order"] as const
export type SortKey = (typeof SORT_KEYS)[number]

/** `today`, `overdue`, `week`, or a date. */
export const DUE_FILTERS = ["today", "overdue", "week"] as const

export interface TaskQuery {
  status?: TaskStatus[]
  priority?: Priority[]
  project?: string
  tag?: string
  due?: string
  search?: string
  includeClosed?: boolean
  sort?: SortKey
  limit?: number
}

const PRIORITY_RANK = Object.fromEntries(PRIORITIES.map((p, i) => [p, i])) as Record<Priority, number>

function matchesDue(task: Task, due: string, today: string): boolean {
  if (!task.dueDate) return false
  if (due === "today") return task.dueDate === today
  if (due === "overdue") return task.dueDate < today && task.status !== "done" && task.status !== "archived"
  if (due === "week") return task.dueDate >= today && task.dueDate <= addDays(today, 7)
  return task.dueDate === due
}

export function isOverdue(task: Task, today: string): boolean {
  return task.dueDate !== null && task.dueDate < today && task.status !== "done" && task.status !== "archived"
}

export function compareTasks(sort: SortKey): (a: Task, b: Task) => number {
  switch (sort) {
    case "priority":
      return (a, b) => PRIORITY_RANK[b.priority] - PRIORITY_RANK[a.priority] || a.order - b.order
    case "due":
      return (a, b) => (a.dueDate ?? "9999") .localeCompare(b.dueDate ?? "9999") || a.order - b.order
    case "created":
      return (a, b) => a.createdAt.localeCompare(b.createdAt) || a.order - b.order
    case "title":
      return (a, b) => a.title.localeCompare(b.title, undefined, { sensitivity: "base" }) || a.order - b.order
    case "order":
      return (a, b) => a.order - b.order
  }
}

export function queryTasks(tasks: readonly Task[], query: TaskQuery, today: string): Task[] {
  const statuses = query.status && query.status.length > 0 ? new Set(query.status) : null
  const priorities = query.priority && query.priority.length > 0 ? new Set(query.priority) : null
  const project = query.project?.toLowerCase()
  const tag = query.tag?.toLowerCase().replace(/^#/, "")
  const search = query.search?.toLowerCase()
  const result = tasks.filter((task) => {
    if (statuses) {
      if (!statuses.has(task.status)) return false
    } else if (!query.includeClosed && (task.status === "done" || task.status === "archived")) return false
    if (priorities && !priorities.has(task.priority)) return false
    if (project !== undefined && task.project?.toLowerCase() !== project) return false
    if (tag !== undefined && !task.tags.some((t) => t.toLowerCase() === tag)) return false
    if (query.due && !matchesDue(task, query.due, today)) return false
    if (search && !task.title.toLowerCase().includes(search) && !task.description.toLowerCase().includes(search)) return false
    return true
  })
  result.sort(compareTasks(query.sort ?? "order"))
  return query.limit ? result.slice(0, query.limit) : result
}
