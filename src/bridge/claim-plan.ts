// Deciding, before anything runs, what each command of a unit (a few claimed inbox files processed
// together) needs: an answer that is already known (invalid input, an id seen before, a result the
// journal kept from before a crash) or a run. Validation failures are answered but not remembered:
// nothing was executed, so a corrected command may reuse its id. `index` is a command's position in
// the unit; `ref` (`<claimed file>#<n>`) names it in the processed-id memory.
import type { BridgeCommandDefinition } from "../domain/command-definition.ts"
import type { BridgeRegistry } from "./command-registry.ts"
import { derivedCommandId, describePayloadIssues, normalizeCommand, type AgentCommand, type AgentResponse } from "./protocol.ts"
import type { ProcessedMemory } from "../store/runner-processed-ids.ts"
import type { RecoveredJournal } from "../store/runner-journal.ts"
import { claimTimeOf } from "./inbox-claim.ts"

interface SlotBase {
  index: number
  ref: string
  subject: string
}

export type Slot =
  | (SlotBase & {
      kind: "answered"
      id: string
      command: string
      response: AgentResponse
      summary: string
      remember: boolean
      /** A command that ran before a crash (its result kept by the journal), for agent memory. */
      ran?: AgentCommand
    })
  | (SlotBase & { kind: "run"; command: AgentCommand; definition: BridgeCommandDefinition; payload: unknown; task: boolean })
  /** The same id earlier in the same unit: answered with that command's response. */
  | (SlotBase & { kind: "repeat"; id: string; command: string; of: number })

export interface ClaimedFile {
  claim: string
  items: readonly unknown[]
}

export interface PlanContext {
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

// Rejected before running: a malformed command, an unknown one or a bad payload is `invalid`; a
// command cut off by a runner's death is `io` (it may or may not have taken effect).
const errorResponse = (commandId: string, error: string, timestamp: string, errorKind = "invalid"): AgentResponse => ({ commandId, status: "error", error, errorKind, timestamp })

export function planUnit(files: readonly ClaimedFile[], ctx: PlanContext): Slot[] {
  const firstIndexOf = new Map<string, number>()
  const items = files.flatMap(({ claim, items }) => items.map((item, n) => ({ item, claim, n })))
  return items.map(({ item, claim, n }, index): Slot => {
    const ref = `${claim}#${n}`
    const normalized = normalizeCommand(item, derivedCommandId(claim, n), claimTimeOf(claim))
    const subject = subjectOf(normalized.ok ? normalized.command.payload : (item as { payload?: unknown } | null)?.payload)
    const base = { index, ref, subject }
    const known = ctx.recovered?.done.get(index)
    if (known) {
      firstIndexOf.set(known.id, index)
      return { ...base, kind: "answered", id: known.id, command: known.command, response: known.response, summary: known.summary, remember: true, ...(normalized.ok ? { ran: normalized.command } : {}) }
    }
    if (!normalized.ok) {
      const command = normalized.command ?? "unknown"
      return { ...base, kind: "answered", id: normalized.commandId, command, response: errorResponse(normalized.commandId, normalized.error, ctx.now()), summary: `${command} rejected`, remember: false }
    }
    const { command } = normalized
    if (ctx.recovered?.interrupted?.index === index && !ctx.registry.get(command.command)?.readOnly) {
      firstIndexOf.set(command.id, index)
      const error = `the runner stopped while '${command.command}' was running; it may or may not have taken effect, so it was not run again`
      return { ...base, kind: "answered", id: command.id, command: command.command, response: errorResponse(command.id, error, ctx.now(), "io"), summary: `${command.command} interrupted`, remember: true }
    }
    const seen = ctx.memory.get(command.id)
    if (seen) {
      const response = { ...seen.response, timestamp: ctx.now() }
      return { ...base, kind: "answered", id: command.id, command: command.command, response, summary: `repeated ${command.command} answered again`, remember: false }
    }
    const earlier = firstIndexOf.get(command.id)
    if (earlier !== undefined) return { ...base, kind: "repeat", id: command.id, command: command.command, of: earlier }
    firstIndexOf.set(command.id, index)
    const definition = ctx.registry.get(command.command)
    if (!definition) {
      const error = `unknown command '${command.command}'. Known commands: ${ctx.registry.names().join(", ")}`
      return { ...base, kind: "answered", id: command.id, command: command.command, response: errorResponse(command.id, error, ctx.now()), summary: `${command.command} rejected`, remember: false }
    }
    const parsed = definition.payload.safeParse(command.payload)
    if (!parsed.success) {
      const error = `invalid payload for '${command.command}': ${describePayloadIssues(parsed.error)}`
      return { ...base, kind: "answered", id: command.id, command: command.command, response: errorResponse(command.id, error, ctx.now()), summary: `${command.command} rejected`, remember: false }
    }
    return { ...base, kind: "run", command, definition, payload: parsed.data, task: ctx.registry.isTaskCommand(command.command) }
  })
}
