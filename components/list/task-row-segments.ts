// The segments of one task row: cursor, indent, expander, status glyph, priority mark, title, and
// on the right blocked, progress, who holds it, due, project and tags, dropping from the right when
// space runs out.
import { TextAttributes } from "../theme/text-attributes.ts"
import { daysBetween } from "../../src/domain/local-date.ts"
import { isOverdue } from "../../src/domain/task-query.ts"
import type { Priority, Task, TaskStatus } from "../../src/domain/task.ts"
import type { Progress } from "../../src/domain/task-tree.ts"
import type { TaskRow } from "../../src/tui/visible-rows.ts"
import type { Segment } from "../line.tsx"
import type { Theme } from "../theme/theme.ts"
import { fitText, textWidth } from "../text-fit.ts"
import { MONTH_NAMES } from "../../src/tui/calendar-model.ts"
import { leaseShort } from "../../src/domain/task-claim.ts"

export const STATUS_GLYPHS: Record<TaskStatus, string> = { todo: "○", in_progress: "◐", done: "✓", archived: "▪" }
export const PRIORITY_MARKS: Record<Priority, string> = { none: " ", low: "↓", medium: "=", high: "↑", urgent: "!" }

export type RowMark = "cursor" | "selected" | "none"

/** A row as drawn: its place in the tree plus what is worked out only for rows on screen. */
export interface DrawnRow extends TaskRow {
  progress: Progress | null
  blocked: boolean
}

/** "today", "tomorrow", "2d late", "Mar 14" or the full date in another year. */
export function dueLabel(task: Task, today: string): string | null {
  if (!task.dueDate) return null
  if (isOverdue(task, today)) return `${daysBetween(task.dueDate, today)}d late`
  const days = daysBetween(today, task.dueDate)
  if (days === 0) return "today"
  if (days === 1) return "tomorrow"
  if (task.dueDate.slice(0, 4) !== today.slice(0, 4)) return task.dueDate
  return `${MONTH_NAMES[Number(task.dueDate.slice(5, 7)) - 1]!.slice(0, 3)} ${Number(task.dueDate.slice(8, 10))}`
}

function metaSegments(row: DrawnRow, today: string, theme: Theme, now: Date | undefined): Segment[] {
  const { task } = row
  const meta: Segment[] = []
  if (row.blocked) meta.push({ text: " 🔒" })
  if (row.progress) meta.push({ text: ` [${row.progress.done}/${row.progress.total}]`, fg: theme.textMuted })
  // The agent or person that claimed it (tsk claim --as): who is on it, at a glance, and for how long.
  if (task.assignee) {
    const lease = now && leaseShort(task, now)
    meta.push({ text: ` (${task.assignee}${lease ? ` ${lease}` : ""})`, fg: theme.accent })
  }
  const due = dueLabel(task, today)
  if (due) meta.push({ text: ` ${due}`, fg: isOverdue(task, today) ? theme.overdue : theme.due, attributes: isOverdue(task, today) ? TextAttributes.BOLD : 0 })
  if (task.project) meta.push({ text: ` @${task.project}`, fg: theme.project })
  for (const tag of task.tags) meta.push({ text: ` #${tag}`, fg: theme.tag })
  return meta
}

/** `now`: the clock the lease of a claimed task is told against (left out, only its holder shows). */
export function taskRowSegments(row: DrawnRow, mark: RowMark, width: number, today: string, theme: Theme, now?: Date): Segment[] {
  const { task } = row
  const closed = task.status === "done" || task.status === "archived"
  const expander = row.hasChildren ? (row.expanded ? "▾" : "▸") : " "
  const head: Segment[] = [
    { text: mark === "cursor" ? "›" : mark === "selected" ? "*" : " ", fg: theme.accent, attributes: TextAttributes.BOLD },
    { text: `${"  ".repeat(row.depth)}${expander}`, fg: theme.textMuted },
    { text: STATUS_GLYPHS[task.status], fg: theme.status[task.status] },
    { text: ` ${PRIORITY_MARKS[task.priority]} `, fg: theme.priority[task.priority], attributes: TextAttributes.BOLD },
  ]
  const headWidth = head.reduce((sum, s) => sum + textWidth(s.text), 0)
  // Meta gets at most half of what is left after the head; whole pieces are dropped from the right.
  const meta = metaSegments(row, today, theme, now)
  const metaRoom = Math.floor((width - headWidth) / 2)
  let metaWidth = meta.reduce((sum, s) => sum + textWidth(s.text), 0)
  if (metaWidth > metaRoom) {
    // Whole pieces go from the right, and " …" says some did (tags must not vanish silently).
    while (meta.length > 0 && metaWidth + 2 > metaRoom) metaWidth -= textWidth(meta.pop()!.text)
    if (metaRoom >= 2) {
      meta.push({ text: " …", fg: theme.textMuted })
      metaWidth += 2
    }
  }
  const titleRoom = Math.max(0, width - headWidth - metaWidth)
  const title = fitText(task.title, titleRoom)
  const titleSegment: Segment = {
    text: title + " ".repeat(Math.max(0, titleRoom - textWidth(title))),
    fg: closed ? theme.textMuted : theme.text,
    attributes: task.status === "done" ? TextAttributes.STRIKETHROUGH : mark === "cursor" ? TextAttributes.BOLD : 0,
  }
  return [...head, titleSegment, ...meta]
}

/**
 * A board card in two lines, for narrow columns: the head and the title on the first (the title
 * gets the whole width), the due date, project, tags and progress under it; whole pieces of that
 * second line are dropped from the right when it is too long, and " …" says so.
 */
export function cardLines(row: DrawnRow, mark: RowMark, width: number, today: string, theme: Theme, now?: Date): [Segment[], Segment[]] {
  const first = taskRowSegments({ ...row, blocked: false, progress: null, task: { ...row.task, assignee: undefined, dueDate: null, project: null, tags: [] } }, mark, width, today, theme)
  const meta = metaSegments(row, today, theme, now)
  const indent = 6
  let metaWidth = meta.reduce((sum, s) => sum + textWidth(s.text), 0)
  if (indent + metaWidth > width) {
    while (meta.length > 0 && indent + metaWidth + 2 > width) metaWidth -= textWidth(meta.pop()!.text)
    meta.push({ text: " …", fg: theme.textMuted })
  }
  return [first, [{ text: " ".repeat(indent - 1) }, ...meta]]
}
