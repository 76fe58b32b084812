// Filtering and sorting for `tsk list`, the bridge's `query` and the TUI.
// (No zod here: `tsk list` loads this; agents' queries are validated by the bridge's payload schema.)
import { addDays } from "./local-date.ts"
import type { Priority, Task, TaskStatus } from "./task.ts"
import { PRIORITIES } from "./task-constants.ts"
import { indexTasks, isBlocked, type TaskIndex } from "./task-tree.ts"

export const SORT_KEYS = ["relevance", "priority", "due", "created", "title", "order"] as const
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
  /** Only tasks that can be worked on now (see isReady). */
  ready?: boolean
  /** Only tasks waiting on an open blocker (true) or only those that are not (false). */
  blocked?: boolean
  /** Only tasks of this assignee; `none` for unassigned ones. */
  assignee?: string
  sort?: SortKey
  limit?: number
}

const PRIORITY_RANK = Object.fromEntries(PRIORITIES.map((p, i) => [p, i])) as Record<Priority, number>

export function matchesDue(task: Task, due: string, today: string): boolean {
  if (!task.dueDate) return false
  if (due === "today") return task.dueDate === today
  if (due === "overdue") return task.dueDate < today && task.status !== "done" && task.status !== "archived"
  if (due === "week") return task.dueDate >= today && task.dueDate <= addDays(today, 7)
  return task.dueDate === due
}

export function isOverdue(task: Task, today: string): boolean {
  return task.dueDate !== null && task.dueDate < today && task.status !== "done" && task.status !== "archived"
}

/**
 * Dates and timestamps (YYYY-MM-DD, ISO instants) sort the same by code unit as by localeCompare,
 * without loading the locale's collation (ICU) into a CLI command.
 */
const compareCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
const byDue = (a: Task, b: Task) => compareCodeUnits(a.dueDate ?? "9999", b.dueDate ?? "9999")

export function compareTasks(sort: SortKey): (a: Task, b: Task) => number {
  switch (sort) {
    case "relevance":
      // What to look at first: work in progress, then by priority, then the nearest due date.
      return (a, b) =>
        Number(b.status === "in_progress") - Number(a.status === "in_progress") ||
        PRIORITY_RANK[b.priority] - PRIORITY_RANK[a.priority] ||
        byDue(a, b) ||
        a.order - b.order
    case "priority":
      return (a, b) => PRIORITY_RANK[b.priority] - PRIORITY_RANK[a.priority] || a.order - b.order
    case "due":
      return (a, b) => byDue(a, b) || a.order - b.order
    case "created":
      return (a, b) => compareCodeUnits(a.createdAt, b.createdAt) || a.order - b.order
    case "title":
      return (a, b) => a.title.localeCompare(b.title, undefined, { sensitivity: "base" }) || a.order - b.order
    case "order":
      return (a, b) => a.order - b.order
  }
}

/** Open tasks with an open subtask, for isReady. */
export function tasksWithOpenSubtasks(tasks: readonly Task[]): Set<string> {
  const parents = new Set<string>()
  for (const task of tasks) if (task.parentId && (task.status === "todo" || task.status === "in_progress")) parents.add(task.parentId)
  return parents
}

/** Ready work: open, not waiting on an open blocker, and with no open subtask left. */
export function isReady(task: Task, index: TaskIndex, withOpenSubtasks: ReadonlySet<string>): boolean {
  return (task.status === "todo" || task.status === "in_progress") && !isBlocked(index, task) && !withOpenSubtasks.has(task.id)
}

/** Ready tasks by priority, then due date, then the list's order (`tsk ready`, `query {ready}`). */
export function compareReady(a: Task, b: Task): number {
  return PRIORITY_RANK[b.priority] - PRIORITY_RANK[a.priority] || byDue(a, b) || a.order - b.order
}

/** Today's local date, or a function that gives it: only a due filter needs it (see localDateOf). */
export type Today = string | (() => string)

export function queryTasks(tasks: readonly Task[], query: TaskQuery, today: Today): Task[] {
  const result = filterTasks(tasks, query, today)
  result.sort(query.sort ? compareTasks(query.sort) : query.ready ? compareReady : compareTasks("order"))
  return query.limit ? result.slice(0, query.limit) : result
}

/** The tasks that match `query`, in the file's order (queryTasks sorts them; `limit` is not applied). */
export function filterTasks(tasks: readonly Task[], query: TaskQuery, today: Today): Task[] {
  const day = query.due === undefined ? "" : typeof today === "string" ? today : today()
  const index = query.ready !== undefined || query.blocked !== undefined ? indexTasks(tasks) : null
  const openParents = query.ready !== undefined ? tasksWithOpenSubtasks(tasks) : null
  const assignee = query.assignee?.toLowerCase()
  const statuses = query.status && query.status.length > 0 ? new Set(query.status) : null
  const priorities = query.priority && query.priority.length > 0 ? new Set(query.priority) : null
  const project = query.project?.toLowerCase()
  const tag = query.tag?.toLowerCase().replace(/^#/, "")
  const search = query.search?.toLowerCase()
  const includeClosed = query.includeClosed === true
  // A plain loop: a CLI command runs this once, on code not yet compiled, where calling a
  // callback per task (Array.prototype.filter) costs several times the loop itself.
  const found: Task[] = []
  for (const task of tasks) {
    if (statuses) {
      if (!statuses.has(task.status)) continue
    } else if (!includeClosed && (task.status === "done" || task.status === "archived")) continue
    if (priorities && !priorities.has(task.priority)) continue
    if (project !== undefined && task.project?.toLowerCase() !== project) continue
    if (tag !== undefined && !task.tags.some((t) => t.toLowerCase() === tag)) continue
    if (query.due && !matchesDue(task, query.due, day)) continue
    if (search && !task.title.toLowerCase().includes(search) && !task.description.toLowerCase().includes(search)) continue
    if (assignee !== undefined && (assignee === "none" ? task.assignee !== undefined && task.assignee !== null : task.assignee?.toLowerCase() !== assignee)) continue
    if (index && query.blocked !== undefined && isBlocked(index, task) !== query.blocked) continue
    if (index && openParents && query.ready !== undefined && isReady(task, index, openParents) !== query.ready) continue
    found.push(task)
  }
  return found
}
