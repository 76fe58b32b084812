// What the task commands share: the store for this home, today's local date, and parsing of the
// option values people type (lists, priorities, dates, durations).
import type { CommandContext, OptionValues } from "./command.ts"
import { createAppStore, type AppStore } from "../store/app-store.ts"
import { invalid } from "../domain/errors.ts"
import { localDateOf, parseDateInput } from "../domain/local-date.ts"
import { parseDuration } from "../domain/duration.ts"
import { PRIORITIES, Priority, TASK_STATUSES, TaskStatus } from "../domain/task.ts"

/** A store loaded from disk; a corrupt file is an error here (the file is left alone). */
export async function loadStore(ctx: CommandContext): Promise<AppStore> {
  const store = createAppStore({ home: ctx.home })
  await store.getState().reload()
  const { loadError } = store.getState()
  if (loadError) throw loadError
  return store
}

export const today = () => localDateOf(new Date())

export function stringOption(options: OptionValues, name: string): string | undefined {
  const value = options[name]
  return typeof value === "string" ? value : undefined
}

export function listOption(options: OptionValues, name: string): string[] | undefined {
  const value = stringOption(options, name)
  if (value === undefined) return undefined
  return value.split(",").map((s) => s.trim()).filter((s) => s.length > 0)
}

const PRIORITY_ALIASES: Record<string, Priority> = { u: "urgent", h: "high", m: "medium", med: "medium", l: "low", n: "none" }

export function parsePriority(text: string): Priority {
  const lower = text.trim().toLowerCase()
  const parsed = Priority.safeParse(PRIORITY_ALIASES[lower] ?? lower)
  if (!parsed.success) throw invalid(`unknown priority '${text}': use ${PRIORITIES.join(", ")}`)
  return parsed.data
}

export function parseStatus(text: string): TaskStatus {
  const lower = text.trim().toLowerCase().replace("-", "_")
  const parsed = TaskStatus.safeParse(lower === "doing" || lower === "progress" ? "in_progress" : lower)
  if (!parsed.success) throw invalid(`unknown status '${text}': use ${TASK_STATUSES.join(", ")}`)
  return parsed.data
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
