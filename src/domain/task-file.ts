// One task as one file of the sync repository (`tasks/<first two characters of the id>/<id>.json`,
// see docs/sync.md): git merges a change to one task without touching the others, a diff reads as
// the fields that changed, and a commit of a few changes rewrites a few small folders (trees), not
// one folder of 10,000 names.
// The text is canonical (the schema's field order, two-space indent, a final newline), so the same
// task always makes the same bytes, and so the same git blob on every machine.
import type { Task } from "./task.ts"

/** The schema's field order (task.ts); `assignee` sits where the schema declares it. */
const FIELD_ORDER = [
  "id", "title", "description", "status", "priority", "project", "tags", "dueDate", "parentId", "blockedBy", "recurrence",
  "nextOccurrenceId", "estimateMinutes", "timeEntries", "notes", "externalId", "externalSource", "assignee", "createdAt",
  "updatedAt", "completedAt", "order",
] as const

export const TASKS_FOLDER = "tasks"

/** The path of a task's file in the repository. Ids are UUIDs; anything else is escaped. */
export function taskFilePath(id: string): string {
  const name = encodeURIComponent(id)
  return `${TASKS_FOLDER}/${name.slice(0, 2).toLowerCase().padEnd(2, "_").replaceAll("%", "_")}/${name}.json`
}

export function serializeTaskFile(task: Task): string {
  const ordered: Record<string, unknown> = {}
  const source = task as unknown as Record<string, unknown>
  for (const key of FIELD_ORDER) if (source[key] !== undefined) ordered[key] = source[key]
  // Fields a newer tsk added keep their place at the end rather than being lost.
  for (const key of Object.keys(source)) if (!(key in ordered) && source[key] !== undefined) ordered[key] = source[key]
  return JSON.stringify(ordered, null, 2) + "\n"
}
