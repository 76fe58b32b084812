// The public tsk this project descends from kept tasks.json as a bare array of tasks (its
// `Task` type: subtaskIds stored, logged time as `actualMinutes`, recurrences with weekdays,
// notes with source user|sync). This recognises such a file and turns it into our tasks, losing
// nothing that our model can hold: logged time becomes one time entry, weekday recurrences stay
// weekday recurrences, parent links come from parentId or else from the parent's subtaskIds.
// Pure: the store backs the original file up and writes the result (tasks-repository.ts).
import type { Note, Recurrence, Task } from "./task.ts"
import { MAX_TITLE, PRIORITIES, TASK_STATUSES } from "./task-constants.ts"
import { isLocalDate } from "./local-date.ts"
import { normaliseTags } from "./task-fields.ts"
import { stripControls, stripControlsLine } from "./text-safety.ts"

type Raw = Record<string, unknown>

const isRecord = (v: unknown): v is Raw => typeof v === "object" && v !== null && !Array.isArray(v)

/** A bare array whose items look like the ancestor's tasks (an empty array counts). */
export function isAncestorTaskArray(value: unknown): value is unknown[] {
  return Array.isArray(value) && value.every((item) => isRecord(item) && (typeof item.title === "string" || typeof item.id === "string"))
}

const str = (v: unknown): string | null => (typeof v === "string" ? v : null)
const line = (v: unknown): string | null => {
  const s = str(v)
  return s === null ? null : stripControlsLine(s).trim() || null
}
const timestamp = (v: unknown, fallback: string): string => {
  const s = str(v)
  return s !== null && !Number.isNaN(Date.parse(s)) ? s : fallback
}

function migrateRecurrence(raw: unknown): Recurrence | null {
  if (!isRecord(raw)) return null
  const frequency = ["daily", "weekly", "monthly", "yearly"].includes(raw.frequency as string) ? (raw.frequency as Recurrence["frequency"]) : null
  if (!frequency) return null
  const interval = Number.isInteger(raw.interval) && (raw.interval as number) >= 1 ? Math.min(raw.interval as number, 1000) : 1
  const days = Array.isArray(raw.daysOfWeek) ? raw.daysOfWeek.filter((d): d is number => Number.isInteger(d) && d >= 0 && d <= 6) : []
  const dayOfMonth = Number.isInteger(raw.dayOfMonth) && (raw.dayOfMonth as number) >= 1 && (raw.dayOfMonth as number) <= 31 ? (raw.dayOfMonth as number) : undefined
  const endDate = typeof raw.endDate === "string" && isLocalDate(raw.endDate.slice(0, 10)) ? raw.endDate.slice(0, 10) : undefined
  return {
    frequency,
    interval,
    ...(days.length > 0 ? { daysOfWeek: [...new Set(days)].sort((a, b) => a - b) } : {}),
    ...(dayOfMonth !== undefined ? { dayOfMonth } : {}),
    ...(endDate !== undefined ? { endDate } : {}),
  }
}

function migrateNotes(raw: unknown, fallback: string, newId: () => string): Note[] {
  if (!Array.isArray(raw)) return []
  return raw.flatMap((n): Note[] => {
    if (!isRecord(n)) return []
    const content = str(n.content) === null ? "" : stripControls(n.content as string).trim()
    if (content.length === 0) return []
    return [{ id: str(n.id) || newId(), content, createdAt: timestamp(n.createdAt, fallback), source: line(n.source) ?? "user" }]
  })
}

function tagsOf(raw: unknown): string[] {
  if (!Array.isArray(raw)) return []
  try {
    return normaliseTags(raw.filter((t): t is string => typeof t === "string").map((t) => t.slice(0, 50))).slice(0, 50)
  } catch {
    return []
  }
}

/**
 * The first field of the ancestor's `items` that our model cannot hold without cutting it (a title
 * over MAX_TITLE, a project over 100, a tag over 50 or more than 50 tags, a description or note
 * over 20,000 characters), described; null when every field fits. `tsk import` refuses such a
 * file rather than cut it; the migration of the home's own tasks.json still keeps what fits.
 */
export function ancestorOversize(items: readonly unknown[]): string | null {
  for (const [i, r] of items.entries()) {
    if (!isRecord(r)) continue
    const at = `item ${i + 1}${typeof r.id === "string" ? ` (${stripControlsLine(r.id).slice(0, 36)})` : ""}`
    const title = line(r.title)
    if (title !== null && title.length > MAX_TITLE) return `${at}: the title is ${title.length} characters; the limit is ${MAX_TITLE}`
    const project = line(r.project)
    if (project !== null && project.length > 100) return `${at}: the project is ${project.length} characters; the limit is 100`
    if (Array.isArray(r.tags)) {
      const tags = r.tags.filter((t): t is string => typeof t === "string")
      if (tags.length > 50) return `${at}: ${tags.length} tags; the limit is 50`
      if (tags.some((t) => t.length > 50)) return `${at}: a tag is longer than 50 characters`
    }
    if (typeof r.description === "string" && r.description.length > 20_000) return `${at}: the description is ${r.description.length} characters; the limit is 20000`
    if (Array.isArray(r.notes) && r.notes.some((n) => isRecord(n) && typeof n.content === "string" && n.content.length > 20_000)) return `${at}: a note is longer than 20000 characters`
  }
  return null
}

/** The ancestor's tasks as ours. `now` stands in for missing timestamps; `newId` for missing ids. */
export function migrateAncestorTasks(items: readonly unknown[], now: Date, newId: () => string): Task[] {
  const nowIso = now.toISOString()
  const records = items.filter(isRecord)
  const ids = records.map((r) => str(r.id) || newId())
  // A child listed in a parent's subtaskIds but without parentId of its own still belongs there.
  const parentFromList = new Map<string, string>()
  records.forEach((r, i) => {
    if (Array.isArray(r.subtaskIds)) for (const kid of r.subtaskIds) if (typeof kid === "string") parentFromList.set(kid, ids[i]!)
  })
  const known = new Set(ids)
  return records.map((r, i): Task => {
    const id = ids[i]!
    const createdAt = timestamp(r.createdAt, nowIso)
    const updatedAt = timestamp(r.updatedAt, createdAt)
    const status = (TASK_STATUSES as readonly string[]).includes(r.status as string) ? (r.status as Task["status"]) : "todo"
    const minutes = typeof r.actualMinutes === "number" && r.actualMinutes > 0 ? Math.round(r.actualMinutes) : 0
    const end = timestamp(r.completedAt, updatedAt)
    const due = str(r.dueDate)?.slice(0, 10) ?? null
    const parentId = str(r.parentId) ?? parentFromList.get(id) ?? null
    return {
      id,
      title: (line(r.title) ?? "(untitled)").slice(0, MAX_TITLE),
      description: stripControls(str(r.description) ?? ""),
      status,
      priority: (PRIORITIES as readonly string[]).includes(r.priority as string) ? (r.priority as Task["priority"]) : "none",
      project: line(r.project)?.slice(0, 100) ?? null,
      tags: tagsOf(r.tags),
      dueDate: due !== null && isLocalDate(due) ? due : null,
      parentId: parentId !== null && parentId !== id && known.has(parentId) ? parentId : null,
      blockedBy: Array.isArray(r.blockedBy) ? [...new Set(r.blockedBy.filter((b): b is string => typeof b === "string" && known.has(b) && b !== id))] : [],
      recurrence: migrateRecurrence(r.recurrence),
      nextOccurrenceId: null,
      estimateMinutes: typeof r.estimateMinutes === "number" && r.estimateMinutes >= 0 ? Math.round(r.estimateMinutes) : null,
      // The ancestor kept only a total; it becomes one entry ending when the task last changed.
      timeEntries: minutes > 0 ? [{ start: new Date(Date.parse(end) - minutes * 60_000).toISOString(), end: new Date(Date.parse(end)).toISOString() }] : [],
      notes: migrateNotes(r.notes, updatedAt, newId),
      externalId: line(r.externalId),
      externalSource: line(r.externalSource),
      createdAt,
      updatedAt,
      completedAt: status === "done" || status === "archived" ? (str(r.completedAt) ?? (status === "done" ? updatedAt : null)) : null,
      order: typeof r.order === "number" && Number.isFinite(r.order) ? r.order : i,
    }
  })
}
