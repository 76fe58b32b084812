// The messages a working context starts with, built from memory alone: the system prompt, the
// semantic facts, and the episodic summaries of the latest epochs. Pure and deterministic.
import { describeSummary } from "./compaction.ts"
import type { Episode } from "./episodes.ts"
import type { JsonValue, Message } from "./message.ts"

export const EPISODES_IN_CONTEXT = 8

export function systemPrompt(agentId: string): string {
  return [
    `You are agent ${agentId}. tsk kept your working context and restored it: the facts you recorded, summaries of your earlier work, then your latest messages in order.`,
    "Continue from where you left off; check the state of tasks before repeating a command.",
  ].join(" ")
}

export function buildMemoryPrefix(agentId: string, facts: ReadonlyArray<[string, JsonValue]>, epochs: readonly Episode[]): Message[] {
  const prefix: Message[] = [{ role: "system", content: systemPrompt(agentId) }]
  if (facts.length > 0) {
    prefix.push({ role: "system", content: ["Facts you recorded:", ...facts.map(([key, value]) => `- ${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`)].join("\n") })
  }
  const shown = epochs.slice(-EPISODES_IN_CONTEXT)
  const hidden = epochs.length - shown.length
  shown.forEach((epoch, i) => {
    const head = `Earlier work, epoch ${epoch.epoch_id} (${epoch.messages} messages, compacted ${epoch.ts})${i === 0 && hidden > 0 ? `; ${hidden} older epochs not shown` : ""}:`
    prefix.push({ role: "system", content: `${head}\n${describeSummary(epoch.summary)}` })
  })
  return prefix
}
