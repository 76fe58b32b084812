// The memory-* bridge commands, which agents send on purpose: memory-append (messages into their
// raw log), memory-remember (a semantic fact) and memory-restore (their working context back).
// Payloads are zod schemas, so the MCP server can offer them as tools unchanged.
import * as z from "zod"
import { defineBridgeCommand, type BridgeCommandDefinition } from "../domain/command-definition.ts"
import { agentIdProblem } from "../memory/agent-id.ts"
import type { MemoryManager } from "../memory/memory-manager.ts"
import { JsonValueInput, MessageInput } from "../memory/message.ts"
import { restoreAgent, type RestoredContext } from "../memory/restore-step.ts"
import { restoreMarkdown } from "../memory/restore-markdown.ts"

const AgentIdField = z.string().superRefine((id, ctx) => {
  const problem = agentIdProblem(id)
  if (problem) ctx.addIssue({ code: "custom", message: problem })
})

export const MemoryAppendPayload = z
  .strictObject({
    agentId: AgentIdField,
    message: MessageInput.optional(),
    messages: z.array(MessageInput).min(1).max(500).optional(),
  })
  .refine((p) => (p.message === undefined) !== (p.messages === undefined), { message: "give either message or messages" })

export const MemoryRememberPayload = z.strictObject({
  agentId: AgentIdField,
  key: z.string().min(1).max(200),
  /** null forgets the fact. */
  value: JsonValueInput,
})

export const MemoryRestorePayload = z.strictObject({
  agentId: AgentIdField,
  maxTokens: z.number().int().min(100).max(200_000).optional(),
  markdown: z.boolean().optional(),
})

/** What a restore answers: the budgeted context (without the unbudgeted copy), or Markdown. */
export function restoreAnswer(restored: RestoredContext, markdown: { maxTokens?: number } | null): Record<string, unknown> {
  const { all: _all, ...answer } = restored
  if (!markdown) return answer
  const { messages: _messages, ...rest } = answer
  return { ...rest, markdown: restoreMarkdown(restored, markdown.maxTokens) }
}

export function createMemoryBridgeCommands(manager: MemoryManager): BridgeCommandDefinition[] {
  return [
    defineBridgeCommand({
      command: "memory-append",
      payload: MemoryAppendPayload,
      run: (payload) => manager.append(payload.agentId, payload.messages ?? [payload.message!]),
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
        const restored = await restoreAgent(manager, payload.agentId, payload.maxTokens !== undefined ? { maxTokens: payload.maxTokens } : {})
        return restoreAnswer(restored, payload.markdown ? (payload.maxTokens !== undefined ? { maxTokens: payload.maxTokens } : {}) : null)
      },
      describe: (payload, data) => {
        const d = data as { source: string }
        return `memory: restored ${payload.agentId} (${d.source === "cache" ? "from cache" : "rebuilt"})`
      },
    }),
  ]
}
