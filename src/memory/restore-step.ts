// Restoring an agent: the step runs only when restore options are given (a session that starts
// fresh skips it), and `restoreAgent` brings back the context of an agent that exists, under its
// own id, never a new one: memory first (facts, episode summaries), then the newest raw messages
// within the budget, saying how many older ones were left out and where to page back (`before`).
import { notFound } from "../domain/errors.ts"
import { checkAgentId } from "./agent-id.ts"
import type { MemoryManager } from "./memory-manager.ts"
import type { Message } from "./message.ts"
import { fitMessages } from "./token-budget.ts"

/** Tokens kept free for the fields around the messages, so the whole answer stays within budget. */
export const ANSWER_ENVELOPE_TOKENS = 200

export interface RestoreOptions {
  agentId: string
  maxTokens?: number
  /** Only raw messages older than this position (an earlier answer's `before`). */
  before?: number
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
  /** Memory first, then the newest raw messages: within `max_tokens` when given. */
  messages: Message[]
  tokens: number
  max_tokens: number | null
  dropped: number
  /** Raw messages older than the first one shown, left out. */
  older: number
  /** Raw messages newer than the last one shown (only when `before` was given). */
  newer: number
  /** Pass this as `before` to page back to older messages; null when nothing older is left out. */
  before: number | null
  skipped_lines: number
  /** Every message of the context, before the budget. */
  all: Message[]
}

export async function restoreAgent(manager: MemoryManager, agentId: string, options: { maxTokens?: number; before?: number } = {}): Promise<RestoredContext> {
  checkAgentId(agentId)
  if (!manager.exists(agentId)) throw notFound(`no memory for agent '${agentId}'`)
  const booted = await manager.load(agentId)
  const snapshot = booted.context.toSnapshot()
  const budget = options.maxTokens === undefined ? undefined : Math.max(0, options.maxTokens - ANSWER_ENVELOPE_TOKENS)
  const fitted = fitMessages(snapshot.messages, snapshot.memory_messages, budget, undefined, options.before)
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
    max_tokens: options.maxTokens ?? null,
    dropped: fitted.dropped,
    older: fitted.recentStart,
    newer: fitted.recentTotal - fitted.recentEnd,
    before: fitted.recentStart > 0 ? fitted.recentStart : null,
    skipped_lines: booted.skippedLines,
    all: snapshot.messages,
  }
}

/** The restore step of a start-up: nothing without options. */
export async function runRestoreStep(manager: MemoryManager, options: RestoreOptions | undefined): Promise<RestoredContext | null> {
  if (!options) return null
  const { agentId, ...rest } = options
  return restoreAgent(manager, agentId, rest)
}
