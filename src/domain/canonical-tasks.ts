// A fast check that a parsed tasks file is exactly what the TasksFile schema (task.ts) would return
// unchanged: every field present, of the right type and range, nothing the schema would fill in
// (defaults), trim (titles) or strip (unknown keys). A file that passes is used as parsed, without
// loading zod, which costs a command more than reading 10,000 tasks; one that fails is validated
// by the schema, which names the problem. The check may refuse what the schema accepts (then the
// schema decides), never the other way round; test/domain/canonical-tasks.test.ts compares the two
// on generated and mutated files. Keep it in step with task.ts: a field added there is missing
// here, so such a file fails this check (slow, never wrong) until it is added.
import type { Task, TasksFile } from "./task.ts"
import { MAX_TITLE, PRIORITIES, TASK_STATUSES, TASKS_FILE_VERSION } from "./task-constants.ts"
import { isLocalDate } from "./local-date.ts"

const STATUSES: ReadonlySet<unknown> = new Set(TASK_STATUSES)
const PRIORITY_SET: ReadonlySet<unknown> = new Set(PRIORITIES)
const FREQUENCIES: ReadonlySet<unknown> = new Set(["daily", "weekly", "monthly", "yearly"])

/** The keys of a task the schema always outputs (`assignee` and `lease` are optional and come on top). */
const TASK_KEYS = [
  "id", "title", "description", "status", "priority", "project", "tags", "dueDate", "parentId", "blockedBy", "recurrence",
  "nextOccurrenceId", "estimateMinutes", "timeEntries", "notes", "externalId", "externalSource", "createdAt", "updatedAt",
  "completedAt", "order",
].length

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value)
const isText = (value: unknown): value is string => typeof value === "string" && value.length > 0
const isTextOrNull = (value: unknown) => value === null || isText(value)
const isStringOrNull = (value: unknown) => value === null || typeof value === "string"
const isWhole = (value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= min && value <= max
const isDateOrNull = (value: unknown) => value === null || (typeof value === "string" && isDate(value))

const isDigit = (text: string, at: number) => {
  const code = text.charCodeAt(at)
  return code >= 48 && code <= 57
}

/**
 * isLocalDate, with the common case answered by reading characters: `YYYY-MM-DD`, a month 1–12 and
 * a day up to 28 is a date in every month and year; anything else is left to isLocalDate.
 */
function isDate(text: string): boolean {
  if (text.length !== 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return false
  if (!isDigit(text, 0) || !isDigit(text, 1) || !isDigit(text, 2) || !isDigit(text, 3)) return false
  if (!isDigit(text, 5) || !isDigit(text, 6) || !isDigit(text, 8) || !isDigit(text, 9)) return false
  const month = (text.charCodeAt(5) - 48) * 10 + text.charCodeAt(6) - 48
  const day = (text.charCodeAt(8) - 48) * 10 + text.charCodeAt(9) - 48
  if (month >= 1 && month <= 12 && day >= 1 && day <= 28) return true
  return isLocalDate(text)
}

function keyCount(value: Json): number {
  return Object.keys(value).length
}

function hasOnly(value: Json, allowed: number): boolean {
  return keyCount(value) === allowed
}

function isTextArray(value: unknown): boolean {
  if (!Array.isArray(value)) return false
  for (const item of value) if (!isText(item)) return false
  return true
}

function isRecurrence(value: unknown): boolean {
  if (value === null) return true
  if (!isObject(value)) return false
  if (!FREQUENCIES.has(value.frequency) || !isWhole(value.interval, 1, 1000)) return false
  let keys = 2
  if (Object.hasOwn(value, "daysOfWeek")) {
    const days = value.daysOfWeek
    if (!Array.isArray(days)) return false
    for (const day of days) if (!isWhole(day, 0, 6)) return false
    keys++
  }
  if (Object.hasOwn(value, "dayOfMonth")) {
    if (!isWhole(value.dayOfMonth, 1, 31)) return false
    keys++
  }
  if (Object.hasOwn(value, "endDate")) {
    if (!isDateOrNull(value.endDate)) return false
    keys++
  }
  return hasOnly(value, keys)
}

function isTimeEntries(value: unknown): boolean {
  if (!Array.isArray(value)) return false
  for (const entry of value) {
    if (!isObject(entry) || !isText(entry.start) || !isTextOrNull(entry.end) || !hasOnly(entry, 2)) return false
  }
  return true
}

function isNotes(value: unknown): boolean {
  if (!Array.isArray(value)) return false
  for (const note of value) {
    if (!isObject(note) || !isText(note.id) || !isText(note.content) || !isText(note.createdAt) || !isText(note.source) || !hasOnly(note, 4)) return false
  }
  return true
}

function isLease(value: unknown): boolean {
  if (!isObject(value) || !isText(value.expiresAt)) return false
  let keys = 1
  if (Object.hasOwn(value, "minutes")) {
    if (!isWhole(value.minutes, 1, 10080)) return false
    keys++
  }
  if (Object.hasOwn(value, "pid")) {
    if (!isWhole(value.pid, 1)) return false
    keys++
  }
  if (Object.hasOwn(value, "host")) {
    if (!isText(value.host) || value.host.length > 200) return false
    keys++
  }
  if (Object.hasOwn(value, "start")) {
    if (typeof value.start !== "string" || value.start.length > 40) return false
    keys++
  }
  return hasOnly(value, keys)
}

/** True when the schema's Task would return `value` as it is. */
export function isCanonicalTask(value: unknown): value is Task {
  if (!isObject(value)) return false
  const title = value.title
  if (typeof title !== "string" || title.length === 0 || title.length > MAX_TITLE) return false
  // Only a title with a space, a control or a non-ASCII character at an end can lose it to trim.
  const first = title.charCodeAt(0)
  const last = title.charCodeAt(title.length - 1)
  if ((first <= 32 || first >= 127 || last <= 32 || last >= 127) && title.trim() !== title) return false
  let keys = TASK_KEYS
  if (Object.hasOwn(value, "assignee")) {
    const assignee = value.assignee
    if (!isText(assignee) || assignee.length > 100) return false
    keys++
  }
  if (Object.hasOwn(value, "lease")) {
    if (!isLease(value.lease)) return false
    keys++
  }
  return (
    isText(value.id) &&
    typeof value.description === "string" &&
    STATUSES.has(value.status) &&
    PRIORITY_SET.has(value.priority) &&
    isTextOrNull(value.project) &&
    isTextArray(value.tags) &&
    isDateOrNull(value.dueDate) &&
    isTextOrNull(value.parentId) &&
    isTextArray(value.blockedBy) &&
    isRecurrence(value.recurrence) &&
    isStringOrNull(value.nextOccurrenceId) &&
    (value.estimateMinutes === null || isWhole(value.estimateMinutes, 0)) &&
    isTimeEntries(value.timeEntries) &&
    isNotes(value.notes) &&
    isStringOrNull(value.externalId) &&
    isStringOrNull(value.externalSource) &&
    isText(value.createdAt) &&
    isText(value.updatedAt) &&
    isTextOrNull(value.completedAt) &&
    typeof value.order === "number" &&
    Number.isFinite(value.order) &&
    hasOnly(value, keys)
  )
}

/** True when the schema's TasksFile would return `value` as it is (see the top of this file). */
export function isCanonicalTasksFile(value: unknown): value is TasksFile {
  if (!isObject(value) || value.version !== TASKS_FILE_VERSION || !isWhole(value.revision, 0) || !Array.isArray(value.tasks) || !hasOnly(value, 3)) return false
  for (const task of value.tasks) if (!isCanonicalTask(task)) return false
  return true
}
