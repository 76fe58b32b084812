// A rough, deterministic token count (4 characters a token) and the cut of a context to a budget:
// the memory messages first (system prompt always, then facts and episode summaries while they
// fit), then the newest raw messages that still fit. `before` pages back: only raw messages older
// than that position are considered, so an agent reads its history newest first, a window at a time.
import type { Message } from "./message.ts"

export const estimateTokens = (text: string) => Math.ceil(text.length / 4)
export const messageTokens = (message: Message) => estimateTokens(JSON.stringify(message))

/** The budget a restore keeps to when none is given (MCP, the bridge, the CLI, Markdown). */
export const DEFAULT_RESTORE_TOKENS = 4000

export interface Budgeted {
  messages: Message[]
  tokens: number
  /** Messages left out to stay within the budget (memory and raw). */
  dropped: number
  /** How many of `messages` are memory (system prompt, facts, episodes). */
  memoryKept: number
  /** Raw messages in the context (positions 0 .. recentTotal-1, oldest first). */
  recentTotal: number
  /** Position of the first raw message shown (== `recentEnd` when none is). */
  recentStart: number
  /** Position after the last raw message shown. */
  recentEnd: number
}

export function fitMessages(messages: readonly Message[], memoryMessages: number, maxTokens: number | undefined, cost = messageTokens, before?: number): Budgeted {
  const memory = messages.slice(0, memoryMessages)
  const raw = messages.slice(memoryMessages)
  const end = Math.max(0, Math.min(raw.length, before ?? raw.length))
  const budget = maxTokens ?? Number.POSITIVE_INFINITY
  const kept: Message[] = []
  let tokens = 0
  for (const [i, message] of memory.entries()) {
    const t = cost(message)
    if (i > 0 && tokens + t > budget) continue
    kept.push(message)
    tokens += t
  }
  let start = end
  while (start > 0) {
    const t = cost(raw[start - 1]!)
    if (tokens + t > budget) break
    tokens += t
    start--
  }
  // A tool result whose call was cut off says nothing on its own.
  while (start < end && raw[start]!.role === "tool") {
    tokens -= cost(raw[start]!)
    start++
  }
  const recent = raw.slice(start, end)
  return {
    messages: [...kept, ...recent],
    tokens,
    dropped: messages.length - kept.length - recent.length,
    memoryKept: kept.length,
    recentTotal: raw.length,
    recentStart: start,
    recentEnd: end,
  }
}
