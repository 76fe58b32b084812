// Deterministic, extractive compaction: an epoch's raw messages become a summary of what happened
// (commands sent, tasks touched, phases, issues, decisions, errors), no model involved. The same
// messages always give the same summary, within a fixed size budget.
import type { EpisodeSummary } from "./episodes.ts"
import type { JsonValue, Message } from "./message.ts"

export const ITEMS_PER_LIST = 12
export const ITEM_CHARS = 160
export const SUMMARY_BUDGET_CHARS = 2400

const clip = (text: string, max = ITEM_CHARS) => {
  const flat = text.replace(/\s+/g, " ").trim()
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}

const asObject = (value: JsonValue | undefined): Record<string, JsonValue> | null =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? value : null
const str = (value: JsonValue | undefined): string | null => (typeof value === "string" && value.length > 0 ? value : null)

/** Keeps first-seen order and counts repeats: `list ×3`. */
class Tally {
  private counts = new Map<string, number>()
  add(item: string | null): void {
    if (item) this.counts.set(item, (this.counts.get(item) ?? 0) + 1)
  }
  items(): string[] {
    return [...this.counts.entries()].map(([item, n]) => (n > 1 ? `${item} ×${n}` : item))
  }
}

function taskLabel(value: JsonValue | undefined): string | null {
  const task = asObject(value)
  if (!task) return null
  const id = str(task.id) ?? str(task.taskId)
  const title = str(task.title)
  if (!id && !title) return null
  return clip([id ? id.slice(0, 8) : null, title ? `'${title}'` : null].filter(Boolean).join(" "))
}

function subjectOf(args: Record<string, JsonValue> | null): string {
  if (!args) return ""
  const title = str(args.title) ?? str(args.goal) ?? str(args.key)
  if (title) return ` '${clip(title, 60)}'`
  const id = str(args.taskId) ?? str(args.id) ?? str(args.operation) ?? str(args.file_path) ?? str(args.command)
  return id ? ` ${clip(id, 60)}` : ""
}

const DECISION = /\b(decided|decide|decision|chose|choose|going with|will use|plan is)\b/i

function collect(messages: readonly Message[]) {
  const lists = { commands: new Tally(), tasks: new Tally(), phases: new Tally(), issues: new Tally(), decisions: new Tally(), errors: new Tally() }
  for (const message of messages) {
    if (message.role === "assistant") {
      for (const call of message.tool_calls ?? []) {
        const args = asObject(call.arguments)
        lists.commands.add(clip(`${call.name}${subjectOf(args)}`))
        // A call names a task by id; its title comes with the result.
        const ref = str(args?.taskId) ?? str(args?.parentId)
        if (ref) lists.tasks.add(clip(ref.slice(0, 8)))
        if (call.name.startsWith("os-issue") || call.name === "os-resolve") lists.issues.add(clip(`${call.name}${subjectOf(args)}`))
      }
    }
    if (message.role === "tool") {
      const { tool_name, tool_result, tool_error } = message.tool_payload
      if (tool_error !== null) lists.errors.add(clip(`${tool_name}: ${tool_error}`))
      const result = asObject(tool_result)
      lists.tasks.add(taskLabel(result?.task ?? tool_result))
      const phase = str(result?.phase) ?? str(result?.ph)
      if (phase) lists.phases.add(`${phase} (${tool_name})`)
      const issue = taskLabel(result?.issue)
      if (issue) lists.issues.add(issue)
    }
    if (message.role === "user" || message.role === "assistant") {
      for (const line of message.content.split("\n")) if (DECISION.test(line)) lists.decisions.add(clip(line))
      if (message.role === "assistant" && message.reasoning_content) {
        for (const line of message.reasoning_content.split("\n")) if (DECISION.test(line)) lists.decisions.add(clip(line))
      }
    }
  }
  return lists
}

const KEYS = ["commands", "tasks", "phases", "issues", "decisions", "errors"] as const

export function summaryChars(summary: EpisodeSummary): number {
  return KEYS.reduce((sum, key) => sum + summary[key].reduce((n, item) => n + item.length + 2, 0), 0)
}

export function summarizeEpoch(messages: readonly Message[], budget = SUMMARY_BUDGET_CHARS): EpisodeSummary {
  const lists = collect(messages)
  const summary = Object.fromEntries(KEYS.map((key) => [key, lists[key].items().slice(0, ITEMS_PER_LIST)])) as EpisodeSummary
  // Over budget: drop the last item of the longest list until it fits (deterministic order).
  while (summaryChars(summary) > budget) {
    const longest = KEYS.reduce((best, key) => (summary[key].length > summary[best].length ? key : best), KEYS[0])
    summary[longest] = summary[longest].slice(0, -1)
  }
  return summary
}

export function describeSummary(summary: EpisodeSummary): string {
  const labels: Record<(typeof KEYS)[number], string> = { commands: "Commands", tasks: "Tasks", phases: "Phases", issues: "Issues", decisions: "Decisions", errors: "Errors" }
  const lines = KEYS.filter((key) => summary[key].length > 0).map((key) => `${labels[key]}: ${summary[key].join("; ")}`)
  return lines.length > 0 ? lines.join("\n") : "(nothing notable)"
}
