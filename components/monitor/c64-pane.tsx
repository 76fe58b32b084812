// The C64 task pane: every c64bridge task with its status and, for background reads, a live
// sparkline of bytes changed per sample.
import { TextAttributes } from "@opentui/core"
import type { C64TaskSummary } from "../../src/tui/monitor-feeds.ts"
import { useTheme } from "../app-context.tsx"
import type { Theme } from "../theme/theme.ts"
import { fitText, padText } from "../text-fit.ts"
import { Sparkline } from "./sparkline.tsx"

export interface C64PaneProps {
  /** null: the C64 service is not connected to this TUI. */
  tasks: readonly C64TaskSummary[] | null
  selectedIndex: number
  width: number
  height: number
  focused: boolean
}

function statusColour(theme: Theme, status: C64TaskSummary["status"]) {
  return status === "running" ? theme.info : status === "completed" ? theme.success : status === "error" ? theme.error : theme.textMuted
}

export function iterationsLabel(task: C64TaskSummary): string {
  return task.maxIterations !== null ? `${task.iterations}/${task.maxIterations}` : `${task.iterations}×`
}

export function C64Pane(props: C64PaneProps) {
  const theme = useTheme()
  const inner = props.width - 2
  const size = props.height - 2
  const tasks = props.tasks
  const rowsPerTask = 2
  const perPage = Math.max(1, Math.floor(size / rowsPerTask))
  const top = tasks ? Math.max(0, Math.min(props.selectedIndex - perPage + 1, tasks.length - perPage)) : 0
  return (
    <box width={props.width} height={props.height} border borderStyle="rounded" borderColor={props.focused ? theme.borderFocused : theme.border} title=" C64 tasks " flexDirection="column">
      {tasks === null ? (
        <text fg={theme.textMuted}>{fitText(" C64 service not connected.", inner)}</text>
      ) : tasks.length === 0 ? (
        <text fg={theme.textMuted}>{fitText(" No C64 tasks. Start one: tsk c64 start read --every 1s", inner)}</text>
      ) : (
        tasks.slice(Math.max(0, top), Math.max(0, top) + perPage).map((task, i) => {
          const selected = Math.max(0, top) + i === props.selectedIndex
          const status = `${task.status} ${iterationsLabel(task)}`
          const nameWidth = Math.max(4, inner - status.length - 3)
          return (
            <box key={task.id} flexDirection="column" height={rowsPerTask}>
              <text fg={theme.text} attributes={selected && props.focused ? TextAttributes.BOLD : 0}>
                <span fg={theme.accent}>{selected ? "›" : " "}</span>
                {` ${padText(`${task.id} ${task.operation}`, nameWidth)} `}
                <span fg={statusColour(theme, task.status)}>{status}</span>
              </text>
              {task.status === "error" && task.lastError ? (
                <text fg={theme.error}>{fitText(`   ${task.lastError}`, inner)}</text>
              ) : (
                <box flexDirection="row">
                  <text fg={theme.textMuted}>{"   "}</text>
                  <Sparkline values={task.samples} width={Math.max(0, inner - 3)} fg={theme.agent} />
                </box>
              )}
            </box>
          )
        })
      )}
    </box>
  )
}
