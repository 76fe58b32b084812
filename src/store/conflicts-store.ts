// conflicts.json in TSK_HOME: what merging an outside change lost (see outside-merge.ts). When a
// tasks.json tsk did not write, or a sync tool's conflict copy, is merged with tsk's own changes,
// a field both sides changed keeps the later edit and the other value is recorded here, as are a
// deletion that lost against an edit and a link the merged tree could not keep. Nothing is
// silently dropped: `tsk conflicts`, `tsk doctor` and the TUI show the records until a person
// clears them. Written durably, inside the tasks lock (merges) or its own lock (clearing).
import { readFileSync } from "node:fs"
import type { FieldConflict, DroppedLink } from "../domain/task-merge.ts"
import { stableJson } from "../domain/task-merge.ts"
import { writeFileDurable, randomHex } from "./durable-file.ts"
import { lockGuard, withFileLock } from "./file-lock.ts"
import { homePaths } from "./paths.ts"
import { notFound } from "../domain/errors.ts"

export const CONFLICTS_FILE = "conflicts.json"

export interface ConflictRecord extends FieldConflict {
  /** Short random id, to clear one record. */
  id: string
  /** When the merge ran. */
  at: string
  /** What was merged: `tasks.json` (changed outside tsk) or the conflict copy's name. */
  source: string
  /** For a link the merged tree could not keep: why. */
  reason?: DroppedLink["reason"]
}

export const conflictsPath = (home: string) => `${home}/${CONFLICTS_FILE}`

/** The records, oldest first; none when the file is missing or unreadable (doctor reports that). */
export function readConflicts(home: string): ConflictRecord[] {
  let text: string
  try {
    text = readFileSync(conflictsPath(home), "utf8")
  } catch {
    return []
  }
  try {
    const value = JSON.parse(text) as { conflicts?: unknown }
    return Array.isArray(value.conflicts) ? (value.conflicts.filter(isRecord) as ConflictRecord[]) : []
  } catch {
    return []
  }
}

function isRecord(value: unknown): boolean {
  const r = value as Partial<ConflictRecord> | null
  return typeof r === "object" && r !== null && typeof r.id === "string" && typeof r.taskId === "string" && typeof r.field === "string"
}

/** Two records of the same loss (a merge run again after a crash) are one. */
const keyOf = (r: ConflictRecord) => stableJson([r.source, r.taskId, r.field, r.lost, r.lostUpdatedAt, r.reason ?? null])

export async function writeConflicts(home: string, records: readonly ConflictRecord[], guard?: () => void): Promise<void> {
  await writeFileDurable(conflictsPath(home), JSON.stringify({ version: 1, conflicts: records }, null, 2) + "\n", guard)
}

/** The records a merge of `source` gives: field conflicts and dropped links. */
export function conflictRecords(source: string, conflicts: readonly FieldConflict[], dropped: readonly DroppedLink[], tasks: ReadonlyMap<string, { title: string; updatedAt: string }>, now = new Date()): ConflictRecord[] {
  const at = now.toISOString()
  const out: ConflictRecord[] = conflicts.map((c) => ({ id: randomHex(4), at, source, ...c }))
  for (const link of dropped) {
    const task = tasks.get(link.taskId)
    out.push({
      id: randomHex(4),
      at,
      source,
      taskId: link.taskId,
      title: task?.title ?? link.taskId,
      field: link.field,
      kept: null,
      lost: link.value,
      keptUpdatedAt: task?.updatedAt ?? at,
      lostUpdatedAt: task?.updatedAt ?? at,
      reason: link.reason,
    })
  }
  return out
}

/** Add `records` to the file (those already there, by what they lost, are not added twice). */
export async function addConflicts(home: string, records: readonly ConflictRecord[], guard?: () => void): Promise<void> {
  if (records.length === 0) return
  const existing = readConflicts(home)
  const known = new Set(existing.map(keyOf))
  const fresh = records.filter((r) => !known.has(keyOf(r)))
  if (fresh.length === 0) return
  await writeConflicts(home, [...existing, ...fresh], guard)
}

/**
 * Clear the records named by `ids` (every record when none is named), under the tasks lock that
 * merges write them in. Returns the records cleared; an id that names none is `not_found`.
 */
export async function clearConflicts(home: string, ids: readonly string[] = []): Promise<ConflictRecord[]> {
  return withFileLock(homePaths(home).tasks, async (lock) => {
    const records = readConflicts(home)
    const unknown = ids.filter((id) => !records.some((r) => r.id === id))
    if (unknown.length > 0) throw notFound(`no conflict ${unknown.join(", ")}: see tsk conflicts`)
    const cleared = ids.length === 0 ? records : records.filter((r) => ids.includes(r.id))
    if (cleared.length === 0) return []
    await writeConflicts(home, records.filter((r) => !cleared.includes(r)), lockGuard(lock))
    return cleared
  })
}
