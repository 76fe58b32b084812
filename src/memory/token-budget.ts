// A rough, deterministic token count (4 characters a token) and the cut of a context to a budget:
// the memory messages first (system prompt always), then the newest raw messages that still fit.
import type { Message } from "./message.ts"

export const estimateTokens = (text: string) => Math.ceil(text.length / 4)
export const messageTokens = (message: Message) => estimateTokens(JSON.stringify(message))

export interface Budgeted {
  messages: Message[]
  tokens: number
  /** Messages left out to stay within the budget. */
  dropped: number
}

export function fitMessages(messages: readonly Message[], memoryMessages: number, maxTokens: number | undefined, cost = messageTokens): Budgeted {
  if (maxTokens === undefined) return { messages: [...messages], tokens: messages.reduce((n, m) => n + cost(m), 0), dropped: 0 }
  const kept: Message[] = []
  let tokens = 0
  for (const [i, message] of messages.slice(0, memoryMessages).entries()) {
    const t = cost(message)
    if (i > 0 && tokens + t > maxTokens) continue
    kept.push(message)
    tokens += t
  }
  const recent: Message[] = []
  for (const message of messages.slice(memoryMessages).reverse()) {
    const t = cost(message)
    if (tokens + t > maxTokens) break
    recent.unshift(message)
    tokens += t
  }
  // A tool result whose call was cut off says nothing on its own.
  while (recent[0]?.role === "tool") {
    tokens -= cost(recent.shift()!)
  }
  return { messages: [...kept, ...recent], tokens, dropped: messages.length - kept.length - recent.length }
}
