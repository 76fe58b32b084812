// The task tree, drawing only the rows that fit (as one text of lines): the window follows the
// cursor, so 10,000 tasks cost the same to draw as 20.
import type { MouseEvent } from "@opentui/core"
import { isDefaultFilter } from "../../src/tui/task-filter.ts"
import { useEffect, useRef } from "react"
import { useServices, useTheme } from "../app-context.tsx"
import { paneFrame } from "../pane-frame.ts"
import { useAppState, useTaskView, useUiState, useVisibleRows } from "../hooks/use-stores.ts"
import { Lines } from "../line.tsx"
import { emptyListText, listLines, listTitle, scrollWindow } from "./list-lines.ts"

export interface TaskListPaneProps {
  width: number
  height: number
  focused: boolean
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
  return (
    <box
      width={props.width}
      height={props.height}
      {...paneFrame(theme, props.focused, listTitle(rows, cursor))}
      flexDirection="column"
      onMouseScroll={(event: MouseEvent) => controller.mouse.wheelList(event.scroll?.direction === "up" ? -1 : 1)}
    >
      {rows.length === 0 ? (
        <text fg={theme.textMuted}>{emptyListText(filtered, view, readOnly)}</text>
      ) : (
        <Lines
          width={innerWidth}
          onClick={(row) => controller.mouse.selectListRow(top + row)}
          lines={listLines({ rows, cursor, top, size, anchor, focused: props.focused, view, innerWidth, theme, now: now() })}
        />
      )}
    </box>
  )
}
