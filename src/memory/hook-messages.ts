// Claude Code hook events as memory messages: a prompt is the user's, a tool use the assistant's
// call, its response the tool result, and notifications, stops and session starts/ends are noted
// as system lines. No zod or heavy imports: `tsk hook` records these and must stay fast.
import { appendHookMessageRecords } from "./record-lines.ts"
import { agentIdProblem } from "./agent-id.ts"
import { agentPaths } from "./memory-paths.ts"
import type { JsonValue, Message } from "./message.ts"
import { toJsonSafe } from "./normalize.ts"
import { memoryKey, surfaceAgentName } from "./memory-key.ts"

/** The agent whose hooks `tsk hook` runs. */
export const HOOK_AGENT_NAME = "claude-code"

const HOOK_LIMITS = { maxString: 2000, maxDepth: 8 }
const RESULT_CHARS = 4096

export interface HookEventInput {
  hook_event_name: string
  session_id: string
  [key: string]: unknown
}

const text = (value: unknown, max = 2000) => (typeof value === "string" ? value.slice(0, max) : "")

function bounded(value: unknown): JsonValue {
  const safe = toJsonSafe(value ?? null, HOOK_LIMITS)
  const json = JSON.stringify(safe)
  return json.length > RESULT_CHARS ? `${json.slice(0, RESULT_CHARS)}… [${json.length - RESULT_CHARS} more characters]` : safe
}

/** The message one hook event adds, or null when it adds none. */
export function hookEventMessage(event: HookEventInput): Message | null {
  const callId = (text(event.tool_use_id, 200) || `${event.session_id}:${text(event.tool_name, 60) || "tool"}`).slice(0, 200)
  const toolName = text(event.tool_name, 200) || "tool"
  switch (event.hook_event_name) {
    case "UserPromptSubmit":
      return { role: "user", content: text(event.prompt, 8000) }
    case "PreToolUse":
      return { role: "assistant", content: "", tool_calls: [{ id: callId, name: toolName, arguments: bounded(event.tool_input ?? {}) }] }
    case "PostToolUse": {
      const response = event.tool_response as { error?: unknown } | undefined
      const error = typeof response?.error === "string" && response.error.length > 0 ? response.error.slice(0, 2000) : null
      return {
        role: "tool",
        content: error === null ? "ok" : `error: ${error}`,
        tool_payload: { tool_call_id: callId, tool_name: toolName, tool_result: error === null ? bounded(event.tool_response) : null, tool_error: error },
      }
    }
    case "Notification":
      return { role: "system", content: `Notification: ${text(event.message, 500)}` }
    case "PermissionRequest":
      return { role: "system", content: `Permission requested for ${toolName}: ${text(JSON.stringify(event.tool_input ?? null), 500)}` }
    case "Stop":
      return typeof event.last_assistant_message === "string" ? { role: "assistant", content: text(event.last_assistant_message, 8000) } : { role: "system", content: "The assistant's turn ended." }
    case "SessionStart":
      return { role: "system", content: `Session started (${text(event.source, 40) || "startup"}).` }
    case "SessionEnd":
      return { role: "system", content: `Session ended (${text(event.reason, 40) || "exit"}).` }
    default:
      return null
  }
}

/**
 * Whose memory a hook event belongs to: the agent's key in the event's project folder (see
 * memory-key.ts), or, for an event without a folder, its session (as before the key existed).
 */
export function hookMemoryId(event: { session_id?: unknown; cwd?: unknown }, env: NodeJS.ProcessEnv): string | null {
  if (typeof event.cwd === "string" && event.cwd.length > 0) return memoryKey(surfaceAgentName(env, HOOK_AGENT_NAME), event.cwd)
  return typeof event.session_id === "string" && agentIdProblem(event.session_id) === null ? event.session_id : null
}

/** Append a hook event to its agent's raw log, marked with its session. */
export function recordHookMessage(home: string, event: HookEventInput, now: Date, env: NodeJS.ProcessEnv = process.env): boolean {
  if (agentIdProblem(event.session_id) !== null) return false
  const agentId = hookMemoryId(event, env)
  const message = hookEventMessage(event)
  if (!message || agentId === null) return false
  appendHookMessageRecords(agentPaths(home, agentId), [{ at: now.toISOString(), session: event.session_id, message }])
  return true
}

/**
 * A permission request and its answer in the session's memory, in one append (a hook that answers
 * at once pays for one write): the request when it was asked, the answer when it came.
 */
export function recordPermissionMessages(home: string, event: HookEventInput, askedAt: Date, answer: string, answeredAt: Date): boolean {
  if (agentIdProblem(event.session_id) !== null) return false
  const asked = hookEventMessage(event)
  appendHookMessageRecords(agentPaths(home, event.session_id), [
    ...(asked ? [{ at: askedAt.toISOString(), message: asked }] : []),
    { at: answeredAt.toISOString(), message: { role: "system", content: answer.slice(0, 2000) } },
  ])
  return true
}
