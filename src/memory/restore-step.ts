// Restoring an agent: the step runs only when restore options are given (a session that starts
// fresh skips it), and `restoreAgent` brings back the context of an agent that exists, under its
// own id, never a new one.
import { notFound } from "../domain/errors.ts"
import { checkAgentId } from "./agent-id.ts"
import type { MemoryManager } from "./memory-manager.ts"
import type { Message } from "./message.ts"
import { fitMessages } from "./token-budget.ts"

export interface RestoreOptions {
  agentId: string
  maxTokens?: number
}

export interface RestoredContext {
  agent_id: string
  source: "cache" | "rebuild"
  /** Whether the snapshot cache was used (source "cache"). */
  cache_used: boolean
  /** Why the cache was not used (null when it was). */
  reason: string | null
  epoch_id: number
  last_compaction_ts: string | null
  memory_messages: number
  /** Within `maxTokens` when given. */
  messages: Message[]
  tokens: number
  dropped: number
  skipped_lines: number
  /** Every message of the context, before the budget. */
  all: Message[]
}

export async function restoreAgent(manager: MemoryManager, agentId: string, options: { maxTokens?: number } = {}): Promise<RestoredContext> {
  checkAgentId(agentId)
  if (!manager.exists(agentId)) throw notFound(`no memory for agent '${agentId}'`)
  const booted = await manager.load(agentId)
  const snapshot = booted.context.toSnapshot()
  const fitted = fitMessages(snapshot.messages, snapshot.memory_messages, options.maxTokens)
  return {
    agent_id: snapshot.agent_id,
    source: booted.source,
    cache_used: booted.source === "cache",
    reason: booted.reason,
    epoch_id: snapshot.epoch_id,
    last_compaction_ts: snapshot.last_compaction_ts,
    memory_messages: snapshot.memory_messages,
    messages: fitted.messages,
    tokens: fitted.tokens,
    dropped: fitted.dropped,
    skipped_lines: booted.skippedLines,
    all: snapshot.messages,
  }
}

/** The restore step of a start-up: nothing without options. */
export async function runRestoreStep(manager: MemoryManager, options: RestoreOptions | undefined): Promise<RestoredContext | null> {
  if (!options) return null
  return restoreAgent(manager, options.agentId, options.maxTokens !== undefined ? { maxTokens: options.maxTokens } : {})
}
