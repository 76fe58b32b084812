// The memory-* bridge commands, which agents send on purpose: memory-append (messages into their
// raw log), memory-remember (a semantic fact) and memory-restore (their working context back).
// Payloads are zod schemas, so the MCP server can offer them as tools unchanged.
import * as z from "zod"
import { defineBridgeCommand, type BridgeCommandDefinition } from "../domain/command-definition.ts"
import { agentIdProblem } from "../memory/agent-id.ts"
import type { MemoryManager } from "../memory/memory-manager.ts"
import { JsonValue } from "../memory/message.ts"
import { DEFAULT_RESTORE_TOKENS } from "../memory/token-budget.ts"
import { invalid } from "../domain/errors.ts"
import { ANSWER_ENVELOPE_TOKENS, restoreAgent, type RestoredContext } from "../memory/restore-step.ts"
import { restoreMarkdown } from "../memory/restore-markdown.ts"

const AgentIdField = z
  .string()
  .superRefine((id, ctx) => {
    const problem = agentIdProblem(id)
    if (problem) ctx.addIssue({ code: "custom", message: problem })
  })
  .describe("whose memory (default on MCP: yours, your name plus this project folder)")

/**
 * A message as an agent holds it: the stored shape (system, user, assistant with tool_calls
 * [{id, name, arguments}], tool with tool_payload), the snapshot document's shorter tool message,
 * an OpenAI chat message or Anthropic content blocks; memory-manager.ts makes it the stored shape
 * and refuses what is none of these.
 */
const MessageShape = z
  .looseObject({
    role: z.enum(["system", "developer", "user", "assistant", "tool"]).describe("who speaks"),
    content: z.unknown().optional().describe("text, a list of text parts, or Anthropic content blocks (text, tool_use, tool_result)"),
  })
  .describe("one message: {role, content}; assistant tool_calls (stored or OpenAI shape); tool replies with tool_payload or OpenAI tool_call_id")

export const MemoryAppendPayload = z.strictObject({
  agentId: AgentIdField,
  message: MessageShape.optional().describe("one message (or give messages)"),
  messages: z.array(MessageShape).min(1).max(500).optional().describe("up to 500 messages in order (or give message)"),
})

export const MemoryRememberPayload = z.strictObject({
  agentId: AgentIdField,
  key: z.string().min(1).max(200).describe("the fact's name; the last value of a key wins"),
  value: JsonValue.describe("any JSON value; null forgets the fact"),
})

export const MemoryRestorePayload = z.strictObject({
  agentId: AgentIdField,
  maxTokens: z.number().int().min(100).max(200_000).optional().describe(`budget for the whole answer (default ${DEFAULT_RESTORE_TOKENS})`),
  markdown: z.boolean().optional().describe("true: a Markdown summary instead of the messages"),
  before: z.number().int().min(0).optional().describe("page back: only messages older than this position (an earlier answer's before)"),
})

/** The Markdown's share of a budget: the fields around it are paid for first. */
const markdownBudget = (maxTokens: number | undefined) => (maxTokens === undefined ? undefined : Math.max(0, maxTokens - ANSWER_ENVELOPE_TOKENS))

/** What a restore answers: the budgeted context (without the unbudgeted copy), or Markdown. */
export function restoreAnswer(restored: RestoredContext, markdown: { maxTokens?: number; before?: number } | null): Record<string, unknown> {
  const { all: _all, ...answer } = restored
  const pageBack = restored.before === null ? null : `${restored.older} older messages left out: restore again with before ${restored.before} for them`
  if (!markdown) return { ...answer, page_back: pageBack }
  const { messages: _messages, ...rest } = answer
  return { ...rest, page_back: pageBack, markdown: restoreMarkdown(restored, markdownBudget(markdown.maxTokens), markdown.before) }
}

export function createMemoryBridgeCommands(manager: MemoryManager): BridgeCommandDefinition[] {
  return [
    defineBridgeCommand({
      command: "memory-append",
      payload: MemoryAppendPayload,
      run: (payload) => {
        if ((payload.message === undefined) === (payload.messages === undefined)) throw invalid("give either message or messages")
        return manager.append(payload.agentId, payload.messages ?? [payload.message!])
      },
      describe: (payload, data) => `memory: ${(data as { appended: number }).appended} messages for ${payload.agentId}`,
    }),
    defineBridgeCommand({
      command: "memory-remember",
      payload: MemoryRememberPayload,
      run: (payload) => manager.remember(payload.agentId, payload.key, payload.value),
      describe: (payload) => `memory: ${payload.value === null ? "forgot" : "remembered"} '${payload.key}' for ${payload.agentId}`,
    }),
    defineBridgeCommand({
      command: "memory-restore",
      // Reading and refreshing a derived cache: safe to run again after a crash.
      readOnly: true,
      payload: MemoryRestorePayload,
      run: async (payload) => {
        const window = { maxTokens: payload.maxTokens ?? DEFAULT_RESTORE_TOKENS, ...(payload.before !== undefined ? { before: payload.before } : {}) }
        const restored = await restoreAgent(manager, payload.agentId, window)
        return restoreAnswer(restored, payload.markdown ? window : null)
      },
      describe: (payload, data) => {
        const d = data as { source: string }
        return `memory: restored ${payload.agentId} (${d.source === "cache" ? "from cache" : "rebuilt"})`
      },
    }),
  ]
}
