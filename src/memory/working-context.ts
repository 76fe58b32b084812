// The working context of one agent in memory: the messages built from memory (prefix) and the raw
// messages since the last compaction (tail, the latest MAX_TAIL_MESSAGES kept). Appending and
// resetting is all it does; persisting is the memory manager's job, reading files the
// bootstrapper's. The cache written from it and a rebuild from memory give the same snapshot.
import type { JsonValue, Message, ToolCall } from "./message.ts"
import { SNAPSHOT_SCHEMA_VERSION, type Snapshot } from "./snapshot-schema.ts"

export const MAX_TAIL_MESSAGES = 200

export interface ContextPosition {
  epochId: number
  lastCompactionTs: string | null
  /** Raw-log and facts bytes this context has taken in. */
  logOffset: number
  factsOffset: number
}

/** The latest `MAX_TAIL_MESSAGES`, without tool results cut off from their call at the start. */
function boundTail(tail: readonly Message[]): Message[] {
  let start = Math.max(0, tail.length - MAX_TAIL_MESSAGES)
  while (start < tail.length && tail[start]!.role === "tool") start++
  return tail.slice(start)
}

export class WorkingContext {
  readonly agentId: string
  private prefix: Message[] = []
  private tail: Message[] = []
  position: ContextPosition = { epochId: 0, lastCompactionTs: null, logOffset: 0, factsOffset: 0 }

  constructor(agentId: string) {
    this.agentId = agentId
  }

  /** Start over from memory (a compaction, a rebuild): the prefix replaces everything. */
  reset(prefix: readonly Message[], position: ContextPosition, tail: readonly Message[] = []): void {
    this.prefix = [...prefix]
    this.tail = [...tail]
    this.position = { ...position }
  }

  /** New facts or episodes: the prefix changes, the tail stays. */
  replacePrefix(prefix: readonly Message[]): void {
    this.prefix = [...prefix]
  }

  appendMessage(message: Message): void {
    this.tail.push(message)
    // Keep memory bounded; boundTail looks at the latest MAX_TAIL_MESSAGES only.
    if (this.tail.length > 2 * MAX_TAIL_MESSAGES) this.tail = this.tail.slice(-MAX_TAIL_MESSAGES - 1)
  }

  appendUser(content: string, media?: string[]): void {
    this.appendMessage({ role: "user", content, ...(media ? { media } : {}) })
  }

  appendAssistant(content: string, options: { reasoning?: string } = {}): void {
    this.appendMessage({ role: "assistant", content, ...(options.reasoning !== undefined ? { reasoning_content: options.reasoning } : {}) })
  }

  appendToolCalls(calls: ToolCall[], content = ""): void {
    this.appendMessage({ role: "assistant", content, tool_calls: calls })
  }

  appendToolResult(toolCallId: string, toolName: string, result: JsonValue, error: string | null = null): void {
    this.appendMessage({
      role: "tool",
      content: error === null ? "ok" : `error: ${error}`,
      tool_payload: { tool_call_id: toolCallId, tool_name: toolName, tool_result: result, tool_error: error },
    })
  }

  buildMessages(): Message[] {
    return [...this.prefix, ...boundTail(this.tail)]
  }

  toSnapshot(): Snapshot {
    return {
      schema_version: SNAPSHOT_SCHEMA_VERSION,
      agent_id: this.agentId,
      epoch_id: this.position.epochId,
      last_compaction_ts: this.position.lastCompactionTs,
      memory_messages: this.prefix.length,
      log_offset: this.position.logOffset,
      facts_offset: this.position.factsOffset,
      messages: this.buildMessages(),
    }
  }

  static fromSnapshot(snapshot: Snapshot): WorkingContext {
    const context = new WorkingContext(snapshot.agent_id)
    context.reset(
      snapshot.messages.slice(0, snapshot.memory_messages),
      { epochId: snapshot.epoch_id, lastCompactionTs: snapshot.last_compaction_ts, logOffset: snapshot.log_offset, factsOffset: snapshot.facts_offset },
      snapshot.messages.slice(snapshot.memory_messages),
    )
    return context
  }
}
