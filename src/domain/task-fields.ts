// Checks and normalisation of task fields in plain code. The operations run them on every input
// (CLI, TUI, bridge), so the rules hold on every path; they need no schema library, so a command
// that adds a task does not pay for loading zod. The file schema in task.ts states the same limits
// through the same constants, and a test keeps the two in agreement.
import { invalid } from "./errors.ts"
import { isLocalDate } from "./local-date.ts"
import { MAX_TITLE, PRIORITIES, TASK_STATUSES } from "./task-constants.ts"
import { stripControls, stripControlsLine } from "./text-safety.ts"
import type { CreateTaskInput, UpdateTaskInput } from "./task-input.ts"
import type { Priority, Recurrence, TaskStatus } from "./task.ts"

export const MAX_DESCRIPTION = 20_000
export const MAX_PROJECT = 100
export const MAX_TAG = 50
export const MAX_TAGS = 50
export const RECURRENCE_FREQUENCIES = ["daily", "weekly", "monthly", "yearly"] as const
export const MAX_RECURRENCE_INTERVAL = 1000
export const MAX_ASSIGNEE = 100
/** Ten years of minutes: an estimate beyond it is a typo, and far below the largest safe integer. */
export const MAX_ESTIMATE_MINUTES = 10 * 366 * 24 * 60

export function checkTitle(title: string): string {
  const trimmed = typeof title === "string" ? stripControlsLine(title).trim() : ""
  if (trimmed.length === 0) throw invalid("title must not be empty")
  if (trimmed.length > MAX_TITLE) throw invalid(`title must be at most ${MAX_TITLE} characters`)
  return trimmed
}

function checkDescription(description: string): string {
  if (typeof description !== "string") throw invalid("description must be text")
  if (description.length > MAX_DESCRIPTION) throw invalid(`description must be at most ${MAX_DESCRIPTION} characters`)
  return stripControls(description)
}

function checkStatus(status: TaskStatus): TaskStatus {
  if (!TASK_STATUSES.includes(status)) throw invalid(`status must be one of ${TASK_STATUSES.join(", ")}`)
  return status
}

function checkPriority(priority: Priority): Priority {
  if (!PRIORITIES.includes(priority)) throw invalid(`priority must be one of ${PRIORITIES.join(", ")}`)
  return priority
}

function checkProject(project: string | null): string | null {
  if (project === null) return null
  const trimmed = typeof project === "string" ? stripControlsLine(project).trim() : ""
  if (trimmed.length === 0 || trimmed.length > MAX_PROJECT) throw invalid(`project must be 1 to ${MAX_PROJECT} characters`)
  return trimmed
}

/** Trimmed, without a leading `#`, without duplicates. */
export function normaliseTags(tags: readonly string[]): string[] {
  if (!Array.isArray(tags)) throw invalid("tags must be a list")
  const out = [...new Set(tags.map((t) => (typeof t === "string" ? stripControlsLine(t).trim().replace(/^#/, "") : "")).filter((t) => t.length > 0))]
  if (out.length > MAX_TAGS) throw invalid(`at most ${MAX_TAGS} tags`)
  const long = out.find((t) => t.length > MAX_TAG)
  if (long) throw invalid(`tag '${long.slice(0, 20)}…' is longer than ${MAX_TAG} characters`)
  return out
}

function checkDueDate(date: string | null): string | null {
  if (date === null) return null
  if (typeof date !== "string" || !isLocalDate(date)) throw invalid(`due date '${String(date)}' must be a date YYYY-MM-DD`)
  return date
}

function checkEstimate(minutes: number | null): number | null {
  if (minutes === null) return null
  if (!Number.isSafeInteger(minutes) || minutes < 0 || minutes > MAX_ESTIMATE_MINUTES) {
    throw invalid(`estimate must be a whole number of minutes from 0 to ${MAX_ESTIMATE_MINUTES} (ten years)`)
  }
  return minutes
}

function checkRecurrence(recurrence: Recurrence | null): Recurrence | null {
  if (recurrence === null) return null
  if (!RECURRENCE_FREQUENCIES.includes(recurrence.frequency)) throw invalid(`recurrence must be one of ${RECURRENCE_FREQUENCIES.join(", ")}`)
  if (!Number.isInteger(recurrence.interval) || recurrence.interval < 1 || recurrence.interval > MAX_RECURRENCE_INTERVAL) {
    throw invalid(`recurrence interval must be a whole number from 1 to ${MAX_RECURRENCE_INTERVAL}`)
  }
  const { daysOfWeek, dayOfMonth, endDate } = recurrence
  if (daysOfWeek !== undefined && (!Array.isArray(daysOfWeek) || daysOfWeek.some((d) => !Number.isInteger(d) || d < 0 || d > 6))) {
    throw invalid("daysOfWeek must list weekdays from 0 (Monday) to 6 (Sunday)")
  }
  if (dayOfMonth !== undefined && (!Number.isInteger(dayOfMonth) || dayOfMonth < 1 || dayOfMonth > 31)) throw invalid("dayOfMonth must be from 1 to 31")
  if (endDate !== undefined && endDate !== null && !isLocalDate(endDate)) throw invalid("endDate must be a date YYYY-MM-DD")
  return {
    frequency: recurrence.frequency,
    interval: recurrence.interval,
    ...(daysOfWeek !== undefined ? { daysOfWeek: [...new Set(daysOfWeek)].sort((a, b) => a - b) } : {}),
    ...(dayOfMonth !== undefined ? { dayOfMonth } : {}),
    ...(endDate !== undefined ? { endDate } : {}),
  }
}

/** A name such as `claude-code` or `ana`; null clears it. */
export function checkAssignee(assignee: string | null): string | null {
  if (assignee === null) return null
  const trimmed = typeof assignee === "string" ? stripControlsLine(assignee).trim() : ""
  if (trimmed.length === 0 || trimmed.length > MAX_ASSIGNEE) throw invalid(`assignee must be 1 to ${MAX_ASSIGNEE} characters`)
  return trimmed
}

/** Note text: controls removed, trimmed, 1 to 20,000 characters. */
export function checkNoteContent(content: string): string {
  const text = typeof content === "string" ? stripControls(content).trim() : ""
  if (text.length === 0) throw invalid("a note needs some text")
  if (text.length > MAX_DESCRIPTION) throw invalid(`a note is at most ${MAX_DESCRIPTION} characters`)
  return text
}

function map<T>(value: T | undefined, check: (v: T) => T): T | undefined {
  return value === undefined ? undefined : check(value)
}

/** The fields both inputs share, checked and normalised. */
function checkCommonFields<T extends UpdateTaskInput>(input: T): T {
  return {
    ...input,
    ...(input.title !== undefined ? { title: checkTitle(input.title) } : {}),
    ...(input.description !== undefined ? { description: map(input.description, checkDescription) } : {}),
    ...(input.status !== undefined ? { status: map(input.status, checkStatus) } : {}),
    ...(input.priority !== undefined ? { priority: map(input.priority, checkPriority) } : {}),
    ...(input.project !== undefined ? { project: map(input.project, checkProject) } : {}),
    ...(input.tags !== undefined ? { tags: map(input.tags, normaliseTags) } : {}),
    ...(input.dueDate !== undefined ? { dueDate: map(input.dueDate, checkDueDate) } : {}),
    ...(input.estimateMinutes !== undefined ? { estimateMinutes: map(input.estimateMinutes, checkEstimate) } : {}),
    ...(input.recurrence !== undefined ? { recurrence: map(input.recurrence, checkRecurrence) } : {}),
    ...(input.assignee !== undefined ? { assignee: map(input.assignee, checkAssignee) } : {}),
  }
}

export function checkCreateInput(input: CreateTaskInput): CreateTaskInput {
  if (typeof input !== "object" || input === null) throw invalid("a task needs at least a title")
  return {
    ...checkCommonFields(input),
    title: checkTitle(input.title),
    ...(typeof input.externalId === "string" ? { externalId: stripControlsLine(input.externalId) } : {}),
    ...(typeof input.externalSource === "string" ? { externalSource: stripControlsLine(input.externalSource) } : {}),
  }
}

export function checkUpdateInput(input: UpdateTaskInput): UpdateTaskInput {
  if (typeof input !== "object" || input === null) throw invalid("nothing to change")
  return checkCommonFields(input)
}
