// Every field of one task as lines for the detail panel: fields, description, blockers, subtasks,
// notes and time entries. Long text is wrapped to the panel's width.
import { TextAttributes } from "../theme/text-attributes.ts"
import { formatDuration, formatClock } from "../../src/domain/duration.ts"
import { describeRecurrence } from "../../src/domain/recurrence.ts"
import { isOverdue } from "../../src/domain/task-query.ts"
import type { Task } from "../../src/domain/task.ts"
import { shortId } from "../../src/domain/task-constants.ts"
import { isBlocked, progressOf, type TaskIndex } from "../../src/domain/task-tree.ts"
import { trackedMs } from "../../src/domain/time-tracking.ts"
import type { Segment } from "../line.tsx"
import type { Theme } from "../theme/theme.ts"
import { textWidth } from "../text-fit.ts"
import { dueLabel, STATUS_GLYPHS } from "./task-row-segments.ts"
import { leaseText } from "../../src/domain/task-claim.ts"

export type DetailLine = Segment[]

/** Word-wrap `text` to `width` columns (long words are cut). */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = []
  for (const paragraph of text.split("\n")) {
    let line = ""
    for (const word of paragraph.split(/\s+/).filter((w) => w.length > 0)) {
      let rest = word
      while (textWidth(rest) > width) {
        if (line) lines.push(line)
        line = ""
        lines.push(rest.slice(0, width))
        rest = rest.slice(width)
      }
      if (line === "") line = rest
      else if (textWidth(line) + 1 + textWidth(rest) <= width) line += ` ${rest}`
      else {
        lines.push(line)
        line = rest
      }
    }
    lines.push(line)
  }
  return lines
}

function time(iso: string): string {
  const d = new Date(iso)
  const pad = (n: number) => String(n).padStart(2, "0")
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`
}

export interface DetailInput {
  task: Task
  index: TaskIndex
  children: Map<string | null, Task[]>
  today: string
  now: Date
  width: number
  theme: Theme
}

export function detailLines(input: DetailInput): DetailLine[] {
  const { task, index, children, today, now, width, theme } = input
  const lines: DetailLine[] = []
  const field = (label: string, value: string, fg = theme.text) => lines.push([{ text: `${label.padEnd(10)}`, fg: theme.textMuted }, { text: value, fg }])
  const heading = (text: string) => {
    lines.push([])
    lines.push([{ text, fg: theme.accent, attributes: TextAttributes.BOLD }])
  }
  for (const part of wrapText(task.title, width)) lines.push([{ text: part, fg: theme.text, attributes: TextAttributes.BOLD }])
  field("id", shortId(task.id), theme.textMuted)
  field("status", `${STATUS_GLYPHS[task.status]} ${task.status.replace("_", " ")}`, theme.status[task.status])
  if (task.assignee) {
    const lease = leaseText(task, now)
    field("assignee", lease ? `${task.assignee} · lease ${lease}` : task.assignee, theme.accent)
  }
  field("priority", task.priority, theme.priority[task.priority])
  field("project", task.project ?? "–", task.project ? theme.project : theme.textMuted)
  // Tags wrap under their label instead of being cut at the panel's edge.
  const tagLines = task.tags.length > 0 ? wrapText(task.tags.map((t) => `#${t}`).join(" "), Math.max(1, width - 10)) : ["–"]
  tagLines.forEach((part, i) => field(i === 0 ? "tags" : "", part, task.tags.length > 0 ? theme.tag : theme.textMuted))
  const due = dueLabel(task, today)
  field("due", task.dueDate ? `${task.dueDate} (${due})` : "–", isOverdue(task, today) ? theme.overdue : task.dueDate ? theme.due : theme.textMuted)
  if (task.parentId) field("parent", index.get(task.parentId)?.title ?? shortId(task.parentId))
  if (task.recurrence) field("repeats", describeRecurrence(task.recurrence))
  const tracked = trackedMs(task, now)
  const estimate = task.estimateMinutes !== null ? ` of ${formatDuration(task.estimateMinutes * 60_000)}` : ""
  // A running timer shows a ticking clock (the pane re-renders every second), never a stale "0s".
  if (task.timeEntries.some((entry) => entry.end === null)) field("time", `⏱ ${formatClock(tracked)} running${estimate}`, theme.warning)
  else if (tracked > 0 || estimate) field("time", `${formatDuration(tracked)}${estimate}`)
  if (task.externalSource || task.externalId) field("source", [task.externalSource, task.externalId].filter(Boolean).join(" "))
  field("created", time(task.createdAt), theme.textMuted)
  field("updated", time(task.updatedAt), theme.textMuted)
  if (task.completedAt) field("completed", time(task.completedAt), theme.textMuted)
  if (task.description) {
    heading("Description")
    for (const part of wrapText(task.description, width)) lines.push([{ text: part, fg: theme.text }])
  }
  if (task.blockedBy.length > 0) {
    heading(isBlocked(index, task) ? "Blocked by 🔒" : "Blocked by (all done)")
    for (const id of task.blockedBy) {
      const blocker = index.get(id)
      lines.push([{ text: blocker ? `${STATUS_GLYPHS[blocker.status]} ${blocker.title}` : `? ${shortId(id)}`, fg: theme.text }])
    }
  }
  const kids = children.get(task.id) ?? []
  if (kids.length > 0) {
    const progress = progressOf(children, task.id)
    heading(`Subtasks${progress ? ` ${progress.done}/${progress.total}` : ""}`)
    for (const kid of kids) lines.push([{ text: `${STATUS_GLYPHS[kid.status]} ${kid.title}`, fg: theme.status[kid.status] }])
  }
  if (task.notes.length > 0) {
    heading(`Notes (${task.notes.length})`)
    for (const note of task.notes) {
      lines.push([{ text: `${time(note.createdAt)} · ${note.source}`, fg: theme.textMuted }])
      for (const part of wrapText(note.content, width)) lines.push([{ text: part, fg: theme.text }])
    }
  }
  if (task.timeEntries.length > 0) {
    heading(`Time entries (${task.timeEntries.length})`)
    for (const entry of task.timeEntries) {
      const end = entry.end ?? now.toISOString()
      const duration = formatDuration(Date.parse(end) - Date.parse(entry.start))
      lines.push([{ text: `${time(entry.start)} → ${entry.end ? time(entry.end).slice(11) : "running"}  ${duration}`, fg: entry.end ? theme.text : theme.warning }])
    }
  }
  return lines
}
