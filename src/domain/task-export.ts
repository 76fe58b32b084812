// `tsk export`: every task (done and archived too) as CSV or Markdown. Text fields are escaped for
// a terminal (see text-safety.ts); the JSON export is the full task shape.
import type { Task } from "./task.ts"
import { shortId } from "./task-constants.ts"
import { escapeControls } from "./text-safety.ts"
import { trackedMs } from "./time-tracking.ts"

export const EXPORT_FORMATS = ["json", "csv", "md"] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

const CSV_COLUMNS = [
  "id", "title", "status", "priority", "project", "tags", "dueDate", "parentId", "blockedBy", "assignee",
  "estimateMinutes", "trackedMinutes", "createdAt", "updatedAt", "completedAt", "description",
] as const

function csvCell(value: string): string {
  const text = escapeControls(value, true)
  return /[",\n\r\t]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function tasksToCsv(tasks: readonly Task[], now: Date): string {
  const rows = tasks.map((t) =>
    [
      t.id, t.title, t.status, t.priority, t.project ?? "", t.tags.join(";"), t.dueDate ?? "", t.parentId ?? "", t.blockedBy.join(";"),
      t.assignee ?? "", t.estimateMinutes === null ? "" : String(t.estimateMinutes), String(Math.round(trackedMs(t, now) / 60000)),
      t.createdAt, t.updatedAt, t.completedAt ?? "", t.description,
    ].map(csvCell).join(","),
  )
  return [CSV_COLUMNS.join(","), ...rows].join("\n")
}

const MD_CHECK: Record<Task["status"], string> = { todo: "[ ]", in_progress: "[~]", done: "[x]", archived: "[-]" }

/** Grouped by project, subtasks indented under their parent. */
export function tasksToMarkdown(tasks: readonly Task[]): string {
  const byParent = new Map<string, Task[]>()
  const ids = new Set(tasks.map((t) => t.id))
  for (const task of tasks) {
    if (task.parentId && ids.has(task.parentId)) byParent.set(task.parentId, [...(byParent.get(task.parentId) ?? []), task])
  }
  const groups = new Map<string, Task[]>()
  for (const task of tasks) {
    if (task.parentId && ids.has(task.parentId)) continue
    const key = task.project ?? "(no project)"
    groups.set(key, [...(groups.get(key) ?? []), task])
  }
  const lines = ["# Tasks", ""]
  const emit = (task: Task, depth: number, seen: Set<string>) => {
    if (seen.has(task.id)) return
    seen.add(task.id)
    const extras = [
      task.priority !== "none" ? task.priority : "",
      task.dueDate ? `due ${task.dueDate}` : "",
      task.assignee ? `@${task.assignee}` : "",
      ...task.tags.map((t) => `#${t}`),
    ].filter(Boolean)
    lines.push(`${"  ".repeat(depth)}- ${MD_CHECK[task.status]} ${escapeControls(task.title)}${extras.length ? ` (${escapeControls(extras.join(", "))})` : ""} \`${shortId(task.id)}\``)
    for (const kid of byParent.get(task.id) ?? []) emit(kid, depth + 1, seen)
  }
  const seen = new Set<string>()
  for (const [project, group] of [...groups.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(`## ${escapeControls(project)}`, "")
    for (const task of group) emit(task, 0, seen)
    lines.push("")
  }
  return lines.join("\n").trimEnd()
}
