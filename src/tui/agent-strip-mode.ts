// Whether the C64/agent strip shows under the List (`ui.agentStrip`): `auto` shows it only while
// something happens there, so a person who uses neither agents nor a C64 gets the two lines back.
import type { C64TaskSummary } from "./monitor-feeds.ts"
import type { OsPanelStatus } from "./os-panel-status.ts"

export type AgentStripMode = "auto" | "on" | "off"

export interface StripActivity {
  c64: readonly C64TaskSummary[] | null
  os: OsPanelStatus | null
  /** A bridge runs (in this or another process). */
  agentRunning: boolean
}

/** Agent or C64 activity: C64 tasks, a bridge, a plan or a phase under way, Claude Code sessions. */
export function hasStripActivity(activity: StripActivity): boolean {
  if (activity.agentRunning) return true
  if (activity.c64 !== null && activity.c64.length > 0) return true
  const os = activity.os
  return os !== null && (os.plan !== null || os.phase !== "I" || os.state !== "READY" || os.sessions.some((s) => s.status !== "ended"))
}

export function showAgentStrip(mode: AgentStripMode, activity: StripActivity): boolean {
  if (mode === "on") return true
  if (mode === "off") return false
  return hasStripActivity(activity)
}
