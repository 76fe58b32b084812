// Screen 2: kanban columns To do / In progress / Done; H/L move the selected card across.
import type { MouseEvent } from "@opentui/core"
import { useRef } from "react"
import { localDateOf } from "../../src/domain/local-date.ts"
import { isBlocked, progressOf } from "../../src/domain/task-tree.ts"
import { boardColumns, cardIndex, type BoardColumn } from "../../src/tui/board-columns.ts"
import type { TaskView } from "../../src/tui/task-view.ts"
import { useServices, useTheme } from "../app-context.tsx"
import { paneFrame } from "../pane-frame.ts"
import { useTaskView, useUiState } from "../hooks/use-stores.ts"
import { Line } from "../line.tsx"
import { scrollWindow } from "../list/list-lines.ts"
import { cardLines, taskRowSegments } from "../list/task-row-segments.ts"

/** Columns narrower than this (inside their border) draw each card in two lines. */
export const TWO_LINE_BELOW = 40

interface ColumnProps {
  index: number
  column: BoardColumn
  view: TaskView
  selectedId: string | null
  focused: boolean
  width: number
  height: number
}

function BoardColumnBox(props: ColumnProps) {
  const theme = useTheme()
  const { now, controller } = useServices()
  const topRef = useRef(0)
  const inner = props.width - 2
  // A narrow column (80x24 gives about 24 columns) draws each card in two lines: the title gets the whole width.
  const lines = inner < TWO_LINE_BELOW ? 2 : 1
  const size = Math.max(1, Math.floor((props.height - 2) / lines))
  const { tasks } = props.column
  const cursor = cardIndex(props.column, props.selectedId)
  const top = scrollWindow(topRef.current, Math.max(0, cursor), size, tasks.length)
  topRef.current = top
  const today = localDateOf(now())
  return (
    <box
      width={props.width}
      height={props.height}
      {...paneFrame(theme, props.focused, ` ${props.column.title} (${tasks.length}) `)}
      onMouseScroll={(event: MouseEvent) => controller.mouse.wheelBoard(props.index, event.scroll?.direction === "up" ? -1 : 1)}
      flexDirection="column"
    >
      {tasks.slice(top, top + size).map((task, i) => {
        const selected = top + i === cursor && props.focused
        const row = { task, depth: 0, hasChildren: false, expanded: false, progress: progressOf(props.view.children, task.id), blocked: isBlocked(props.view.index, task) }
        const colours = { fg: selected ? theme.selectionFg : theme.text, bg: selected && !theme.inverseSelection ? theme.selectionBg : undefined, inverse: selected && theme.inverseSelection }
        if (lines === 2) {
          const [first, second] = cardLines(row, selected ? "cursor" : "none", inner, today, theme)
          return (
            <box key={task.id} flexDirection="column" height={2}>
              <Line width={inner} {...colours} segments={first} onClick={() => controller.mouse.selectBoardCard(props.index, task.id)} />
              <Line width={inner} {...colours} segments={second} onClick={() => controller.mouse.selectBoardCard(props.index, task.id)} />
            </box>
          )
        }
        return (
          <Line
            key={task.id}
            width={inner}
            fg={selected ? theme.selectionFg : theme.text}
            bg={selected && !theme.inverseSelection ? theme.selectionBg : undefined}
            inverse={selected && theme.inverseSelection}
            segments={taskRowSegments(row, selected ? "cursor" : "none", inner, today, theme)}
            onClick={() => controller.mouse.selectBoardCard(props.index, task.id)}
          />
        )
      })}
    </box>
  )
}

export function BoardView(props: { width: number; height: number }) {
  const view = useTaskView()
  const search = useUiState((s) => s.search)
  const sort = useUiState((s) => s.sort)
  const column = useUiState((s) => s.boardColumn)
  const selected = useUiState((s) => s.boardSelected)
  const facets = useUiState((s) => s.facets)
  const today = useUiState((s) => s.today)
  const columns = boardColumns(view, search, sort, facets, today)
  const width = Math.floor(props.width / 3)
  return (
    <box flexDirection="row" width={props.width} height={props.height}>
      {columns.map((c, i) => (
        <BoardColumnBox
          key={c.status}
          index={i}
          column={c}
          view={view}
          selectedId={selected[i] ?? null}
          focused={i === column}
          width={i === 2 ? props.width - 2 * width : width}
          height={props.height}
        />
      ))}
    </box>
  )
}
