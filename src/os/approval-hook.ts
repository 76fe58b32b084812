// The PermissionRequest hook of Claude Code and Codex, answered from tsk. A rule of the session
// answers at once; with no TUI watching the hook answers nothing (the agent asks in its own
// terminal, as without tsk); otherwise the request waits for a person, up to
// `approvals.timeoutSeconds`, and falls back to the terminal the same way. Both agents read the
// same answer: `{"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision":
// {"behavior": "allow" | "deny", "message"?}}}` on stdout; no output leaves the choice to them.
import { watch, type FSWatcher } from "node:fs"
import { hostname } from "node:os"
import {
  appendAudit,
  approvalTimeoutSeconds,
  decisionsDir,
  ensureApprovalDirs,
  findRule,
  newApprovalId,
  readDecision,
  watcherPresent,
  writeDecisionOnce,
  writeRequest,
  type ApprovalAgent,
  type ApprovalDecision,
  type ApprovalRequest,
} from "./approval-files.ts"

const INPUT_MAX_CHARS = 16_000
const SUGGESTIONS_MAX_CHARS = 4000
/** How often the hook looks for an answer besides the folder watch, and for a TUI that went away. */
export const POLL_MS = 50
const WATCHER_CHECK_MS = 1000

/** Codex's PermissionRequest input carries `turn_id` (and `model`); Claude Code's does not. */
export function agentOfEvent(event: Record<string, unknown>): ApprovalAgent {
  return typeof event.turn_id === "string" ? "codex" : "claude-code"
}

const str = (value: unknown) => (typeof value === "string" ? value : "")
/** One line of agent text, safe to draw: whitespace runs become a space, control characters `?`. */
const oneLine = (text: string, max = 200) => {
  const line = text.replace(/\s+/g, " ").replace(/[\u0000-\u001f\u007f-\u009f]/g, "?").trim()
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}

/** The command, the file, the URL or the description a request is about, on one line. */
export function summarizeToolInput(tool: string, input: unknown): string {
  const fields = input && typeof input === "object" ? (input as Record<string, unknown>) : {}
  const first = [fields.command, fields.cmd, fields.file_path, fields.notebook_path, fields.path, fields.url, fields.query, fields.pattern, fields.description].find((v) => typeof v === "string" && v.length > 0)
  if (typeof first === "string") return oneLine(first)
  if (Array.isArray(fields.command)) return oneLine(fields.command.map(String).join(" "))
  const json = JSON.stringify(input ?? null) ?? ""
  return oneLine(json === "{}" || json === "null" ? tool : json)
}

/** A value cut to about `max` characters of JSON (a string marker when cut). */
function bounded(value: unknown, max: number): unknown {
  const json = JSON.stringify(value ?? null) ?? "null"
  return json.length <= max ? JSON.parse(json) : `${json.slice(0, max)}… [${json.length - max} more characters]`
}

/** The agent's answer for a decision; null for `terminal` (print nothing: the agent asks itself). */
export function permissionOutput(decision: Pick<ApprovalDecision, "behavior" | "message">): string | null {
  if (decision.behavior === "terminal") return null
  const answer = decision.behavior === "allow" ? { behavior: "allow" } : { behavior: "deny", message: decision.message?.trim() || "Denied in tsk." }
  return JSON.stringify({ hookSpecificOutput: { hookEventName: "PermissionRequest", decision: answer } })
}

export function requestFromEvent(event: Record<string, unknown>, now: Date, timeoutSeconds: number, pid = process.pid): ApprovalRequest {
  const tool = oneLine(str(event.tool_name), 200) || "tool"
  const suggestions = Array.isArray(event.permission_suggestions) ? event.permission_suggestions : []
  const boundedSuggestions = bounded(suggestions, SUGGESTIONS_MAX_CHARS)
  return {
    id: newApprovalId(),
    session: str(event.session_id).slice(0, 200),
    agent: agentOfEvent(event),
    tool,
    summary: summarizeToolInput(tool, event.tool_input),
    input: bounded(event.tool_input ?? null, INPUT_MAX_CHARS),
    suggestions: Array.isArray(boundedSuggestions) ? boundedSuggestions : [boundedSuggestions],
    cwd: str(event.cwd).slice(0, 1000) || null,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + timeoutSeconds * 1000).toISOString(),
    pid,
    host: hostname(),
  }
}

export type WaitOutcome = ApprovalDecision | "timeout" | "unwatched"

/**
 * The answer to request `id` as soon as its file appears (a folder watch, with a POLL_MS poll in
 * case a watch event is missed), "timeout" at `deadline`, or "unwatched" when `watched` turns false.
 */
export function waitForDecision(home: string, id: string, deadline: number, watched: () => boolean, pollMs = POLL_MS): Promise<WaitOutcome> {
  return new Promise((resolve) => {
    let done = false
    let watcher: FSWatcher | null = null
    let lastWatchCheck = Date.now()
    const finish = (outcome: WaitOutcome) => {
      if (done) return
      done = true
      clearInterval(poll)
      clearTimeout(timer)
      watcher?.close()
      resolve(outcome)
    }
    const check = () => {
      const decision = readDecision(home, id)
      if (decision) finish(decision)
    }
    const poll = setInterval(() => {
      check()
      if (done || Date.now() - lastWatchCheck < WATCHER_CHECK_MS) return
      lastWatchCheck = Date.now()
      if (!watched()) finish("unwatched")
    }, pollMs)
    const timer = setTimeout(() => {
      check()
      finish("timeout")
    }, Math.max(0, deadline - Date.now()))
    try {
      watcher = watch(decisionsDir(home), (_event, name) => {
        if (name === null || name === `${id}.json`) check()
      })
      watcher.on("error", () => {})
    } catch {
      // No watch on this file system: the poll alone finds the answer.
    }
    check()
  })
}

export interface PermissionAnswer {
  request: ApprovalRequest
  decision: ApprovalDecision
  /** What the hook prints (null: nothing). */
  output: string | null
}

export interface AnswerOptions {
  now?: () => Date
  pid?: number
  pollMs?: number
}

const auditRequest = (home: string, request: ApprovalRequest) =>
  appendAudit(home, { at: request.createdAt, kind: "request", id: request.id, session: request.session, agent: request.agent, tool: request.tool, summary: request.summary, cwd: request.cwd })

export const auditDecision = (home: string, request: Pick<ApprovalRequest, "id" | "session" | "tool">, decision: ApprovalDecision) =>
  appendAudit(home, {
    at: decision.at,
    kind: "decision",
    id: request.id,
    session: request.session,
    tool: request.tool,
    behavior: decision.behavior,
    by: decision.by,
    ...(decision.why ? { why: decision.why } : {}),
    ...(decision.message ? { message: decision.message } : {}),
  })

/** Record the request, get its answer (a rule, a person, or the terminal) and the hook's output. */
export async function answerPermissionRequest(home: string, event: Record<string, unknown>, options: AnswerOptions = {}): Promise<PermissionAnswer> {
  const now = options.now ?? (() => new Date())
  ensureApprovalDirs(home)
  const timeoutSeconds = approvalTimeoutSeconds(home)
  const request = requestFromEvent(event, now(), timeoutSeconds, options.pid)
  // Who can answer is settled before the request shows: a request a TUI lists is one this hook
  // waits for (a TUI that closes after it showed is "tsk closed", never "no tsk watching").
  const rule = findRule(home, request.session, request.tool)
  const watched = !rule && watcherPresent(home)
  writeRequest(home, request)
  auditRequest(home, request)
  const settle = (behavior: "allow" | "terminal", by: string, why: string): ApprovalDecision => {
    const { decision, won } = writeDecisionOnce(home, { id: request.id, behavior, by, why, at: now().toISOString() })
    if (won) auditDecision(home, request, decision)
    return decision
  }
  let decision: ApprovalDecision
  if (rule) decision = settle("allow", "rule", rule.id)
  else if (!watched) decision = settle("terminal", "hook", "no tsk watching")
  else {
    const outcome = await waitForDecision(home, request.id, Date.parse(request.expiresAt), () => watcherPresent(home), options.pollMs)
    decision = typeof outcome === "string" ? settle("terminal", "hook", outcome === "timeout" ? "timed out" : "tsk closed") : outcome
  }
  return { request, decision, output: permissionOutput(decision) }
}
