// What the task commands share: the tasks of this home, the store for changes, today's local date,
// and parsing of the option values people type (lists, priorities, dates, durations).
// Read-only commands never load the store's operations or zod (see validated-stamp.ts): they are
// imported only when a command changes something.
import type { CommandContext, OptionValues } from "./command.ts"
import type { AppStore } from "../store/app-store.ts"
import { changeTask, readTasks } from "../store/tasks-repository.ts"
import { invalid } from "../domain/errors.ts"
import { parseDateInput } from "../domain/local-date.ts"
import { localToday, primeLocalToday } from "../store/local-today.ts"
import { tskHome } from "../store/paths.ts"
import { parseDuration } from "../domain/duration.ts"
import type { Priority, Task, TaskStatus } from "../domain/task.ts"
import type { Mutation, OperationContext } from "../domain/task-operations.ts"
import { PRIORITIES, TASK_STATUSES } from "../domain/task-constants.ts"
import { givenName, type AgentIdentity } from "../domain/agent-identity.ts"

/**
 * The tasks on disk; a corrupt file is an error here (the file is left alone). For text, which
 * shows dates, what today's date needs is read at the same time (see local-today.ts).
 */
export async function loadTasks(ctx: CommandContext): Promise<Task[]> {
  if (ctx.json) return (await readTasks(ctx.home)).tasks
  const [{ tasks }] = await Promise.all([readTasks(ctx.home), primeLocalToday(ctx.home, ctx.env)])
  return tasks
}

/** The shared store, for commands that change tasks. */
export async function openStore(ctx: CommandContext): Promise<AppStore> {
  const { createAppStore } = await import("../store/app-store.ts")
  return createAppStore({ home: ctx.home, actor: whoAmI({}, ctx.env) })
}

/**
 * A change of the one task `id` names (`done`, `start`, `claim`, `note`…). Given the task's full
 * id, the list is not read (see the store's changeTask); the answer is the same. `change` gets
 * the tasks, this id, a context and, when the tasks are only the task's neighbourhood, the list's
 * highest order. Returns the task, and the tasks its answer shows (its subtasks, blockers and
 * any task added; the whole list when it was read).
 */
export async function changeOneTask(
  ctx: CommandContext,
  id: string,
  change: (tasks: Task[], id: string, context: OperationContext, orderAbove?: number) => Mutation<Task>,
): Promise<{ task: Task; tasks: Task[] }> {
  const context = (): OperationContext => ({ now: new Date(), newId: () => crypto.randomUUID() })
  // A write by a lease's holder renews it (see domain/task-claim.ts).
  const { withRenewedLeases } = await import("../domain/task-claim.ts")
  const who = whoAmI({}, ctx.env)
  const { result, tasks } = await changeTask(ctx.home, id.trim(), (list, orderAbove) => {
    const ctxNow = context()
    return withRenewedLeases(list, change(list, id, ctxNow, orderAbove), who, ctxNow.now)
  })
  return { task: result, tasks }
}

/** Today's local date, without loading the engine's time zones on every command (see local-today.ts). */
export const today = () => localToday(tskHome())

/** The value of an option; for a repeated one (`multiple`), the last. */
export function stringOption(options: OptionValues, name: string): string | undefined {
  const value = options[name]
  if (Array.isArray(value)) return value.at(-1)
  return typeof value === "string" ? value : undefined
}

/** `-t ui -t theme` and `-t ui,theme` alike: every value of a repeated, comma-separated option. */
export function listOption(options: OptionValues, name: string): string[] | undefined {
  const value = options[name]
  const values = Array.isArray(value) ? value : typeof value === "string" ? [value] : undefined
  if (values === undefined) return undefined
  return values.flatMap((v) => v.split(",")).map((s) => s.trim()).filter((s) => s.length > 0)
}

/** A whole number option (`--limit 20`), checked. */
export function countOption(options: OptionValues, name: string): number | undefined {
  const text = stringOption(options, name)
  if (text === undefined) return undefined
  const value = Number(text)
  if (text.trim() === "" || !Number.isSafeInteger(value) || value < 0) throw invalid(`--${name} must be a whole number from 0, not '${text}'`)
  return value
}

/** Who claims or is assigned: `--as NAME`, else TSK_AGENT, else the login name. */
export function whoAmI(options: OptionValues, env: NodeJS.ProcessEnv, name = "as"): string {
  return identityOf(options, env, name).name
}

/** whoAmI with how the name was chosen (`tsk whoami`). */
export function identityOf(options: OptionValues, env: NodeJS.ProcessEnv, name = "as"): AgentIdentity {
  const given = givenName(stringOption(options, name))
  if (given) return { name: given, how: "--as" }
  const agent = givenName(env.TSK_AGENT)
  if (agent) return { name: agent, how: "TSK_AGENT" }
  return { name: givenName(env.USER) ?? givenName(env.USERNAME) ?? "cli", how: "login" }
}

const PRIORITY_ALIASES: Record<string, Priority> = { u: "urgent", h: "high", m: "medium", med: "medium", l: "low", n: "none" }

export function parsePriority(text: string): Priority {
  const lower = text.trim().toLowerCase()
  const wanted = PRIORITY_ALIASES[lower] ?? lower
  const found = PRIORITIES.find((p) => p === wanted)
  if (!found) throw invalid(`unknown priority '${text}': use ${PRIORITIES.join(", ")}`)
  return found
}

export function parseStatus(text: string): TaskStatus {
  const lower = text.trim().toLowerCase().replace("-", "_")
  const wanted = lower === "doing" || lower === "progress" ? "in_progress" : lower
  const found = TASK_STATUSES.find((s) => s === wanted)
  if (!found) throw invalid(`unknown status '${text}': use ${TASK_STATUSES.join(", ")}`)
  return found
}

/** `none`, `-` or an empty value clear an optional field. */
export const isClearValue = (text: string) => ["", "none", "-", "null"].includes(text.trim().toLowerCase())

export function parseDueOption(text: string): string | null {
  return isClearValue(text) ? null : parseDateInput(text, today())
}

export function parseEstimate(text: string): number | null {
  return isClearValue(text) ? null : Math.round(parseDuration(text) / 60000)
}

export function requirePositional(positionals: string[], index: number, what: string, usage: string): string {
  const value = positionals[index]
  if (value === undefined || value.trim().length === 0) throw invalid(`missing ${what}. Usage: ${usage}`)
  return value
}
