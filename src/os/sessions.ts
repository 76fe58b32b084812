// Agent sessions seen through Claude Code hooks: `sessions.json` (`{v, sessions: {id: …}}`) holds
// each session's status, the event and time it came from, and the Claude Code process behind it;
// `session_log.jsonl` one line per hook event. A Notification's `notification_type` decides whether
// the session needs input (a permission prompt, an idle prompt, a question dialog) or is merely
// informed (`auth_success`, ...). When sessions are read, one whose process is gone shows as ended
// and one silent for too long as stale (session-liveness.ts). Everything here is synchronous
// node:fs with no heavy imports, because `tsk hook` must answer in a few milliseconds.
import { mkdirSync, readFileSync, renameSync, statSync } from "node:fs"
import { hostname } from "node:os"
import { join } from "node:path"
import { applyLiveness, type LivenessOptions } from "./session-liveness.ts"
import { appendNoFollow, refuseLinkedFolders } from "../store/home-links.ts"
import { tryLock, unlock } from "../store/file-lock.ts"
import { replaceFileForHookSync } from "../store/atomic-file.ts"
import { LockLostError } from "../store/lock-context.ts"

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
const SESSION_LOG_MAX_BYTES = 512 * 1024
/** How long a hook waits on a live holder (each holds the lock a few milliseconds). */
const LOCK_WAIT_MS = 20_000

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

export function applyHookEvent(
  file: SessionsFile,
  event: HookEvent,
  now: Date,
  process: { pid: number | null; host: string } | null = null,
): { file: SessionsFile; session: AgentSession } {
  const at = now.toISOString()
  const previous = file.sessions[event.session_id] ?? null
  const toolEvent = event.hook_event_name === "PreToolUse" || event.hook_event_name === "PostToolUse" || event.hook_event_name === "PermissionRequest"
  const status = nextSessionStatus(previous?.status ?? null, event)
  const session: AgentSession = {
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
  const sessions = pruneSessions({ ...file.sessions, [session.id]: session }, now)
  return { file: { v: file.v + 1, sessions }, session }
}

function pruneSessions(sessions: Record<string, AgentSession>, now: Date): Record<string, AgentSession> {
  const kept = Object.values(sessions)
    .filter((s) => s.status !== "ended" || now.getTime() - Date.parse(s.updated) < ENDED_KEEP_MS)
    .sort((a, b) => b.updated.localeCompare(a.updated))
    .slice(0, MAX_SESSIONS)
  return Object.fromEntries(kept.map((s) => [s.id, s]))
}

export function readSessionsFile(path: string): SessionsFile {
  try {
    const parsed = JSON.parse(readFileSync(path, "utf8")) as Partial<SessionsFile>
    if (typeof parsed.v === "number" && parsed.sessions && typeof parsed.sessions === "object") return parsed as SessionsFile
  } catch {
    // Missing or unreadable: start afresh (the file only mirrors live sessions).
  }
  return { v: 0, sessions: {} }
}

/** The sessions under an os root as they stand now (process gone: ended; silent: stale), most recently active first. */
export function readAgentSessions(osRoot: string, options: LivenessOptions = {}): AgentSession[] {
  return Object.values(readSessionsFile(join(osRoot, "sessions.json")).sessions)
    .map((session) => applyLiveness(session, options))
    .sort((a, b) => b.updated.localeCompare(a.updated))
}

/** Replace `path` with `content` (store/atomic-file.ts) only if `stillOurs()` holds just before the rename. */
function writeDurableSync(path: string, content: string, stillOurs: () => boolean): boolean {
  try {
    replaceFileForHookSync(path, content, true, () => {
      if (!stillOurs()) throw new LockLostError(path)
    })
    return true
  } catch (error) {
    if (error instanceof LockLostError) return false
    throw error
  }
}

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)

/**
 * A read-modify-write of `path` under the store's O_EXCL lock (`<file>.lock` naming its holder):
 * a lock is taken over only when its holder is dead or silent past the store's stale time, never
 * because a waiter ran out of patience. A writer taken over while paused notices before its rename
 * and runs `update` again on what the other writer left, so no row is ever written over.
 */
function updateUnderLock<T>(path: string, update: () => { content: string; result: T }): T {
  const deadline = Date.now() + LOCK_WAIT_MS
  for (;;) {
    const lock = tryLock(path)
    if (!lock) {
      if (Date.now() > deadline) throw new Error(`${path} stayed locked by a live process for ${LOCK_WAIT_MS / 1000} s; this event was not recorded there`)
      sleepSync(1 + Math.floor(Math.random() * 3))
      continue
    }
    try {
      const { content, result } = update()
      if (writeDurableSync(path, content, lock.stillHeld)) return result
    } finally {
      unlock(lock)
    }
  }
}

function appendSessionLog(path: string, line: Record<string, unknown>): void {
  const size = statSync(path, { throwIfNoEntry: false })?.size ?? 0
  if (size > SESSION_LOG_MAX_BYTES) renameSync(path, path.replace(/\.jsonl$/, ".1.jsonl"))
  appendNoFollow(path, JSON.stringify(line) + "\n")
}


/** Record one hook event under `osRoot`: the session's new status, and a line in the session log. */
export function recordHookEvent(osRoot: string, event: HookEvent, now = new Date(), pid: number | null = null): AgentSession {
  refuseLinkedFolders(osRoot)
  mkdirSync(osRoot, { recursive: true, mode: 0o700 })
  const path = join(osRoot, "sessions.json")
  const session = updateUnderLock(path, () => {
    const applied = applyHookEvent(readSessionsFile(path), event, now, { pid, host: hostname() })
    return { content: JSON.stringify(applied.file, null, 2) + "\n", result: applied.session }
  })
  appendSessionLog(join(osRoot, "session_log.jsonl"), {
    at: session.updated,
    session: session.id,
    event: event.hook_event_name,
    status: session.status,
    ...(event.tool_name ? { tool: event.tool_name } : {}),
    ...(event.notification_type ? { type: event.notification_type } : {}),
    ...(event.message ? { msg: event.message.slice(0, 300) } : {}),
  })
  return session
}
