// What the phase/state panel, the agent strip, the plan dialog and the agent toasts show of the
// agent operating state: plain data adapted from the engine's status (os-feed.ts). Kept free of the
// engine's imports (zod) so the TUI loads it with its first frame.
export const OS_PHASES = ["A", "B", "C", "V", "I"] as const
export type OsPhase = (typeof OS_PHASES)[number]
export const OS_PHASE_NAMES: Record<OsPhase, string> = { A: "ANALYZE", B: "BLUEPRINT", C: "CONSTRUCT", V: "VALIDATE", I: "IDLE" }

export type OsStateName = "READY" | "BUSY" | "BLK_CON" | "BLK_SUM" | "BLK_PSUM" | "BLK_MAX" | "ERROR"

/** BLK_* and ERROR refuse work until `os-clear`. */
export const isBlockedState = (state: OsStateName) => state === "ERROR" || state.startsWith("BLK_")

export type OsTaskState = "pending" | "active" | "review" | "done" | "failed"
export const OS_TASK_MARKS: Record<OsTaskState, string> = { pending: "·", active: "▸", review: "?", done: "✓", failed: "✗" }

export type OsSessionStatus = "working" | "needs_input" | "idle" | "stale" | "ended"
export const OS_SESSION_LABELS: Record<OsSessionStatus, string> = { working: "working", needs_input: "needs input", idle: "idle", stale: "stale", ended: "ended" }

export interface OsLogLine {
  level: "I" | "W" | "E" | "D"
  msg: string
}

export interface OsPanelTask {
  id: string
  title: string
  state: OsTaskState
  retries: number
  /** The registered artifact's id, once the task is completed. */
  artifact: string | null
  error: string | null
}

export interface OsPanelPlan {
  id: string
  dom: string
  goal: string
  done: number
  total: number
  maxRetries: number
  tasks: readonly OsPanelTask[]
}

/** A Claude Code session seen through hooks. */
export interface OsPanelSession {
  id: string
  status: OsSessionStatus
  /** What it does or waits for: the notification, the tool, or the prompt, with its folder. */
  detail: string | null
  /** Where the status came from: the hook event and its time (HH:MM:SS), or why it is stale / ended. */
  source: string | null
}

export interface OsPanelStatus {
  phase: OsPhase
  state: OsStateName
  plan: OsPanelPlan | null
  /** The task checked out or under review. */
  task: OsPanelTask | null
  /** Retries of the current task (`state.rt`); null without a current task. */
  retries: number | null
  maxRetries: number
  activeIssues: readonly { id: string; title: string }[]
  lastError: string | null
  log: readonly OsLogLine[]
  /** "Needs input" first, then working, idle and ended; the most recent first within each. */
  sessions: readonly OsPanelSession[]
}

/** Retries over the whole plan (what stays recorded once the current task is done). */
export function planRetries(plan: OsPanelPlan | null): number {
  return plan ? plan.tasks.reduce((sum, task) => sum + task.retries, 0) : 0
}

/** The last error while it still matters: the state is blocked or in error, or the current task failed. */
export function liveError(status: OsPanelStatus): string | null {
  if (!status.lastError) return null
  return isBlockedState(status.state) || status.task?.error ? status.lastError : null
}
