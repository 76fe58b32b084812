// The agent operating state: the phase strip, the state in its colour, the plan and its progress,
// the current task and its retries, active issues, the last error, the Claude Code sessions, and as
// many of the latest log lines as fit.
import { TextAttributes } from "@opentui/core"
import { isBlockedState, liveError, OS_PHASE_NAMES, OS_PHASES, planRetries, type OsPanelStatus, type OsPhase, type OsStateName } from "../../src/tui/os-panel-status.ts"
import { useTheme } from "../app-context.tsx"
import { paneFrame } from "../pane-frame.ts"
import { badgeStyle } from "../badge.ts"
import { Line, type Segment } from "../line.tsx"
import type { Theme } from "../theme/theme.ts"
import { textWidth } from "../text-fit.ts"
import { SESSION_ROWS_MAX, SessionRows } from "./os-sessions.tsx"
import { useUiState } from "../hooks/use-stores.ts"

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
        <span key={p} {...(p === props.phase ? badgeStyle(theme, theme.accent) : { fg: theme.textMuted })}>
          {phaseCell(p, props.phase, props.compact === true)}
        </span>
      ))}
    </text>
  )
}

const LABEL_WIDTH = 9
const label = (text: string): Segment => ({ text: text.padEnd(LABEL_WIDTH) })

/** The error row: a live error in red; a past one muted and marked as past; at IDLE (the plan is
 * finished) nothing, since an old error no longer says anything about the agent. */
export function errorSegment(theme: Theme, s: OsPanelStatus): Segment {
  const live = liveError(s)
  if (live) return { text: live, fg: theme.error }
  if (!s.lastError || s.phase === "I") return { text: "–", fg: theme.textMuted }
  return { text: `earlier: ${s.lastError}`, fg: theme.textMuted }
}

/** `1/3` for the current task; without one, what the plan recorded. */
export function retriesText(status: OsPanelStatus): string {
  if (status.retries !== null) return `${status.retries}/${status.maxRetries}${status.task ? ` (${status.task.id})` : ""}`
  const total = planRetries(status.plan)
  return total > 0 ? `– (plan: ${total} recorded)` : "–"
}

const FIXED_ROWS = 7 // strip, state, plan, task, retries, issues, error

/** How the panel's rows are shared when they are few: the fixed rows first, then the sessions, then the log. */
export function panelLayout(rows: number, sessions: number): { fixed: number; sessions: number | null; log: number | null } {
  const fixed = Math.max(0, Math.min(FIXED_ROWS, rows))
  let left = rows - fixed
  let sessionRows: number | null = null
  if (left >= 1) {
    sessionRows = Math.min(sessions, SESSION_ROWS_MAX, left - 1)
    left -= 1 + sessionRows
  }
  return { fixed, sessions: sessionRows, log: left >= 2 ? left - 1 : null }
}

function PanelBody(props: { status: OsPanelStatus; inner: number; rows: number }) {
  const theme = useTheme()
  const s = props.status
  const inner = props.inner
  const row = (key: string, segments: Segment[]) => <Line key={key} segments={segments} width={inner} fg={theme.text} />
  const retried = s.retries !== null && s.retries > 0
  const layout = panelLayout(props.rows, s.sessions.length)
  const focused = useUiState((state) => state.focusedSession)
  const fixedRows = [
    <PhaseStrip key="strip" phase={s.phase} compact={textWidth(phaseStripText(s.phase, false)) > inner} />,
    row("state", [
      label("state"),
      { text: s.state, fg: stateColour(theme, s.state), attributes: TextAttributes.BOLD },
      ...(isBlockedState(s.state) ? [{ text: "  blocked until os-clear", fg: theme.textMuted }] : []),
    ]),
    row(
      "plan",
      s.plan
        ? [label("plan"), { text: s.plan.id, attributes: TextAttributes.BOLD }, { text: ` ${s.plan.done}/${s.plan.total} done`, fg: theme.accent }, { text: ` · ${s.plan.goal}` }]
        : [label("plan"), { text: "–", fg: theme.textMuted }],
    ),
    row("task", s.task ? [label("task"), { text: `${s.task.id} ${s.task.title}` }, { text: ` (${s.task.state})`, fg: theme.textMuted }] : [label("task"), { text: "–", fg: theme.textMuted }]),
    row("retries", [label("retries"), { text: retriesText(s), fg: retried ? theme.warning : theme.text }]),
    row("issues", [
      label("issues"),
      s.activeIssues.length === 0
        ? { text: "none", fg: theme.textMuted }
        : { text: s.activeIssues.map((issue) => `${issue.id} ${issue.title}`).join("; "), fg: theme.warning },
    ]),
    row("error", [label("error"), errorSegment(theme, s)]),
  ]
  return (
    <>
      {fixedRows.slice(0, layout.fixed)}
      {layout.sessions !== null ? <SessionRows sessions={s.sessions} width={inner} rows={layout.sessions} labelWidth={LABEL_WIDTH} focused={focused} /> : null}
      {layout.log !== null ? <text fg={theme.accent}>log</text> : null}
      {layout.log !== null
        ? s.log.slice(Math.max(0, s.log.length - layout.log)).map((line, i) => (
            <Line
              key={i}
              segments={[{ text: ` ${line.level} `, fg: line.level === "E" ? theme.error : line.level === "W" ? theme.warning : theme.textMuted }, { text: line.msg }]}
              width={inner}
              fg={line.level === "E" ? theme.error : theme.text}
            />
          ))
        : null}
    </>
  )
}

export function PhasePanel(props: PhasePanelProps) {
  const theme = useTheme()
  const inner = props.width - 2
  return (
    <box width={props.width} height={props.height} {...paneFrame(theme, props.focused, " Agent state ")} flexDirection="column">
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
