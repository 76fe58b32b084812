// The agent operating state: phase strip, state, plan and task, retries, active issues, last error
// and the latest log lines.
import { TextAttributes } from "@opentui/core"
import { OS_PHASE_NAMES, OS_PHASES, type OsPanelStatus } from "../../src/tui/monitor-feeds.ts"
import { useTheme } from "../app-context.tsx"
import type { Theme } from "../theme/theme.ts"
import { fitText } from "../text-fit.ts"

export interface PhasePanelProps {
  /** null while no agent session exists yet. */
  status: OsPanelStatus | null
  /** false: the agent operating state is not connected to this TUI. */
  connected: boolean
  width: number
  height: number
  focused: boolean
}

export function stateColour(theme: Theme, state: string) {
  if (state === "ERROR") return theme.error
  if (state.startsWith("BLK")) return theme.warning
  if (state === "BUSY") return theme.info
  return theme.success
}

/** A → B → C → V → I with the current phase highlighted; compact names only the current one. */
export function PhaseStrip(props: { phase: OsPanelStatus["phase"]; compact?: boolean }) {
  const theme = useTheme()
  return (
    <text>
      {OS_PHASES.map((p) => (
        <span key={p} fg={p === props.phase ? theme.accent : theme.textMuted} attributes={p === props.phase ? TextAttributes.BOLD | TextAttributes.INVERSE : 0}>
          {props.compact && p !== props.phase ? ` ${p} ` : ` ${p} ${OS_PHASE_NAMES[p]} `}
        </span>
      ))}
    </text>
  )
}

export function PhasePanel(props: PhasePanelProps) {
  const theme = useTheme()
  const inner = props.width - 2
  const s = props.status
  const logRoom = Math.max(0, props.height - 2 - 8)
  return (
    <box width={props.width} height={props.height} border borderStyle="rounded" borderColor={props.focused ? theme.borderFocused : theme.border} title=" Agent state " flexDirection="column">
      {!props.connected ? (
        <text fg={theme.textMuted}>{fitText(" Agent operating state not connected.", inner)}</text>
      ) : s === null ? (
        <text fg={theme.textMuted}>{fitText(" No agent session yet (tsk os ...).", inner)}</text>
      ) : (
        <>
          <PhaseStrip phase={s.phase} compact={inner < 60} />
          <text fg={theme.text}>
            {"state    "}
            <span fg={stateColour(theme, s.state)} attributes={TextAttributes.BOLD}>
              {s.state}
            </span>
          </text>
          <text fg={theme.text}>{fitText(`plan     ${s.plan ?? "–"}`, inner)}</text>
          <text fg={theme.text}>{fitText(`task     ${s.task ?? "–"}`, inner)}</text>
          <text fg={theme.text}>{`retries  ${s.retries}`}</text>
          <text fg={s.activeIssues.length > 0 ? theme.warning : theme.text}>
            {fitText(`issues   ${s.activeIssues.length === 0 ? "none" : s.activeIssues.map((i) => `${i.id} ${i.title}`).join("; ")}`, inner)}
          </text>
          <text fg={s.lastError ? theme.error : theme.textMuted}>{fitText(`error    ${s.lastError ?? "–"}`, inner)}</text>
          <text fg={theme.accent}>log</text>
          {s.log.slice(-logRoom).map((line, i) => (
            <text key={i} fg={line.level === "E" ? theme.error : line.level === "W" ? theme.warning : theme.textMuted}>
              {fitText(` ${line.level} ${line.msg}`, inner)}
            </text>
          ))}
        </>
      )}
    </box>
  )
}
