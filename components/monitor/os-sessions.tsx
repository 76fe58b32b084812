// The Claude Code sessions the hooks report, for the phase/state panel: a heading with the count,
// then one row per session, "needs input" first and drawn inverse in the warning colour.
import { TextAttributes } from "@opentui/core"
import { badgeStyle } from "../badge.ts"
import { OS_SESSION_LABELS, type OsPanelSession, type OsSessionStatus } from "../../src/tui/os-panel-status.ts"
import { useTheme } from "../app-context.tsx"
import { Line, type Segment } from "../line.tsx"
import type { Theme } from "../theme/theme.ts"

export const SESSION_ROWS_MAX = 3
const LABEL_WIDTH = Math.max(...Object.values(OS_SESSION_LABELS).map((l) => l.length))

export function sessionStatusSegment(theme: Theme, status: OsSessionStatus): Segment {
  const text = ` ${OS_SESSION_LABELS[status].padEnd(LABEL_WIDTH)} `
  switch (status) {
    case "needs_input":
      return { text, ...badgeStyle(theme, theme.warning) }
    case "working":
      return { text, fg: theme.info, attributes: TextAttributes.BOLD }
    case "idle":
      return { text, fg: theme.success }
    case "stale":
      return { text, fg: theme.textMuted, attributes: TextAttributes.ITALIC }
    case "ended":
      return { text, fg: theme.textMuted }
  }
}

export function sessionsHeading(sessions: readonly OsPanelSession[], shown: number): string {
  if (sessions.length === 0) return "none (hooks: tsk agent snippet --hooks)"
  const waiting = sessions.filter((s) => s.status === "needs_input").length
  const more = sessions.length - shown
  return [`${sessions.length}`, waiting > 0 ? `${waiting} waiting for input` : null, more > 0 ? `+${more} not shown` : null].filter(Boolean).join(" · ")
}

/** The session `w` jumped to comes first; the others keep their order. */
export function withFocusFirst(sessions: readonly OsPanelSession[], focused: string | null): readonly OsPanelSession[] {
  const index = focused ? sessions.findIndex((s) => s.id === focused) : -1
  return index <= 0 ? sessions : [sessions[index]!, ...sessions.slice(0, index), ...sessions.slice(index + 1)]
}

export function SessionRows(props: { sessions: readonly OsPanelSession[]; width: number; rows: number; labelWidth: number; focused?: string | null }) {
  const theme = useTheme()
  const shown = withFocusFirst(props.sessions, props.focused ?? null).slice(0, props.rows)
  const waiting = props.sessions.some((s) => s.status === "needs_input")
  return (
    <>
      <Line
        segments={[{ text: "sessions".padEnd(props.labelWidth), fg: theme.accent }, { text: sessionsHeading(props.sessions, shown.length), fg: waiting ? theme.warning : theme.textMuted }]}
        width={props.width}
        fg={theme.text}
      />
      {shown.map((session) => (
        <Line
          key={session.id}
          segments={[
            { text: session.id === props.focused ? "▸" : " ", fg: theme.warning },
            sessionStatusSegment(theme, session.status),
            { text: ` ${session.id.slice(0, 8)}`, fg: theme.textMuted },
            { text: session.detail ? ` ${session.detail}` : "", fg: session.status === "ended" || session.status === "stale" ? theme.textMuted : theme.text },
            { text: session.source ? ` · ${session.source}` : "", fg: theme.textMuted },
          ]}
          width={props.width}
          fg={theme.text}
        />
      ))}
    </>
  )
}
