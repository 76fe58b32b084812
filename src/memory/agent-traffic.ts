// What an agent's bridge or MCP command becomes in its memory: the call as an assistant tool call,
// the answer as the tool result. Large answers are clipped so memory stays proportionate.
import type { JsonValue } from "./message.ts"
import { toJsonSafe } from "./normalize.ts"

export const RESULT_CHARS = 4096

export interface AgentCall {
  id: string
  command: string
  payload: unknown
}

export interface AgentAnswer {
  status: "ok" | "error"
  data?: unknown
  error?: string
}

function clippedResult(data: unknown): JsonValue {
  const safe = toJsonSafe(data ?? null)
  const text = JSON.stringify(safe)
  return text.length > RESULT_CHARS ? `${text.slice(0, RESULT_CHARS)}… [${text.length - RESULT_CHARS} more characters]` : safe
}

/** The two messages of one command: call and answer. Plain objects; the manager checks them. */
export function trafficMessages(call: AgentCall, answer: AgentAnswer): unknown[] {
  const error = answer.status === "error" ? (answer.error ?? "failed") : null
  return [
    { role: "assistant", content: "", tool_calls: [{ id: call.id, name: call.command, arguments: clippedResult(call.payload ?? {}) }] },
    {
      role: "tool",
      content: error === null ? "ok" : `error: ${error}`,
      tool_payload: { tool_call_id: call.id, tool_name: call.command, tool_result: error === null ? clippedResult(answer.data) : null, tool_error: error },
    },
  ]
}
