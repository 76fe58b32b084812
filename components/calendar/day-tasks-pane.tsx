// The tasks due on the selected calendar day.
import type { MouseEvent } from "@opentui/core"
import { localDateOf } from "../../src/domain/local-date.ts"
import type { Task } from "../../src/domain/task.ts"
import { isBlocked, progressOf } from "../../src/domain/task-tree.ts"
import { useServices, useTheme } from "../app-context.tsx"
import { paneFrame } from "../pane-frame.ts"
import { useAppState, useTaskView, useUiState } from "../hooks/use-stores.ts"
import { Line } from "../line.tsx"
import { wrapText } from "../list/detail-lines.ts"
import { taskRowSegments } from "../list/task-row-segments.ts"

export interface DayTasksPaneProps {
  date: string
  tasks: readonly Task[]
  width: number
  height: number
  focused: boolean
}

export function DayTasksPane(props: DayTasksPaneProps) {
  const theme = useTheme()
  const { now, controller } = useServices()
  const view = useTaskView()
  const readOnly = useAppState((s) => s.loadError !== null)
  const selectedId = useUiState((s) => s.daySelectedId)
  const inner = props.width - 2
  const size = Math.max(0, props.height - 2)
  const at = Math.max(0, props.tasks.findIndex((t) => t.id === selectedId))
  const top = Math.max(0, at - size + 1)
  const today = localDateOf(now())
  return (
    <box
      width={props.width}
      height={props.height}
      {...paneFrame(theme, props.focused, ` ${props.date} `)}
      flexDirection="column"
      onMouseScroll={(event: MouseEvent) => controller.mouse.wheelDay(event.scroll?.direction === "up" ? -1 : 1)}
    >
      {props.tasks.length === 0 ? (
        // Every wrapped line keeps the one-column indent (a plain text box started line 2 at the border).
        wrapText(readOnly ? "Nothing due." : "Nothing due. Press a to add a task on this day.", inner - 1).map((line, i) => (
          <text key={i} fg={theme.textMuted}>{` ${line}`}</text>
        ))
      ) : (
        props.tasks.slice(top, top + size).map((task, i) => {
          const selected = props.focused && top + i === at
          const row = { task, depth: 0, hasChildren: false, expanded: false, progress: progressOf(view.children, task.id), blocked: isBlocked(view.index, task) }
          return (
            <Line
              key={task.id}
              width={inner}
              fg={selected ? theme.selectionFg : theme.text}
              bg={selected && !theme.inverseSelection ? theme.selectionBg : undefined}
              inverse={selected && theme.inverseSelection}
              segments={taskRowSegments(row, selected ? "cursor" : "none", inner, today, theme)}
              onClick={() => controller.mouse.selectDayTask(task.id)}
            />
          )
        })
      )}
    </box>
  )
}
