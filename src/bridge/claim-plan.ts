// Deciding, before anything runs, what each command of a claimed inbox file needs: an answer that
// is already known (invalid input, an id seen before, a result the journal kept from before a
// crash) or a run. Validation failures are answered but not remembered: nothing was executed, so a
// corrected command may reuse its id.
import type { BridgeCommandDefinition } from "./command-definition.ts"
import type { BridgeRegistry } from "./command-registry.ts"
import { derivedCommandId, describePayloadIssues, normalizeCommand, type AgentCommand, type AgentResponse } from "./protocol.ts"
import type { ProcessedMemory } from "../store/runner-processed-ids.ts"
import type { JournalEntry, RecoveredJournal } from "../store/runner-journal.ts"

export type Slot =
  | { kind: "answered"; index: number; id: string; command: string; subject: string; response: AgentResponse; summary: string; remember: boolean }
  | { kind: "run"; index: number; command: AgentCommand; definition: BridgeCommandDefinition; payload: unknown; task: boolean; subject: string }
  /** The same id earlier in the same file: answered with that command's response. */
  | { kind: "repeat"; index: number; id: string; command: string; subject: string; of: number }

export interface PlanContext {
  claim: string
  receivedAt: string
  registry: BridgeRegistry
  memory: ProcessedMemory
  recovered: RecoveredJournal | null
  now: () => string
}

/** What a log line or toast names: a title, a task id, a count. */
export function subjectOf(payload: unknown): string {
  if (typeof payload !== "object" || payload === null) return ""
  const p = payload as Record<string, unknown>
  if (typeof p.title === "string") return `'${p.title.length > 60 ? `${p.title.slice(0, 59)}…` : p.title}'`
  if (typeof p.taskId === "string") return p.taskId
  if (Array.isArray(p.tasks)) return `${p.tasks.length} tasks`
  if (typeof p.operation === "string") return p.operation
  if (typeof p.id === "string") return p.id
  return ""
}

const errorResponse = (commandId: string, error: string, timestamp: string): AgentResponse => ({ commandId, status: "error", error, timestamp })

function fromJournal(entry: JournalEntry, subject: string): Slot {
  return { kind: "answered", index: entry.index, id: entry.id, command: entry.command, subject, response: entry.response, summary: entry.summary, remember: true }
}

export function planClaim(items: readonly unknown[], ctx: PlanContext): Slot[] {
  const firstIndexOf = new Map<string, number>()
  return items.map((item, index): Slot => {
    const normalized = normalizeCommand(item, derivedCommandId(ctx.claim, index), ctx.receivedAt)
    const subject = subjectOf(normalized.ok ? normalized.command.payload : (item as { payload?: unknown } | null)?.payload)
    const known = ctx.recovered?.done.get(index)
    if (known) {
      firstIndexOf.set(known.id, index)
      return fromJournal(known, subject)
    }
    if (!normalized.ok) {
      const command = normalized.command ?? "unknown"
      return { kind: "answered", index, id: normalized.commandId, command, subject, response: errorResponse(normalized.commandId, normalized.error, ctx.now()), summary: `${command} rejected`, remember: false }
    }
    const { command } = normalized
    if (ctx.recovered?.interrupted?.index === index) {
      firstIndexOf.set(command.id, index)
      const error = `the runner stopped while '${command.command}' was running; it may or may not have taken effect, so it was not run again`
      return { kind: "answered", index, id: command.id, command: command.command, subject, response: errorResponse(command.id, error, ctx.now()), summary: `${command.command} interrupted`, remember: true }
    }
    const seen = ctx.memory.get(command.id)
    if (seen) {
      const response = { ...seen.response, timestamp: ctx.now() }
      return { kind: "answered", index, id: command.id, command: command.command, subject, response, summary: `repeated ${command.command} answered again`, remember: false }
    }
    const earlier = firstIndexOf.get(command.id)
    if (earlier !== undefined) return { kind: "repeat", index, id: command.id, command: command.command, subject, of: earlier }
    firstIndexOf.set(command.id, index)
    const definition = ctx.registry.get(command.command)
    if (!definition) {
      const error = `unknown command '${command.command}'. Known commands: ${ctx.registry.names().join(", ")}`
      return { kind: "answered", index, id: command.id, command: command.command, subject, response: errorResponse(command.id, error, ctx.now()), summary: `${command.command} rejected`, remember: false }
    }
    const parsed = definition.payload.safeParse(command.payload)
    if (!parsed.success) {
      const error = `invalid payload for '${command.command}': ${describePayloadIssues(parsed.error)}`
      return { kind: "answered", index, id: command.id, command: command.command, subject, response: errorResponse(command.id, error, ctx.now()), summary: `${command.command} rejected`, remember: false }
    }
    return { kind: "run", index, command, definition, payload: parsed.data, task: ctx.registry.isTaskCommand(command.command), subject }
  })
}
