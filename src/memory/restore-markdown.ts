// A restored context as Markdown, for a SessionStart hook (its stdout becomes the agent's
// context): bounded by a token budget, one line or block per message: memory first, then the newest
// messages, and a line saying how many older ones were left out and how to page back to them.
import { DEFAULT_RESTORE_TOKENS, estimateTokens, fitMessages } from "./token-budget.ts"
import type { Message } from "./message.ts"
import type { RestoredContext } from "./restore-step.ts"

export const DEFAULT_MARKDOWN_TOKENS = DEFAULT_RESTORE_TOKENS
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

export function restoreMarkdown(restored: RestoredContext, maxTokens = DEFAULT_MARKDOWN_TOKENS, before?: number): string {
  const origin = restored.source === "cache" ? "from the cache" : `rebuilt from memory (${restored.reason})`
  const head = [
    `## Restored working context: ${restored.agent_id}`,
    "",
    `Epoch ${restored.epoch_id}${restored.last_compaction_ts ? `, last compacted ${restored.last_compaction_ts}` : ""}; ${origin}.`,
  ].join("\n")
  // The head and the left-out line are paid for before any message.
  const headTokens = estimateTokens(head) + 60
  const cost = (m: Message) => estimateTokens(messageMarkdown(m)) + 1
  const fitted = fitMessages(restored.all, restored.memory_messages, Math.max(0, maxTokens - headTokens), cost, before)
  const memory = fitted.messages.slice(0, fitted.memoryKept)
  const recent = fitted.messages.slice(fitted.memoryKept)
  const parts = [head, "", ...memory.map(messageMarkdown)]
  const older = fitted.recentStart
  const newer = fitted.recentTotal - fitted.recentEnd
  const notes = [older > 0 ? `${older} older left out; page back with before ${older}` : "", newer > 0 ? `${newer} newer not shown` : ""].filter(Boolean).join("; ")
  if (recent.length > 0) parts.push("", `### ${newer > 0 ? "Earlier" : "Latest"} messages${notes ? ` (${notes})` : ""}`, "", ...recent.map(messageMarkdown))
  else if (notes) parts.push("", `(${notes})`)
  return parts.join("\n").replace(/\n{3,}/g, "\n\n") + "\n"
}
