// The task tree, drawing only the rows that fit (as one text of lines): the window follows the
// cursor, so 10,000 tasks cost the same to draw as 20.
import type { MouseEvent } from "@opentui/core"
import { isDefaultFilter } from "../../src/tui/task-filter.ts"
import { useEffect, useRef } from "react"
import { localDateOf } from "../../src/domain/local-date.ts"
import { isBlocked, progressOf } from "../../src/domain/task-tree.ts"
import { useServices, useTheme } from "../app-context.tsx"
import { paneFrame } from "../pane-frame.ts"
import { useAppState, useTaskView, useUiState, useVisibleRows } from "../hooks/use-stores.ts"
import { Lines } from "../line.tsx"
import { taskRowSegments, type RowMark } from "./task-row-segments.ts"

export interface TaskListPaneProps {
  width: number
  height: number
  focused: boolean
}

/** First row to draw so that `cursor` stays inside a window of `size` rows, moving as little as possible. */
export function scrollWindow(previousTop: number, cursor: number, size: number, count: number): number {
  if (size <= 0) return 0
  let top = Math.min(previousTop, Math.max(0, count - size))
  if (cursor < top) top = cursor
  if (cursor >= top + size) top = cursor - size + 1
  return Math.max(0, top)
}

export function TaskListPane(props: TaskListPaneProps) {
  const theme = useTheme()
  const { now } = useServices()
  const view = useTaskView()
  const readOnly = useAppState((s) => s.loadError !== null)
  const anchorId = useUiState((s) => s.visualAnchorId)
  const filtered = useUiState((s) => !isDefaultFilter(s))
  const { rows, cursor } = useVisibleRows()
  const innerWidth = props.width - 2
  const size = props.height - 2
  const { ui, controller } = useServices()
  // Page keys move by what the pane shows.
  useEffect(() => {
    if (size > 1 && ui.getState().pageSize !== size - 1) ui.getState().set({ pageSize: size - 1 })
  }, [ui, size])
  const topRef = useRef(0)
  const top = scrollWindow(topRef.current, Math.max(0, cursor), size, rows.length)
  topRef.current = top
  const anchor = anchorId === null ? -1 : rows.indexOf(anchorId)
  const [from, to] = anchor < 0 ? [cursor, cursor] : [Math.min(anchor, cursor), Math.max(anchor, cursor)]
  const clock = now()
  const today = localDateOf(clock)
  const title = rows.length === 0 ? " Tasks " : ` Tasks ${cursor + 1}/${rows.length} `
  return (
    <box
      width={props.width}
      height={props.height}
      {...paneFrame(theme, props.focused, title)}
      flexDirection="column"
      onMouseScroll={(event: MouseEvent) => controller.mouse.wheelList(event.scroll?.direction === "up" ? -1 : 1)}
    >
      {rows.length === 0 ? (
        <text fg={theme.textMuted}>{filtered ? " No task matches the filter (Esc clears it)." : view.tasks.length > 0 ? " No open tasks. f shows done ones." : readOnly ? " No tasks." : " No tasks yet. Press a to add one."}</text>
      ) : (
        <Lines
          width={innerWidth}
          onClick={(row) => controller.mouse.selectListRow(top + row)}
          lines={rows.slice(top, top + size).map((row, i) => {
            const at = top + i
            const mark: RowMark = at === cursor ? "cursor" : at >= from && at <= to ? "selected" : "none"
            const highlighted = mark !== "none" && props.focused
            return {
              fg: highlighted ? theme.selectionFg : theme.text,
              bg: highlighted && !theme.inverseSelection ? theme.selectionBg : undefined,
              inverse: highlighted && theme.inverseSelection,
              segments: taskRowSegments({ ...row, progress: progressOf(view.children, row.task.id), blocked: isBlocked(view.index, row.task) }, mark, innerWidth, today, theme, clock),
            }
          })}
        />
      )}
    </box>
  )
}
