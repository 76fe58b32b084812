// The C64 task pane: every c64bridge task (id, operation, address, status, iterations) and, for
// sampling tasks, a live sparkline of the chosen metric with its latest value. The metric (m) is
// named in the title.
import { TextAttributes } from "@opentui/core"
import { metricLabel, metricScale, metricSeries, formatMetricValue, type C64Metric } from "../../src/tui/c64-metric.ts"
import type { C64TaskSummary } from "../../src/tui/monitor-feeds.ts"
import { useServices, useTheme } from "../app-context.tsx"
import { paneFrame } from "../pane-frame.ts"
import { useUiState } from "../hooks/use-stores.ts"
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

export function c64StatusColour(theme: Theme, status: C64TaskSummary["status"]) {
  return status === "running" ? theme.info : status === "completed" ? theme.success : status === "error" ? theme.error : theme.textMuted
}

export function iterationsLabel(task: C64TaskSummary): string {
  return task.maxIterations !== null ? `${task.iterations}/${task.maxIterations}` : `${task.iterations}×`
}

/** `running 14×`, `completed 20/20`; a foreground task runs once, so only its status. */
export function statusLabel(task: C64TaskSummary): string {
  return task.type === "foreground" ? task.status : `${task.status} ${iterationsLabel(task)}`
}

/** `$0400` → 1024, for labels that name a byte's address. */
export function addressNumber(address: string | null): number | null {
  return address !== null && /^\$[0-9A-F]{4}$/i.test(address) ? Number.parseInt(address.slice(1), 16) : null
}

/** What the second line of a task says when it has nothing to chart. */
function noChartText(task: C64TaskSummary): string {
  if (task.type === "foreground") return "foreground task: no samples"
  if (task.sampleHex.length === 0) return task.status === "running" ? "waiting for the first sample" : `${task.operation}: no samples`
  return "not enough samples for this metric yet"
}

function TaskRows(props: { task: C64TaskSummary; metric: C64Metric; selected: boolean; focused: boolean; inner: number; onClick(): void }) {
  const theme = useTheme()
  const { task, inner } = props
  const status = statusLabel(task)
  const nameWidth = Math.max(4, inner - status.length - 3)
  const values = metricSeries(task, props.metric)
  const latest = formatMetricValue(values.at(-1))
  return (
    <box flexDirection="column" height={2} onMouseDown={props.onClick}>
      <text fg={theme.text} attributes={props.selected && props.focused ? TextAttributes.BOLD : 0}>
        <span fg={theme.accent}>{props.selected ? "›" : " "}</span>
        {` ${padText(`${task.id} ${task.operation}${task.address ? ` ${task.address}` : ""}`, nameWidth)} `}
        <span fg={c64StatusColour(theme, task.status)}>{status}</span>
      </text>
      {task.status === "error" && task.lastError ? (
        <text fg={theme.error}>{fitText(`   ${task.lastError}`, inner)}</text>
      ) : values.length === 0 ? (
        <text fg={theme.textMuted}>{fitText(`   ${noChartText(task)}`, inner)}</text>
      ) : (
        <box flexDirection="row">
          <text fg={theme.textMuted}>{"   "}</text>
          <Sparkline values={values} width={Math.max(0, inner - 4 - latest.length)} fg={theme.agent} scale={metricScale(props.metric)} />
          <text fg={theme.text}>{` ${latest}`}</text>
        </box>
      )}
    </box>
  )
}

export function C64Pane(props: C64PaneProps) {
  const theme = useTheme()
  const { controller } = useServices()
  const metric = useUiState((s) => s.c64Metric)
  const inner = props.width - 2
  const size = props.height - 2
  const tasks = props.tasks
  const perPage = Math.max(1, Math.floor(size / 2))
  const selectedIndex = tasks ? Math.min(props.selectedIndex, tasks.length - 1) : 0
  const top = tasks ? Math.max(0, Math.min(selectedIndex - perPage + 1, tasks.length - perPage)) : 0
  const selected = tasks?.[selectedIndex] ?? null
  const title = fitText(` C64 tasks · ${metricLabel(metric, addressNumber(selected?.address ?? null))} `, Math.max(0, props.width - 4))
  return (
    <box width={props.width} height={props.height} {...paneFrame(theme, props.focused, title)} flexDirection="column">
      {tasks === null ? (
        <text fg={theme.textMuted}>{fitText(" C64 service not connected.", inner)}</text>
      ) : tasks.length === 0 ? (
        <text fg={theme.textMuted}>{fitText(" No C64 tasks. n starts a background read.", inner)}</text>
      ) : (
        tasks.slice(top, top + perPage).map((task, i) => (
          <TaskRows
            key={task.id}
            task={task}
            metric={metric}
            selected={top + i === selectedIndex}
            focused={props.focused}
            inner={inner}
            onClick={() => controller.mouse.selectMonitorRow(top + i)}
          />
        ))
      )}
    </box>
  )
}
