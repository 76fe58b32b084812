// Agent sessions seen through Claude Code hooks: each session's status, the event and time it came
// from, and the Claude Code process behind it. A hook appends one line per event to
// `session_log.jsonl` (session-log.ts); the rows are that log folded, event by event, from a
// snapshot in `sessions.json` (session-fold.ts). A Notification's `notification_type` decides
// whether the session needs input (a permission prompt, an idle prompt, a question dialog) or is
// merely informed (`auth_success`, ...). When sessions are read, one whose process is gone shows as
// ended and one silent for too long as stale (session-liveness.ts). No heavy imports: `tsk hook`
// loads this on every agent event.
import { readFileSync } from "node:fs"
import { hostname } from "node:os"
import { appendSessionLine, type SessionLogLine } from "./session-log.ts"

/** What hooks record; `stale` is only ever derived when reading (a session silent for too long). */
export type SessionStatus = "working" | "needs_input" | "idle" | "stale" | "ended"

export const SESSION_STATUS_LABELS: Record<SessionStatus, string> = {
  working: "working",
  needs_input: "needs input",
  idle: "idle",
  stale: "stale",
  ended: "ended",
}

/** Notification types that wait for the person (Claude Code's `notification_type`). */
const NEEDS_INPUT_TYPES: ReadonlySet<string> = new Set(["permission_prompt", "idle_prompt", "elicitation_dialog"])
/** Notification types that say the person has answered. */
const ANSWERED_TYPES: ReadonlySet<string> = new Set(["elicitation_complete", "elicitation_response"])

export interface AgentSession {
  id: string
  status: SessionStatus
  /** The last hook event, e.g. `PreToolUse`. */
  event: string
  cwd: string | null
  transcript: string | null
  /** The tool of the last PreToolUse/PostToolUse. */
  tool: string | null
  /** The last Notification's message (why it needs input). */
  message: string | null
  /** The start of the last prompt. */
  prompt: string | null
  started: string
  updated: string
  /** Where the status came from: the event (with its notification type) and when. */
  since?: { event: string; at: string }
  /** The Claude Code process that ran the hook, on `host`; null when it could not be found. */
  pid?: number | null
  host?: string
  /** Set when reading: why the shown status differs from the recorded one (process gone, silent). */
  shownBecause?: string
}

export interface SessionsFile {
  v: number
  sessions: Record<string, AgentSession>
}

export interface HookEvent {
  hook_event_name: string
  session_id: string
  cwd?: string
  transcript_path?: string
  tool_name?: string
  message?: string
  notification_type?: string
  prompt?: string
  source?: string
  reason?: string
}

const MAX_SESSIONS = 50
const ENDED_KEEP_MS = 24 * 60 * 60 * 1000

const text = (value: unknown, max: number) => (typeof value === "string" && value.length > 0 ? value.slice(0, max) : null)

/** Parse a hook's stdin; throws with a short reason when it is not a hook event. */
export function parseHookEvent(raw: string): HookEvent {
  const value: unknown = JSON.parse(raw)
  if (!value || typeof value !== "object") throw new Error("hook input is not a JSON object")
  const event = value as Record<string, unknown>
  if (typeof event.hook_event_name !== "string" || event.hook_event_name.length === 0) throw new Error("hook input has no hook_event_name")
  if (typeof event.session_id !== "string" || event.session_id.length === 0) throw new Error("hook input has no session_id")
  return event as unknown as HookEvent
}

/** The status after `event`. "Needs input" stays until the user answers: a prompt, or a tool that runs. */
export function nextSessionStatus(current: SessionStatus | null, event: HookEvent): SessionStatus {
  switch (event.hook_event_name) {
    case "SessionStart":
      return event.source === "compact" && current ? current : "idle"
    case "UserPromptSubmit":
    case "PreToolUse":
    case "PostToolUse":
      return "working"
    case "Notification":
      return notificationStatus(current, event)
    case "PermissionRequest":
      return "needs_input"
    case "Stop":
      return current === "needs_input" ? "needs_input" : "idle"
    case "SessionEnd":
      return "ended"
    default:
      return current ?? "working"
  }
}

function notificationStatus(current: SessionStatus | null, event: HookEvent): SessionStatus {
  const type = event.notification_type
  if (type === undefined) {
    // Claude Code before notification_type: only its permission and idle prompts wait for the person.
    return /permission|waiting for your input/i.test(event.message ?? "") ? "needs_input" : (current ?? "working")
  }
  if (NEEDS_INPUT_TYPES.has(type)) return "needs_input"
  if (ANSWERED_TYPES.has(type) && current === "needs_input") return "working"
  return current ?? "working"
}

const eventLabel = (event: HookEvent) => (event.hook_event_name === "Notification" && event.notification_type ? `Notification (${event.notification_type})` : event.hook_event_name)

/** The Claude Code process that ran a hook (null when it could not be found) and its host. */
export interface HookProcess {
  pid: number | null
  host: string
}

/** `previous` (null: a session not seen yet) after `event` at `now`. */
export function nextSession(previous: AgentSession | null, event: HookEvent, now: Date, process: HookProcess | null = null): AgentSession {
  const at = now.toISOString()
  const toolEvent = event.hook_event_name === "PreToolUse" || event.hook_event_name === "PostToolUse" || event.hook_event_name === "PermissionRequest"
  const status = nextSessionStatus(previous?.status ?? null, event)
  return {
    id: event.session_id,
    status,
    event: event.hook_event_name,
    cwd: text(event.cwd, 500) ?? previous?.cwd ?? null,
    transcript: text(event.transcript_path, 500) ?? previous?.transcript ?? null,
    tool: toolEvent ? text(event.tool_name, 100) : (previous?.tool ?? null),
    message: event.hook_event_name === "Notification" ? text(event.message, 300) : (previous?.message ?? null),
    prompt: event.hook_event_name === "UserPromptSubmit" ? text(event.prompt, 120) : (previous?.prompt ?? null),
    started: previous?.started ?? at,
    updated: at,
    since: previous?.since && previous.status === status ? previous.since : { event: eventLabel(event), at },
    pid: process?.pid ?? previous?.pid ?? null,
    ...(process ? { host: process.host } : previous?.host ? { host: previous.host } : {}),
  }
}

export function applyHookEvent(file: SessionsFile, event: HookEvent, now: Date, process: HookProcess | null = null): { file: SessionsFile; session: AgentSession } {
  const session = nextSession(file.sessions[event.session_id] ?? null, event, now, process)
  const sessions = pruneSessions({ ...file.sessions, [session.id]: session }, now)
  return { file: { v: file.v + 1, sessions }, session }
}

/** The sessions worth showing at `now`: none ended more than a day ago, the 50 most recently active. */
export function pruneSessions(sessions: Record<string, AgentSession>, now: Date): Record<string, AgentSession> {
  const kept = Object.values(sessions)
    .filter((s) => s.status !== "ended" || now.getTime() - Date.parse(s.updated) < ENDED_KEEP_MS)
    .sort((a, b) => b.updated.localeCompare(a.updated))
    .slice(0, MAX_SESSIONS)
  return Object.fromEntries(kept.map((s) => [s.id, s]))
}

/**
 * The log line of `event`: what folding it needs (session-fold.ts), each text as long as a
 * session row keeps it.
 */
export function sessionLogLine(event: HookEvent, now: Date, process: HookProcess | null): SessionLogLine {
  const line: SessionLogLine = { at: now.toISOString(), session: event.session_id, event: event.hook_event_name }
  const put = (key: "tool" | "type" | "msg" | "cwd" | "transcript" | "prompt" | "source", value: string | null) => {
    if (value !== null) line[key] = value
  }
  put("tool", text(event.tool_name, 100))
  put("type", text(event.notification_type, 100))
  put("msg", text(event.message, 300))
  put("cwd", text(event.cwd, 500))
  put("transcript", text(event.transcript_path, 500))
  put("prompt", text(event.prompt, 120))
  put("source", text(event.source, 40))
  if (process) {
    line.pid = process.pid
    line.host = process.host
  }
  return line
}

/**
 * This machine's name, as os.hostname() gives it (a session row's host is compared with that):
 * on Linux the kernel's own file, which saves a hook loading node:os.
 */
function hostName(): string {
  try {
    const name = readFileSync("/proc/sys/kernel/hostname", "utf8").trim()
    if (name.length > 0) return name
  } catch {
    // Not Linux.
  }
  return hostname()
}

/**
 * Record one hook event under `osRoot`: a line in the session log, on disk before this returns
 * (the session rows are folded from it when read). Returns the line written.
 */
export function recordHookEvent(osRoot: string, event: HookEvent, now = new Date(), pid: number | null = null): SessionLogLine {
  const line = sessionLogLine(event, now, { pid, host: hostName() })
  appendSessionLine(osRoot, line)
  return line
}
