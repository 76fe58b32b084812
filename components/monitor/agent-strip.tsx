// The compact agent activity shown under the list: one line for the C64 tasks, one for the agent's
// phase and state, so a person sees what agents do without switching to the Monitor (4).
import { TextAttributes } from "@opentui/core"
import type { C64TaskSummary, OsPanelStatus } from "../../src/tui/monitor-feeds.ts"
import type { ApprovalView } from "../../src/os/approval-actions.ts"
import { liveError } from "../../src/tui/os-panel-status.ts"
import { useTheme } from "../app-context.tsx"
import { badgeStyle } from "../badge.ts"
import { fitText, textWidth } from "../text-fit.ts"
import { iterationsLabel } from "./c64-pane.tsx"
import { Line, type Segment } from "../line.tsx"
import type { Theme } from "../theme/theme.ts"
import { PhaseStrip, phaseStripText, stateColour } from "./phase-panel.tsx"
import { sparkline } from "./sparkline.tsx"

export const AGENT_STRIP_HEIGHT = 2

/** The strip's line for agents' permission requests (shown while one waits): the oldest, and the keys. */
export function approvalStripSegments(theme: Theme, pending: readonly ApprovalView[]): Segment[] {
  const first = pending[0]
  if (!first) return []
  return [
    { text: " ASK  ", fg: theme.warning, attributes: TextAttributes.BOLD },
    { text: ` ${pending.length} waiting `, ...badgeStyle(theme, theme.warning) },
    { text: ` ${first.tool}: `, fg: theme.text, attributes: TextAttributes.BOLD },
    { text: first.summary, fg: theme.text },
    { text: ` · ${first.agent} ${first.session.slice(0, 8)} · y allow · n deny · a always`, fg: theme.textMuted },
  ]
}

export function ApprovalStripLine(props: { pending: readonly ApprovalView[]; width: number }) {
  const theme = useTheme()
  return <Line segments={approvalStripSegments(theme, props.pending)} width={props.width} fg={theme.text} />
}

export interface AgentStripProps {
  c64: readonly C64TaskSummary[] | null
  os: OsPanelStatus | null
  osConnected: boolean
  width: number
}

export function c64Summary(tasks: readonly C64TaskSummary[] | null, width: number): string {
  if (tasks === null) return "not connected"
  if (tasks.length === 0) return "no tasks"
  const running = tasks.filter((t) => t.status === "running")
  const errors = tasks.filter((t) => t.status === "error").length
  const lead = running[0] ?? tasks[tasks.length - 1]!
  const head = `${running.length} running${errors > 0 ? `, ${errors} error` : ""} · ${lead.id} ${iterationsLabel(lead)} `
  return head + sparkline(lead.samples, Math.max(0, Math.min(24, width - head.length)))
}

/** After the strip: the state, the plan's progress, a session that needs input, the task, the last error. */
export function osStripSegments(theme: Theme, os: OsPanelStatus): Segment[] {
  const waiting = os.sessions.find((session) => session.status === "needs_input")
  return [
    { text: ` ${os.state} `, fg: stateColour(theme, os.state), attributes: TextAttributes.BOLD },
    os.plan ? { text: `${os.plan.id} ${os.plan.done}/${os.plan.total}`, fg: theme.accent } : { text: "no plan", fg: theme.textMuted },
    ...(waiting
      ? [
          { text: " " },
          { text: " needs input ", ...badgeStyle(theme, theme.warning) },
          { text: ` ${waiting.detail ?? waiting.id.slice(0, 8)}`, fg: theme.warning },
        ]
      : []),
    { text: os.task ? ` · ${os.task.id} ${os.task.title}` : "" },
    ...(liveError(os) ? [{ text: ` · ${liveError(os)}`, fg: theme.error }] : []),
  ]
}

export function AgentStrip(props: AgentStripProps) {
  const theme = useTheme()
  const room = props.width - 7
  return (
    <box height={AGENT_STRIP_HEIGHT} width={props.width} flexDirection="column">
      <text fg={theme.textMuted}>
        <span fg={theme.agent} attributes={TextAttributes.BOLD}>
          {" C64  "}
        </span>
        {fitText(c64Summary(props.c64, room), room)}
      </text>
      <box flexDirection="row" height={1}>
        <text fg={theme.agent} attributes={TextAttributes.BOLD}>
          {" OS   "}
        </text>
        {!props.osConnected || props.os === null ? (
          <text fg={theme.textMuted}>{props.osConnected ? "no agent session" : "not connected"}</text>
        ) : (
          <>
            <PhaseStrip phase={props.os.phase} compact />
            <Line segments={osStripSegments(theme, props.os)} width={Math.max(0, props.width - 6 - textWidth(phaseStripText(props.os.phase, true)))} fg={theme.textMuted} />
          </>
        )}
      </box>
    </box>
  )
}
