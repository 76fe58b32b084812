// The selected task in full, scrollable when it has the focus (Tab).
import { localDateOf } from "../../src/domain/local-date.ts"
import type { Task } from "../../src/domain/task.ts"
import type { MouseEvent } from "@opentui/core"
import { useServices, useTheme } from "../app-context.tsx"
import { useNow } from "../hooks/use-now.ts"
import { paneFrame } from "../pane-frame.ts"
import { useTaskView, useUiState } from "../hooks/use-stores.ts"
import { Lines } from "../line.tsx"
import { detailLines } from "./detail-lines.ts"

export interface TaskDetailPaneProps {
  task: Task | null
  width: number
  height: number
  focused: boolean
}

export function TaskDetailPane(props: TaskDetailPaneProps) {
  const theme = useTheme()
  // Ticks once a second so a running timer's time moves.
  const now = useNow(1000)
  const { controller } = useServices()
  const view = useTaskView()
  const scroll = useUiState((s) => s.detailScroll)
  const inner = props.width - 2
  const size = props.height - 2
  const lines = props.task
    ? detailLines({ task: props.task, index: view.index, children: view.children, today: localDateOf(now), now, width: inner, theme })
    : []
  const top = Math.max(0, Math.min(scroll, lines.length - size))
  return (
    <box
      width={props.width}
      height={props.height}
      {...paneFrame(theme, props.focused, " Detail ")}
      flexDirection="column"
      onMouseScroll={(event: MouseEvent) => controller.mouse.wheelDetail(event.scroll?.direction === "up" ? -1 : 1)}
    >
      {props.task ? (
        <Lines width={inner} lines={lines.slice(top, top + size).map((segments) => ({ segments, fg: theme.text }))} />
      ) : (
        <text fg={theme.textMuted}> Select a task to see it here.</text>
      )}
    </box>
  )
}
