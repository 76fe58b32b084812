// The agent operating state: the phase strip, the state in its colour, the plan and its progress,
// the current task and its retries, active issues, the last error, the Claude Code sessions, and as
// many of the latest log lines as fit.
import { TextAttributes } from "@opentui/core"
import { isBlockedState, liveError, OS_PHASE_NAMES, OS_PHASES, planRetries, type OsPanelStatus, type OsPhase, type OsStateName } from "../../src/tui/os-panel-status.ts"
import { useTheme } from "../app-context.tsx"
import { Line, type Segment } from "../line.tsx"
import type { Theme } from "../theme/theme.ts"
import { textWidth } from "../text-fit.ts"
import { SESSION_ROWS_MAX, SessionRows } from "./os-sessions.tsx"

export interface PhasePanelProps {
  /** null while no agent session exists yet. */
  status: OsPanelStatus | null
  /** false: the agent operating state is not connected to this TUI. */
  connected: boolean
  width: number
  height: number
  focused: boolean
}

export function stateColour(theme: Theme, state: OsStateName) {
  if (state === "ERROR") return theme.error
  if (isBlockedState(state)) return theme.warning
  if (state === "BUSY") return theme.info
  return theme.success
}

/** One phase's cell in the strip: the current one (and every one when not compact) is named. */
export function phaseCell(p: OsPhase, current: OsPhase, compact: boolean): string {
  return compact && p !== current ? ` ${p} ` : ` ${p} ${OS_PHASE_NAMES[p]} `
}

/** The strip as plain text, e.g. ` A  B  C CONSTRUCT  V  I ` (compact). */
export function phaseStripText(phase: OsPhase, compact: boolean): string {
  return OS_PHASES.map((p) => phaseCell(p, phase, compact)).join("")
}

/** A → B → C → V → I with the current phase highlighted; compact names only the current one. */
export function PhaseStrip(props: { phase: OsPhase; compact?: boolean }) {
  const theme = useTheme()
  return (
    <text wrapMode="none">
      {OS_PHASES.map((p) => (
        <span key={p} fg={p === props.phase ? theme.accent : theme.textMuted} attributes={p === props.phase ? TextAttributes.BOLD | TextAttributes.INVERSE : 0}>
          {phaseCell(p, props.phase, props.compact === true)}
        </span>
      ))}
    </text>
  )
}

const LABEL_WIDTH = 9
const label = (text: string): Segment => ({ text: text.padEnd(LABEL_WIDTH) })

/** `1/3` for the current task; without one, what the plan recorded. */
export function retriesText(status: OsPanelStatus): string {
  if (status.retries !== null) return `${status.retries}/${status.maxRetries}${status.task ? ` (${status.task.id})` : ""}`
  const total = planRetries(status.plan)
  return total > 0 ? `– (plan: ${total} recorded)` : "–"
}

function PanelBody(props: { status: OsPanelStatus; inner: number; rows: number }) {
  const theme = useTheme()
  const s = props.status
  const inner = props.inner
  const row = (segments: Segment[]) => <Line segments={segments} width={inner} fg={theme.text} />
  const blocked = isBlockedState(s.state)
  const retried = s.retries !== null && s.retries > 0
  const sessionRows = Math.min(s.sessions.length, SESSION_ROWS_MAX)
  // strip, state, plan, task, retries, issues, error, the sessions' heading, the log's heading
  const fixed = 9 + Math.max(sessionRows, 0)
  const logRoom = Math.max(0, props.rows - fixed)
  return (
    <>
      <PhaseStrip phase={s.phase} compact={textWidth(phaseStripText(s.phase, false)) > inner} />
      {row([
        label("state"),
        { text: s.state, fg: stateColour(theme, s.state), attributes: TextAttributes.BOLD },
        ...(blocked ? [{ text: "  blocked until os-clear", fg: theme.textMuted }] : []),
      ])}
      {row(
        s.plan
          ? [label("plan"), { text: s.plan.id, attributes: TextAttributes.BOLD }, { text: ` ${s.plan.done}/${s.plan.total} done`, fg: theme.accent }, { text: ` · ${s.plan.goal}` }]
          : [label("plan"), { text: "–", fg: theme.textMuted }],
      )}
      {row(s.task ? [label("task"), { text: `${s.task.id} ${s.task.title}` }, { text: ` (${s.task.state})`, fg: theme.textMuted }] : [label("task"), { text: "–", fg: theme.textMuted }])}
      {row([label("retries"), { text: retriesText(s), fg: retried ? theme.warning : theme.text }])}
      {row([
        label("issues"),
        s.activeIssues.length === 0
          ? { text: "none", fg: theme.textMuted }
          : { text: s.activeIssues.map((issue) => `${issue.id} ${issue.title}`).join("; "), fg: theme.warning },
      ])}
      {row([label("error"), s.lastError ? { text: s.lastError, fg: liveError(s) ? theme.error : theme.textMuted } : { text: "–", fg: theme.textMuted }])}
      <SessionRows sessions={s.sessions} width={inner} rows={sessionRows} labelWidth={LABEL_WIDTH} />
      <text fg={theme.accent}>log</text>
      {s.log.slice(Math.max(0, s.log.length - logRoom)).map((line, i) => (
        <Line
          key={i}
          segments={[{ text: ` ${line.level} `, fg: line.level === "E" ? theme.error : line.level === "W" ? theme.warning : theme.textMuted }, { text: line.msg }]}
          width={inner}
          fg={line.level === "E" ? theme.error : theme.text}
        />
      ))}
    </>
  )
}

export function PhasePanel(props: PhasePanelProps) {
  const theme = useTheme()
  const inner = props.width - 2
  return (
    <box width={props.width} height={props.height} border borderStyle="rounded" borderColor={props.focused ? theme.borderFocused : theme.border} title=" Agent state " flexDirection="column">
      {!props.connected ? (
        <Line segments={[{ text: " Agent operating state not connected." }]} width={inner} fg={theme.textMuted} />
      ) : props.status === null ? (
        <Line segments={[{ text: " No agent session yet (tsk os ...)." }]} width={inner} fg={theme.textMuted} />
      ) : (
        <PanelBody status={props.status} inner={inner} rows={props.height - 2} />
      )}
    </box>
  )
}
