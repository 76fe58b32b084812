// How tasks read on the command line: one-line rows, the detail view, and the JSON shape
// (the stored task plus derived `subtaskIds`, `blocked` and `progress`).
import type { Style } from "./command.ts"
import type { Priority, Task, TaskStatus } from "../domain/task.ts"
import { shortId } from "../domain/task-constants.ts"
import { childrenOf, indexTasks, isBlocked, progressOf, type TaskIndex } from "../domain/task-tree.ts"
import { isOverdue } from "../domain/task-query.ts"
import { describeRecurrence } from "../domain/recurrence.ts"
import { formatDuration } from "../domain/duration.ts"
import { trackedMs } from "../domain/time-tracking.ts"

export const STATUS_GLYPH: Record<TaskStatus, string> = { todo: "○", in_progress: "◐", done: "●", archived: "▪" }
const PRIORITY_MARK: Record<Priority, string> = { none: "  ", low: "↓ ", medium: "• ", high: "! ", urgent: "!!" }

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
  const blockers = new Set(task.blockedBy)
  const index: TaskIndex = new Map()
  const kids: Task[] = []
  for (const t of tasks) {
    if (blockers.has(t.id)) index.set(t.id, t)
    if (t.parentId === task.id) kids.push(t)
  }
  return { index, children: new Map([[task.id, kids]]) }
}

export type TaskJson = Task & { subtaskIds: string[]; blocked: boolean; progress: { done: number; total: number } | null }

export function taskJson(task: Task, view: TaskView): TaskJson {
  return {
    ...task,
    subtaskIds: (view.children.get(task.id) ?? []).map((t) => t.id),
    blocked: isBlocked(view.index, task),
    progress: progressOf(view.children, task.id),
  }
}

/**
 * JSON.stringify(taskJson(task, view)), written without copying the task: the stored task's own
 * text with the derived fields appended (the same keys in the same order).
 */
export function taskJsonText(task: Task, view: TaskView): string {
  const own = JSON.stringify(task)
  const subtaskIds = JSON.stringify((view.children.get(task.id) ?? []).map((t) => t.id))
  const progress = JSON.stringify(progressOf(view.children, task.id))
  return `${own.slice(0, -1)},"subtaskIds":${subtaskIds},"blocked":${isBlocked(view.index, task)},"progress":${progress}}`
}

function priorityColour(style: Style, priority: Priority): (s: string) => string {
  switch (priority) {
    case "urgent":
      return (s) => style.bold(style.red(s))
    case "high":
      return style.red
    case "medium":
      return style.yellow
    case "low":
      return style.blue
    default:
      return (s) => s
  }
}

export function formatTaskRow(task: Task, view: TaskView, style: Style, today: string): string {
  const glyph = task.status === "done" ? style.green(STATUS_GLYPH.done) : STATUS_GLYPH[task.status]
  const mark = priorityColour(style, task.priority)(PRIORITY_MARK[task.priority])
  const indent = task.parentId && view.index.has(task.parentId) ? "  ↳ " : ""
  const parts = [`${style.dim(shortId(task.id))} ${glyph} ${mark} ${indent}${task.status === "done" ? style.dim(task.title) : task.title}`]
  if (isBlocked(view.index, task)) parts.push("🔒")
  const progress = progressOf(view.children, task.id)
  if (progress) parts.push(style.dim(`[${progress.done}/${progress.total}]`))
  if (task.project) parts.push(style.magenta(`@${task.project}`))
  if (task.tags.length > 0) parts.push(style.cyan(task.tags.map((t) => `#${t}`).join(" ")))
  if (task.dueDate) parts.push(isOverdue(task, today) ? style.red(`due ${task.dueDate} (overdue)`) : style.dim(`due ${task.dueDate}`))
  if (task.recurrence) parts.push(style.dim(`↻ ${describeRecurrence(task.recurrence)}`))
  return parts.join("  ")
}

export function formatTaskDetails(task: Task, view: TaskView, style: Style, now: Date, today: string): string {
  const lines: string[] = [`${style.bold(task.title)}  ${style.dim(task.id)}`]
  const field = (name: string, value: string) => lines.push(`  ${style.dim(name.padEnd(11))} ${value}`)
  field("status", `${STATUS_GLYPH[task.status]} ${task.status}`)
  field("priority", priorityColour(style, task.priority)(task.priority))
  if (task.project) field("project", task.project)
  if (task.tags.length > 0) field("tags", task.tags.join(", "))
  if (task.dueDate) field("due", isOverdue(task, today) ? style.red(`${task.dueDate} (overdue)`) : task.dueDate)
  if (task.recurrence) field("repeats", describeRecurrence(task.recurrence))
  if (task.parentId) {
    const parent = view.index.get(task.parentId)
    field("parent", parent ? `${shortId(parent.id)} ${parent.title}` : task.parentId)
  }
  const tracked = trackedMs(task, now)
  if (task.estimateMinutes !== null || tracked > 0) {
    const running = task.timeEntries.some((e) => e.end === null) ? style.green(" (timer running)") : ""
    field("time", `${formatDuration(tracked)} tracked${task.estimateMinutes !== null ? ` of ${formatDuration(task.estimateMinutes * 60000)} estimated` : ""}${running}`)
  }
  if (task.blockedBy.length > 0) {
    field("blocked by", task.blockedBy.map((id) => {
      const blocker = view.index.get(id)
      return blocker ? `${shortId(id)} ${blocker.title}${blocker.status === "done" ? " ✓" : ""}` : id
    }).join("; "))
  }
  if (task.externalSource || task.externalId) field("external", [task.externalSource, task.externalId].filter(Boolean).join(" "))
  field("created", task.createdAt)
  if (task.completedAt) field("completed", task.completedAt)
  if (task.description) lines.push("", ...task.description.split("\n").map((l) => `  ${l}`))
  const kids = view.children.get(task.id) ?? []
  if (kids.length > 0) {
    const progress = progressOf(view.children, task.id)
    lines.push("", `  ${style.bold("Subtasks")} ${progress ? style.dim(`${progress.done}/${progress.total}`) : ""}`)
    for (const kid of kids) lines.push(`    ${STATUS_GLYPH[kid.status]} ${style.dim(shortId(kid.id))} ${kid.title}`)
  }
  if (task.notes.length > 0) {
    lines.push("", `  ${style.bold("Notes")}`)
    for (const note of task.notes) lines.push(`    ${style.dim(`${note.createdAt.slice(0, 16).replace("T", " ")} ${note.source}:`)} ${note.content}`)
  }
  if (task.timeEntries.length > 0) {
    lines.push("", `  ${style.bold("Time entries")}`)
    for (const entry of task.timeEntries.slice(-10)) {
      const end = entry.end ?? "running"
      const ms = (entry.end ? Date.parse(entry.end) : now.getTime()) - Date.parse(entry.start)
      lines.push(`    ${entry.start.slice(0, 16).replace("T", " ")} → ${end === "running" ? style.green(end) : end.slice(11, 16)}  ${formatDuration(ms)}`)
    }
  }
  return lines.join("\n")
}
