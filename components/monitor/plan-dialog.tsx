// The agent's whole plan (P on the Monitor and the List): its goal and progress, then every task
// with its state, retries and artifact, and the last error of a task that failed. It follows the
// agent live; ↑/↓ scroll, Tab pages.
import { TextAttributes } from "@opentui/core"
import { useTerminalDimensions } from "@opentui/react"
import { useState } from "react"
import { hintLine } from "../../src/tui/keymap.ts"
import { OS_TASK_MARKS, type OsPanelStatus, type OsPanelTask, type OsTaskState } from "../../src/tui/os-panel-status.ts"
import { useTheme } from "../app-context.tsx"
import { DialogFrame } from "../dialogs/dialog-frame.tsx"
import { useDialogKeys } from "../dialogs/use-dialog-keys.ts"
import { useFeed } from "../hooks/use-feed.ts"
import { useMonitorFeeds } from "../hooks/use-monitor-feeds.ts"
import { Line, type Segment } from "../line.tsx"
import type { Theme } from "../theme/theme.ts"
import { padText, textWidth } from "../text-fit.ts"
import { NO_OS } from "./feed-fallbacks.ts"
import { stateColour } from "./phase-panel.tsx"

const WIDTH = 84
const STATE_WIDTH = 7

function taskColour(theme: Theme, state: OsTaskState) {
  switch (state) {
    case "done":
      return theme.success
    case "active":
      return theme.info
    case "review":
      return theme.accent
    case "failed":
      return theme.error
    case "pending":
      return theme.textMuted
  }
}

interface Columns {
  id: number
  artifact: number
}

/** The task's row: mark, id, title, state, retries and artifact, in columns fitted to `width`. */
function taskRow(theme: Theme, task: OsPanelTask, current: boolean, maxRetries: number, columns: Columns, width: number): Segment[] {
  const retries = `retries ${task.retries}/${maxRetries}`
  const artifact = (task.artifact ? `  → ${task.artifact}` : "").padEnd(columns.artifact)
  const right = `  ${task.state.padEnd(STATE_WIDTH)} ${retries}${artifact}`
  const left = ` ${OS_TASK_MARKS[task.state]} ${task.id.padEnd(columns.id)}  `
  const titleWidth = Math.max(8, width - textWidth(left) - textWidth(right))
  return [
    { text: left.slice(0, 3), fg: taskColour(theme, task.state), attributes: TextAttributes.BOLD },
    { text: left.slice(3), fg: theme.text, attributes: current ? TextAttributes.BOLD : 0 },
    { text: padText(task.title, titleWidth), fg: theme.text, attributes: current ? TextAttributes.BOLD : 0 },
    { text: `  ${task.state.padEnd(STATE_WIDTH)}`, fg: taskColour(theme, task.state) },
    { text: ` ${retries}`, fg: task.retries > 0 ? theme.warning : theme.textMuted },
    { text: artifact, fg: theme.accent },
  ]
}

/** Every line of the dialog for `status`, each as coloured segments. */
export function planDialogLines(theme: Theme, status: OsPanelStatus | null, width: number): Segment[][] {
  const plan = status?.plan ?? null
  if (!status || !plan) return [[{ text: " No plan yet: the agent writes one in phase B (os-plan, tsk os plan).", fg: theme.textMuted }]]
  const lines: Segment[][] = [
    [{ text: ` ${plan.goal}`, fg: theme.text, attributes: TextAttributes.BOLD }],
    [
      { text: ` domain ${plan.dom} · ${plan.done}/${plan.total} done · up to ${plan.maxRetries} retries a task · phase ${status.phase} `, fg: theme.textMuted },
      { text: status.state, fg: stateColour(theme, status.state) },
    ],
    [{ text: "" }],
  ]
  const columns: Columns = {
    id: Math.max(...plan.tasks.map((task) => task.id.length)),
    artifact: Math.max(...plan.tasks.map((task) => (task.artifact ? task.artifact.length + 4 : 0))),
  }
  for (const task of plan.tasks) {
    lines.push(taskRow(theme, task, task.id === status.task?.id, plan.maxRetries, columns, width))
    if (task.error && task.state !== "done") lines.push([{ text: `     last error: ${task.error}`, fg: theme.error }])
  }
  return lines
}

export function PlanDialog(props: { dialogKey: number }) {
  const theme = useTheme()
  const screen = useTerminalDimensions()
  const os = useFeed(useMonitorFeeds().os, NO_OS)
  const [top, setTop] = useState(0)
  const width = Math.min(WIDTH, screen.width - 2) - 2
  const lines = planDialogLines(theme, os, width)
  const size = Math.max(3, Math.min(lines.length, screen.height - 7))
  const first = Math.max(0, Math.min(top, lines.length - size))
  const scroll = (delta: number) => setTop(Math.max(0, Math.min(lines.length - size, first + delta)))
  useDialogKeys(props.dialogKey, { down: () => scroll(1), up: () => scroll(-1), next: () => scroll(size), submit: () => scroll(size), pageDown: () => scroll(size), pageUp: () => scroll(-size) })
  const plan = os?.plan ?? null
  const range = lines.length > size ? ` · ${first + 1}-${first + size} of ${lines.length}` : ""
  return (
    <DialogFrame
      title={plan ? `Agent plan ${plan.id} (${plan.done}/${plan.total} done)${range}` : "Agent plan"}
      width={WIDTH}
      height={size}
      hint={hintLine([["dialog.down", "scroll"], ["dialog.next", "page"], ["dialog.close", "close"]])}
    >
      {lines.slice(first, first + size).map((segments, i) => (
        <Line key={first + i} segments={segments} width={width} fg={theme.text} bg={theme.panel} />
      ))}
    </DialogFrame>
  )
}
