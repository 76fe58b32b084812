// The task list pane's title and lines, for the rows that fit: TaskListPane draws them; so does the
// first screen (first-screen.ts), before OpenTUI loads.
import { localDateOf } from "../../src/domain/local-date.ts"
import { isBlocked, progressOf } from "../../src/domain/task-tree.ts"
import type { RowList } from "../../src/tui/row-list.ts"
import type { TaskView } from "../../src/tui/task-view.ts"
import type { LineSpec } from "../line.tsx"
import type { Theme } from "../theme/theme-tokens.ts"
import { taskRowSegments, type RowMark } from "./task-row-segments.ts"

/** Below this width the detail panel only shows when it has the focus (Tab). */
export const SIDE_BY_SIDE_MIN_WIDTH = 70

/** How the List shares its width: the list beside the detail panel, or the list (or the panel) alone. */
export function listLayout(width: number, detailShown: boolean): { sideBySide: boolean; listWidth: number } {
  const sideBySide = width >= SIDE_BY_SIDE_MIN_WIDTH && detailShown
  return { sideBySide, listWidth: sideBySide ? Math.floor(width * 0.58) : width }
}

/** First row to draw so that `cursor` stays inside a window of `size` rows, moving as little as possible. */
export function scrollWindow(previousTop: number, cursor: number, size: number, count: number): number {
  if (size <= 0) return 0
  let top = Math.min(previousTop, Math.max(0, count - size))
  if (cursor < top) top = cursor
  if (cursor >= top + size) top = cursor - size + 1
  return Math.max(0, top)
}

export function listTitle(rows: RowList, cursor: number): string {
  return rows.length === 0 ? " Tasks " : ` Tasks ${cursor + 1}/${rows.length} `
}

/** What the pane says when no row shows. */
export function emptyListText(filtered: boolean, view: TaskView, readOnly: boolean): string {
  return filtered ? " No task matches the filter (Esc clears it)." : view.tasks.length > 0 ? " No open tasks. f shows done ones." : readOnly ? " No tasks." : " No tasks yet. Press a to add one."
}

export interface ListLinesState {
  rows: RowList
  cursor: number
  /** The first row drawn (scrollWindow) and how many fit. */
  top: number
  size: number
  /** The visual selection's other end (a row index), or -1. */
  anchor: number
  focused: boolean
  view: TaskView
  innerWidth: number
  theme: Theme
  now: Date
}

export function listLines(state: ListLinesState): LineSpec[] {
  const { rows, cursor, theme, view } = state
  const [from, to] = state.anchor < 0 ? [cursor, cursor] : [Math.min(state.anchor, cursor), Math.max(state.anchor, cursor)]
  const today = localDateOf(state.now)
  return rows.slice(state.top, state.top + state.size).map((row, i) => {
    const at = state.top + i
    const mark: RowMark = at === cursor ? "cursor" : at >= from && at <= to ? "selected" : "none"
    const highlighted = mark !== "none" && state.focused
    return {
      fg: highlighted ? theme.selectionFg : theme.text,
      bg: highlighted && !theme.inverseSelection ? theme.selectionBg : undefined,
      inverse: highlighted && theme.inverseSelection,
      segments: taskRowSegments({ ...row, progress: progressOf(view.children, row.task.id), blocked: isBlocked(view.index, row.task) }, mark, state.innerWidth, today, theme, state.now),
    }
  })
}
