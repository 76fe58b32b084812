// How tasks read on the command line: one-line rows, the detail view, and the JSON shape
// (the stored task plus derived `subtaskIds`, `blocked` and `progress`).
import type { Style } from "./command.ts"
import type { Priority, Task, TaskStatus } from "../domain/task.ts"
import { shortId } from "../domain/task-constants.ts"
import { isBlocked, progressOf } from "../domain/task-tree.ts"
import { taskJson, viewAround, viewOf, type TaskJson, type TaskView } from "../domain/task-shape.ts"
import { isOverdue } from "../domain/task-query.ts"
import { describeRecurrence } from "../domain/recurrence.ts"
import { formatDuration } from "../domain/duration.ts"
import { trackedMs } from "../domain/time-tracking.ts"
import { leaseText } from "../domain/task-claim.ts"
import { escapeControls } from "../domain/text-safety.ts"

/** Text from tasks, made safe for a terminal (see text-safety.ts). */
const safe = (text: string) => escapeControls(text)

export const STATUS_GLYPH: Record<TaskStatus, string> = { todo: "○", in_progress: "◐", done: "●", archived: "▪" }
const PRIORITY_MARK: Record<Priority, string> = { none: "  ", low: "↓ ", medium: "• ", high: "! ", urgent: "!!" }

export { taskJson, viewAround, viewOf, type TaskJson, type TaskView }

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

/**
 * One line of `tsk ls`. `depth` is the task's depth in the listed tree (0 when its parent is not
 * listed: then the parent it belongs to is named, so a subtask of a done task still says where it is).
 */
export function formatTaskRow(task: Task, view: TaskView, style: Style, today: string, depth = 0): string {
  const glyph = task.status === "done" ? style.green(STATUS_GLYPH.done) : STATUS_GLYPH[task.status]
  const mark = priorityColour(style, task.priority)(PRIORITY_MARK[task.priority])
  const indent = depth > 0 ? `${"  ".repeat(depth)}↳ ` : ""
  const title = safe(task.title)
  const parts = [`${style.dim(shortId(task.id))} ${glyph} ${mark} ${indent}${task.status === "done" ? style.dim(title) : title}`]
  const parent = depth === 0 && task.parentId ? view.index.get(task.parentId) : undefined
  if (parent) parts.push(style.dim(`↑ ${shortId(parent.id)}${parent.status === "done" ? " ✓" : ""}`))
  if (isBlocked(view.index, task)) parts.push("🔒")
  const progress = progressOf(view.children, task.id)
  if (progress) parts.push(style.dim(`[${progress.done}/${progress.total}]`))
  if (task.assignee) {
    const lease = leaseText(task, new Date())
    parts.push(style.blue(`➜ ${safe(task.assignee)}`) + (lease ? style.dim(` (${lease})`) : ""))
  }
  if (task.project) parts.push(style.magenta(`@${safe(task.project)}`))
  if (task.tags.length > 0) parts.push(style.cyan(task.tags.map((t) => `#${safe(t)}`).join(" ")))
  if (task.dueDate) parts.push(isOverdue(task, today) ? style.red(`due ${task.dueDate} (overdue)`) : style.dim(`due ${task.dueDate}`))
  if (task.recurrence) parts.push(style.dim(`↻ ${describeRecurrence(task.recurrence)}`))
  return parts.join("  ")
}

export function formatTaskDetails(task: Task, view: TaskView, style: Style, now: Date, today: string): string {
  const lines: string[] = [`${style.bold(safe(task.title))}  ${style.dim(safe(task.id))}`]
  const field = (name: string, value: string) => lines.push(`  ${style.dim(name.padEnd(11))} ${value}`)
  field("status", `${STATUS_GLYPH[task.status]} ${task.status}`)
  field("priority", priorityColour(style, task.priority)(task.priority))
  if (task.assignee) {
    const lease = leaseText(task, now)
    field("assignee", safe(task.assignee) + (lease ? style.dim(`  lease ${lease}, until ${task.lease!.expiresAt}`) : ""))
  }
  if (task.project) field("project", safe(task.project))
  if (task.tags.length > 0) field("tags", safe(task.tags.join(", ")))
  if (task.dueDate) field("due", isOverdue(task, today) ? style.red(`${task.dueDate} (overdue)`) : task.dueDate)
  if (task.recurrence) field("repeats", describeRecurrence(task.recurrence))
  if (task.parentId) {
    const parent = view.index.get(task.parentId)
    field("parent", parent ? `${shortId(parent.id)} ${safe(parent.title)}` : safe(task.parentId))
  }
  const tracked = trackedMs(task, now)
  if (task.estimateMinutes !== null || tracked > 0) {
    const running = task.timeEntries.some((e) => e.end === null) ? style.green(" (timer running)") : ""
    field("time", `${formatDuration(tracked)} tracked${task.estimateMinutes !== null ? ` of ${formatDuration(task.estimateMinutes * 60000)} estimated` : ""}${running}`)
  }
  if (task.blockedBy.length > 0) {
    field("blocked by", task.blockedBy.map((id) => {
      const blocker = view.index.get(id)
      return blocker ? `${shortId(id)} ${safe(blocker.title)}${blocker.status === "done" ? " ✓" : ""}` : safe(id)
    }).join("; "))
  }
  if (task.externalSource || task.externalId) field("external", safe([task.externalSource, task.externalId].filter(Boolean).join(" ")))
  field("created", task.createdAt)
  if (task.completedAt) field("completed", task.completedAt)
  if (task.description) lines.push("", ...task.description.split("\n").map((l) => `  ${safe(l.replace(/\t/g, "    "))}`))
  const kids = view.children.get(task.id) ?? []
  if (kids.length > 0) {
    const progress = progressOf(view.children, task.id)
    lines.push("", `  ${style.bold("Subtasks")} ${progress ? style.dim(`${progress.done}/${progress.total}`) : ""}`)
    for (const kid of kids) lines.push(`    ${STATUS_GLYPH[kid.status]} ${style.dim(shortId(kid.id))} ${safe(kid.title)}`)
  }
  if (task.notes.length > 0) {
    lines.push("", `  ${style.bold("Notes")}`)
    for (const note of task.notes) lines.push(`    ${style.dim(`${safe(note.createdAt.slice(0, 16).replace("T", " "))} ${safe(note.source)}:`)} ${note.content.split("\n").map(safe).join("\n      ")}`)
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
