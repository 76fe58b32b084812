// Every MCP answer is bounded, whatever the bridge command returned: tasks in lists take a compact
// shape (about 100 bytes; `task_show` gives everything), long arrays keep their first items and
// say how many were left out, long strings are cut with a note. Pure functions of the data.
import { ALL_FIELDS, compactTaskJson } from "../domain/task-shape.ts"

/** Items an array keeps in an answer before the rest is counted instead of shown. */
export const MAX_ITEMS = 50
/** Characters a string keeps (a 20,000-character description would fill a context). */
export const MAX_STRING = 4000
/** Notes and time entries `task_show` keeps: the newest. */
export const MAX_TASK_HISTORY = 20

export type Json = Record<string, unknown>

/** The names of the task shape: anything else beside a task in an answer is the command's own. */
const TASK_FIELDS: ReadonlySet<string> = new Set(ALL_FIELDS)

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value)

/** A task as the bridge answers it (the CLI's task JSON): id, title, status, priority, subtaskIds. */
export function isTaskJson(value: unknown): value is Json {
  return isObject(value) && typeof value.id === "string" && typeof value.title === "string" && typeof value.status === "string" && typeof value.priority === "string" && Array.isArray(value.subtaskIds)
}

/** The compact task (the one shape of every surface, domain/task-shape.ts), its title bounded. */
export function compactTask(task: Json): Json {
  return compactTaskJson(task, (title) => cutString(title) as string) as unknown as Json
}

/**
 * A task a write answered with, compact, and what the command said beside it kept (bounded):
 * `nextOccurrence`, `openSubtaskIds`, `elapsed`, `note`, `stoppedTimerOf`, ...
 */
function compactWithExtras(task: Json): Json {
  const extras: Json = {}
  for (const [key, item] of Object.entries(task)) if (!TASK_FIELDS.has(key)) extras[key] = boundAnswer(item)
  return { ...compactTask(task), ...extras }
}

function cutString(value: unknown): unknown {
  if (typeof value !== "string" || value.length <= MAX_STRING) return value
  return `${value.slice(0, MAX_STRING)}… (${value.length - MAX_STRING} more characters)`
}

/** Bound every array, string and task inside `value`; `<key>Omitted` counts what a list left out. */
export function boundAnswer(value: unknown): unknown {
  if (Array.isArray(value)) {
    if (value.length <= MAX_ITEMS) return value.map(boundAnswer)
    return { items: value.slice(0, MAX_ITEMS).map(boundAnswer), total: value.length, offset: 0, nextOffset: MAX_ITEMS }
  }
  if (isTaskJson(value)) return compactWithExtras(value)
  if (!isObject(value)) return cutString(value)
  const bounded: Json = {}
  for (const [key, item] of Object.entries(value)) {
    if (Array.isArray(item) && item.length > MAX_ITEMS) {
      bounded[key] = item.slice(0, MAX_ITEMS).map(boundAnswer)
      bounded[`${key}Omitted`] = item.length - MAX_ITEMS
    } else bounded[key] = boundAnswer(item)
  }
  return bounded
}

/** `task_show`: the whole task, its newest notes and time entries, and its subtasks compact. */
export function boundFullTask(task: Json): Json {
  const full: Json = { ...task, description: cutString(task.description) }
  for (const key of ["notes", "timeEntries"] as const) {
    const list = task[key]
    if (Array.isArray(list) && list.length > MAX_TASK_HISTORY) {
      full[key] = list.slice(-MAX_TASK_HISTORY)
      full[`${key}Omitted`] = list.length - MAX_TASK_HISTORY
    }
  }
  if (Array.isArray(task.notes)) full.notes = (full.notes as Json[]).map((note) => ({ ...note, content: cutString(note.content) }))
  for (const key of ["subtaskIds", "blockedBy"] as const) {
    const list = task[key]
    if (Array.isArray(list) && list.length > MAX_ITEMS) {
      full[key] = list.slice(0, MAX_ITEMS)
      full[`${key}Omitted`] = list.length - MAX_ITEMS
    }
  }
  if (Array.isArray(task.subtasks)) {
    full.subtasks = task.subtasks.slice(0, MAX_ITEMS).map((kid) => (isObject(kid) ? compactTask(kid) : kid))
    if (task.subtasks.length > MAX_ITEMS) full.subtasksOmitted = task.subtasks.length - MAX_ITEMS
  }
  return full
}

export interface Page {
  tasks: Json[]
  total: number
  offset: number
  /** Where the next page starts, or null when this page reaches the end. */
  nextOffset: number | null
}

/** One page of a list: `tasks` are the bridge's answer from `offset` on; "as-asked": the fields a call named. */
export function pageOf(tasks: readonly Json[], offset: number, total: number, compact: boolean | "as-asked"): Page {
  const shaped = tasks.map((task) => (compact === true ? compactTask(task) : boundFullTask(task)))
  const end = offset + shaped.length
  return { tasks: shaped, total, offset, nextOffset: end < total ? end : null }
}
