// A restored context as Markdown, for a SessionStart hook (its stdout becomes the agent's
// context): bounded by a token budget, one line or block per message.
import { estimateTokens, fitMessages } from "./token-budget.ts"
import type { Message } from "./message.ts"
import type { RestoredContext } from "./restore-step.ts"

export const DEFAULT_MARKDOWN_TOKENS = 2000
const VALUE_CHARS = 300

const clip = (text: string, max = VALUE_CHARS) => {
  const flat = text.replace(/\s+/g, " ").trim()
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}
const json = (value: unknown) => clip(typeof value === "string" ? value : JSON.stringify(value))

export function messageMarkdown(message: Message): string {
  switch (message.role) {
    case "system":
      return message.content
    case "user":
      return `- **user**: ${clip(message.content)}${message.media ? ` (media: ${message.media.join(", ")})` : ""}`
    case "assistant": {
      const calls = (message.tool_calls ?? []).map((call) => `\`${call.name}\` ${json(call.arguments)}`)
      const text = message.content.length > 0 ? clip(message.content) : ""
      return `- **assistant**: ${[text, calls.length > 0 ? `called ${calls.join("; ")}` : ""].filter(Boolean).join(" — ")}`
    }
    case "tool": {
      const p = message.tool_payload
      return p.tool_error !== null ? `  - \`${p.tool_name}\` failed: ${clip(p.tool_error)}` : `  - \`${p.tool_name}\` → ${json(p.tool_result)}`
    }
  }
}

export function restoreMarkdown(restored: RestoredContext, maxTokens = DEFAULT_MARKDOWN_TOKENS): string {
  const origin = restored.source === "cache" ? "from the cache" : `rebuilt from memory (${restored.reason})`
  const head = [
    `## Restored working context: ${restored.agent_id}`,
    "",
    `Epoch ${restored.epoch_id}${restored.last_compaction_ts ? `, last compacted ${restored.last_compaction_ts}` : ""}; ${origin}.`,
  ].join("\n")
  const headTokens = estimateTokens(head) + 20
  const cost = (m: Message) => estimateTokens(messageMarkdown(m)) + 1
  const fitted = fitMessages(restored.all, restored.memory_messages, Math.max(0, maxTokens - headTokens), cost)
  const memory = fitted.messages.filter((m) => restored.all.indexOf(m) < restored.memory_messages)
  const recent = fitted.messages.slice(memory.length)
  const parts = [head, "", ...memory.map(messageMarkdown)]
  if (recent.length > 0) parts.push("", `### Latest messages${fitted.dropped > 0 ? ` (${fitted.dropped} older left out)` : ""}`, "", ...recent.map(messageMarkdown))
  return parts.join("\n").replace(/\n{3,}/g, "\n\n") + "\n"
}
