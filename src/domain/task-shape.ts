// The JSON shapes of a task that every surface answers with (CLI --json, bridge, MCP): the full
// shape (the stored task plus derived `subtaskIds`, `blocked`, `progress` and `assignee`), the
// summary that lists return by default (the ancestor's summary fields plus a few), and the compact
// shape for agents (about 100 bytes a task, compactTaskJson). `fields` picks any set of the full shape's names.
import { invalid } from "./errors.ts"
import type { Task } from "./task.ts"
import { childrenOf, indexTasks, isBlocked, progressOf, type TaskIndex } from "./task-tree.ts"

export interface TaskView {
  index: TaskIndex
  children: Map<string | null, Task[]>
}

export function viewOf(tasks: readonly Task[]): TaskView {
  return { index: indexTasks(tasks), children: childrenOf(tasks) }
}

/**
 * Just what one task's JSON needs (its blockers and its children), in one pass over the list:
 * a command that prints one task does not index all 10,000.
 */
export function viewAround(tasks: readonly Task[], task: Task): TaskView {
  return viewOfShown(tasks, [task])
}

/**
 * Just what the JSON and the rows of `shown` need (their blockers, parents and children), in one
 * pass over the list: a page of 50 does not index all 10,000. Answers as viewOf does for them.
 * Given `fields`, the view serves only pickFields of those fields: their blockers, and their
 * children when `subtaskIds` or `progress` is asked for; a page whose tasks have no blocker then
 * needs no pass at all (the default fields of a listing).
 */
export function viewOfShown(tasks: readonly Task[], shown: readonly Task[], fields?: readonly TaskField[]): TaskView {
  const parents = fields === undefined
  const kids = parents || fields.includes("subtaskIds") || fields.includes("progress")
  const wanted = new Set<string>()
  const children = new Map<string | null, Task[]>()
  for (const task of shown) {
    for (const id of task.blockedBy) wanted.add(id)
    if (parents && task.parentId !== null) wanted.add(task.parentId)
    if (kids) children.set(task.id, [])
  }
  const index: TaskIndex = new Map()
  if (wanted.size === 0 && !kids) return { index, children }
  for (const task of tasks) {
    if (wanted.has(task.id)) index.set(task.id, task)
    if (task.parentId !== null) children.get(task.parentId)?.push(task)
  }
  return { index, children }
}

export type TaskJson = Omit<Task, "assignee"> & {
  assignee: string | null
  subtaskIds: string[]
  blocked: boolean
  progress: { done: number; total: number } | null
}

/** The fields of the full shape that are not the stored task's own (assignee: null when unset). */
const DERIVED = {
  assignee: (task: Task) => task.assignee ?? null,
  subtaskIds: (task: Task, view: TaskView) => (view.children.get(task.id) ?? []).map((t) => t.id),
  blocked: (task: Task, view: TaskView) => isBlocked(view.index, task),
  progress: (task: Task, view: TaskView) => progressOf(view.children, task.id),
} satisfies { [K in "assignee" | "subtaskIds" | "blocked" | "progress"]: (task: Task, view: TaskView) => TaskJson[K] }

export function taskJson(task: Task, view: TaskView): TaskJson {
  return {
    ...task,
    assignee: DERIVED.assignee(task),
    subtaskIds: DERIVED.subtaskIds(task, view),
    blocked: DERIVED.blocked(task, view),
    progress: DERIVED.progress(task, view),
  }
}

export type TaskField = keyof TaskJson

export const ALL_FIELDS: readonly TaskField[] = [
  "id", "title", "description", "status", "priority", "project", "tags", "dueDate", "parentId", "blockedBy", "recurrence",
  "nextOccurrenceId", "estimateMinutes", "timeEntries", "notes", "externalId", "externalSource", "assignee", "lease", "createdAt",
  "updatedAt", "completedAt", "order", "subtaskIds", "blocked", "progress",
]

/** What lists answer by default: the ancestor's task summary plus parent, assignee, its lease (when claimed) and blocked. */
export const SUMMARY_FIELDS: readonly TaskField[] = [
  "id", "title", "status", "priority", "project", "tags", "dueDate", "createdAt", "completedAt", "parentId", "assignee", "lease", "blocked",
]

/**
 * The compact shape's fields: always id, title, status, priority; the others only when set
 * (see compactTaskJson), `progress` as `subtasks: "done/total"`.
 */
export const COMPACT_FIELDS: readonly TaskField[] = ["id", "title", "status", "priority", "project", "dueDate", "tags", "parentId", "assignee", "lease", "blocked", "progress"]

export interface CompactTask {
  id: string
  title: string
  status: string
  priority: string
  project?: string
  dueDate?: string
  tags?: string[]
  parentId?: string
  assignee?: string
  /** When the assignee's claim runs out (see domain/task-claim.ts). */
  leaseExpiresAt?: string
  blocked?: true
  /** `done/total` of its subtasks. */
  subtasks?: string
}

/**
 * The one compact task every surface answers with (CLI `--fields compact`, bridge `compact`, MCP
 * lists): what an agent needs to pick work, about 100 bytes; empty fields are left out. Takes the
 * task's JSON (any superset of these fields), so MCP can shape an answer the bridge already made.
 */
export function compactTaskJson(task: Record<string, unknown>, cut: (text: string) => string = (text) => text): CompactTask {
  const compact: CompactTask = { id: String(task.id), title: cut(String(task.title)), status: String(task.status), priority: String(task.priority) }
  if (typeof task.project === "string") compact.project = task.project
  if (typeof task.dueDate === "string") compact.dueDate = task.dueDate
  if (Array.isArray(task.tags) && task.tags.length > 0) compact.tags = task.tags as string[]
  if (typeof task.parentId === "string") compact.parentId = task.parentId
  if (typeof task.assignee === "string") compact.assignee = task.assignee
  const lease = task.lease as { expiresAt?: unknown } | undefined
  if (lease && typeof lease === "object" && typeof lease.expiresAt === "string") compact.leaseExpiresAt = lease.expiresAt
  if (task.blocked === true) compact.blocked = true
  const progress = task.progress as { done?: unknown; total?: unknown } | null | undefined
  if (progress && typeof progress === "object") compact.subtasks = `${progress.done}/${progress.total}`
  return compact
}

/** `all`, `summary`, `compact`, or names such as `id,title,status` (validated). */
export function parseFields(spec: string | readonly string[]): readonly TaskField[] {
  const names = (typeof spec === "string" ? spec.split(",") : spec).map((n) => n.trim()).filter((n) => n.length > 0)
  if (names.length === 1 && names[0] === "all") return ALL_FIELDS
  if (names.length === 1 && names[0] === "summary") return SUMMARY_FIELDS
  if (names.length === 1 && names[0] === "compact") return COMPACT_FIELDS
  if (names.length === 0) throw invalid("fields: name at least one field, or all, summary, compact")
  const unknown = names.filter((n) => !(ALL_FIELDS as readonly string[]).includes(n))
  if (unknown.length > 0) throw invalid(`unknown field${unknown.length === 1 ? "" : "s"} ${unknown.join(", ")}: use ${ALL_FIELDS.join(", ")} (or all, summary, compact)`)
  return [...new Set(names)] as TaskField[]
}

/** The `fields` of the full shape, in that order; a derived one is worked out only when asked for. */
export function pickFields(task: Task, view: TaskView, fields: readonly TaskField[]): Partial<TaskJson> {
  if (fields === ALL_FIELDS) return taskJson(task, view)
  if (fields === COMPACT_FIELDS) return compactTaskJson(taskJson(task, view)) as unknown as Partial<TaskJson>
  const out: Record<string, unknown> = {}
  for (const field of fields) out[field] = Object.hasOwn(DERIVED, field) ? DERIVED[field as keyof typeof DERIVED](task, view) : task[field as keyof Task]
  return out as Partial<TaskJson>
}
