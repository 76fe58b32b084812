// A three-way merge of task lists (pure): what each side changed since the common base survives.
//
// Per task (by id) and per field against the base:
// - a field changed on one side only takes that side's value; changes to different fields on the
//   two sides both survive;
// - a field changed on both sides to different values takes the value of the side whose task has
//   the later `updatedAt` (equal stamps: the side whose task reads greater as JSON, so the answer
//   does not depend on which side is "ours"); the other value is reported as a FieldConflict.
//   `status` and `completedAt` move together (a task is not left done without a completion time);
// - tags and blockers merge as sets, notes by id and time entries by start: what either side
//   added survives, what one side removed and the other left alone is removed;
// - a task added on one side is kept (added on both with the same id: merged field by field
//   against nothing);
// - deleted on both sides, or deleted on one and unchanged on the other: deleted;
// - deleted on one side and edited on the other (the task, or anything in its subtree on that
//   side, differs from the base): the edit wins. The task is kept with its subtree and each task
//   kept against a delete is reported as a conflict with field "deleted" (kept "edited", lost
//   "deleted"), so a deletion is never silently undone.
// After merging, the links are checked (task-merge-links.ts): a parent or blocker that is missing,
// would close a cycle, or would nest a task below the third level is dropped and reported.
// Output order: the tasks in ours' order, then those only theirs has, in theirs' order.
import type { Note, Task, TimeEntry } from "./task.ts"
import { settleLinks, type DroppedLink } from "./task-merge-links.ts"

export type { DroppedLink } from "./task-merge-links.ts"

export interface FieldConflict {
  taskId: string
  title: string
  field: string
  kept: unknown
  lost: unknown
  keptUpdatedAt: string
  lostUpdatedAt: string
}

export interface TaskMergeResult {
  tasks: Task[]
  conflicts: FieldConflict[]
  dropped: DroppedLink[]
}

type Side = "ours" | "theirs"

/** Fields merged as one value each; a group's fields move together. */
const SCALAR_GROUPS: readonly (readonly (keyof Task)[])[] = [
  ["title"], ["description"], ["status", "completedAt"], ["priority"], ["project"], ["dueDate"], ["parentId"],
  ["recurrence"], ["nextOccurrenceId"], ["estimateMinutes"], ["externalId"], ["externalSource"], ["assignee"],
  ["createdAt"], ["order"],
]

/** JSON with object keys sorted, so equal values read equal whatever their key order. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== "object" || Array.isArray(v)) return v
    const sorted: Record<string, unknown> = {}
    for (const key of Object.keys(v).sort()) sorted[key] = (v as Record<string, unknown>)[key]
    return sorted
  }) ?? "undefined"
}

const same = (a: unknown, b: unknown) => a === b || stableJson(a) === stableJson(b)

function stampOf(text: string): number {
  const ms = Date.parse(text)
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms
}

/** Which side's task is the later one (see the top of the file for ties). */
function laterSide(ours: Task, theirs: Task): Side {
  const a = stampOf(ours.updatedAt)
  const b = stampOf(theirs.updatedAt)
  if (a !== b) return a > b ? "ours" : "theirs"
  if (ours.updatedAt !== theirs.updatedAt) return ours.updatedAt > theirs.updatedAt ? "ours" : "theirs"
  return stableJson(ours) >= stableJson(theirs) ? "ours" : "theirs"
}

function laterStamp(a: string, b: string): string {
  const x = stampOf(a)
  const y = stampOf(b)
  if (x !== y) return x > y ? a : b
  return a >= b ? a : b
}

/**
 * A three-way merge of keyed items: an item is in the result when both sides have it, or one side
 * added it (it is not in the base); when both sides changed it differently, `winner`'s copy stays
 * and the other is reported. Order: the winner's list, then the other side's additions.
 */
function mergeKeyed<T>(
  base: readonly T[],
  ours: readonly T[],
  theirs: readonly T[],
  keyOf: (item: T) => string,
  winner: Side,
  onConflict: (kept: T, lost: T) => void,
): T[] {
  const baseBy = new Map(base.map((item) => [keyOf(item), item]))
  const oursBy = new Map(ours.map((item) => [keyOf(item), item]))
  const theirsBy = new Map(theirs.map((item) => [keyOf(item), item]))
  const [first, firstBy, otherBy] = winner === "ours" ? [ours, oursBy, theirsBy] : [theirs, theirsBy, oursBy]
  const second = winner === "ours" ? theirs : ours
  const out: T[] = []
  const seen = new Set<string>()
  const take = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    const mine = firstBy.get(key)
    const other = otherBy.get(key)
    const was = baseBy.get(key)
    if (mine !== undefined && other !== undefined) {
      if (same(mine, other) || (was !== undefined && same(other, was))) out.push(mine)
      else if (was !== undefined && same(mine, was)) out.push(other)
      else {
        out.push(mine)
        onConflict(mine, other)
      }
      return
    }
    const only = mine ?? other
    if (only === undefined) return
    // One side has it: kept when added there, or when that side changed it and the other removed it.
    if (was === undefined || !same(only, was)) out.push(only)
  }
  for (const item of first) take(keyOf(item))
  for (const item of second) take(keyOf(item))
  return out
}

const textKey = (text: string) => text
const noteKey = (note: Note) => note.id
const entryKey = (entry: TimeEntry) => entry.start

/** Both sides have the task: merge it field by field against `base` (undefined when both added it). */
function mergeTask(base: Task | undefined, ours: Task, theirs: Task, conflicts: FieldConflict[]): Task {
  if (same(ours, theirs)) return ours
  if (base !== undefined && same(theirs, base)) return ours
  if (base !== undefined && same(ours, base)) return theirs
  const winner = laterSide(ours, theirs)
  const [won, lost] = winner === "ours" ? [ours, theirs] : [theirs, ours]
  const merged: Record<string, unknown> = { ...won }
  const pending: Omit<FieldConflict, "title">[] = []
  const report = (field: string, kept: unknown, lostValue: unknown) =>
    pending.push({ taskId: ours.id, field, kept, lost: lostValue, keptUpdatedAt: won.updatedAt, lostUpdatedAt: lost.updatedAt })
  for (const group of SCALAR_GROUPS) {
    const changed = (task: Task) => base === undefined || group.some((field) => !same(task[field], base[field]))
    const oursChanged = changed(ours)
    const theirsChanged = changed(theirs)
    const source = oursChanged && !theirsChanged ? ours : theirsChanged && !oursChanged ? theirs : won
    for (const field of group) merged[field] = source[field]
    if (oursChanged && theirsChanged) {
      for (const field of group) if (!same(won[field], lost[field])) report(field, won[field], lost[field])
    }
  }
  if (merged.assignee === undefined) delete merged.assignee
  const none = { tags: [], blockedBy: [], notes: [], timeEntries: [] }
  const was = base ?? none
  merged.tags = mergeKeyed(was.tags, ours.tags, theirs.tags, textKey, winner, () => {})
  merged.blockedBy = mergeKeyed(was.blockedBy, ours.blockedBy, theirs.blockedBy, textKey, winner, () => {})
  merged.notes = mergeKeyed(was.notes, ours.notes, theirs.notes, noteKey, winner, (kept, gone) => report("notes", kept, gone))
  merged.timeEntries = mergeKeyed(was.timeEntries, ours.timeEntries, theirs.timeEntries, entryKey, winner, (kept, gone) =>
    report("timeEntries", kept, gone),
  )
  merged.updatedAt = laterStamp(ours.updatedAt, theirs.updatedAt)
  const task = merged as Task
  for (const conflict of pending) conflicts.push({ ...conflict, title: task.title })
  return task
}

function byId(tasks: readonly Task[]): Map<string, Task> {
  const map = new Map<string, Task>()
  for (const task of tasks) if (!map.has(task.id)) map.set(task.id, task)
  return map
}

/**
 * The ids on `side` that differ from the base (edited or added), with all their ancestors on that
 * side: a task among them that the other side deleted is kept (the edit wins).
 */
function editedWithAncestors(base: Map<string, Task>, side: Map<string, Task>): Set<string> {
  const out = new Set<string>()
  for (const task of side.values()) {
    const was = base.get(task.id)
    if (was !== undefined && same(was, task)) continue
    let current: Task | undefined = task
    while (current !== undefined && !out.has(current.id)) {
      out.add(current.id)
      current = current.parentId === null ? undefined : side.get(current.parentId)
    }
  }
  return out
}

/** The ids of `roots` and everything below them on `side`. */
function withDescendants(roots: Set<string>, side: Map<string, Task>): Set<string> {
  const children = new Map<string, string[]>()
  for (const task of side.values()) {
    if (task.parentId === null) continue
    const list = children.get(task.parentId)
    if (list) list.push(task.id)
    else children.set(task.parentId, [task.id])
  }
  const out = new Set<string>()
  const stack = [...roots]
  while (stack.length > 0) {
    const id = stack.pop()!
    if (out.has(id)) continue
    out.add(id)
    for (const kid of children.get(id) ?? []) stack.push(kid)
  }
  return out
}

/** Merge `ours` and `theirs`, both changed from `base` (see the top of the file for the rules). */
export function mergeTaskLists(base: readonly Task[], ours: readonly Task[], theirs: readonly Task[]): TaskMergeResult {
  const baseBy = byId(base)
  const oursBy = byId(ours)
  const theirsBy = byId(theirs)
  // Kept against a delete on the other side: edited tasks, their ancestors and their subtrees.
  const rescuedFrom = (side: Map<string, Task>, other: Map<string, Task>) => {
    const edited = editedWithAncestors(baseBy, side)
    const deletedOther = new Set([...edited].filter((id) => baseBy.has(id) && !other.has(id)))
    return withDescendants(deletedOther, side)
  }
  const rescuedOurs = rescuedFrom(oursBy, theirsBy)
  const rescuedTheirs = rescuedFrom(theirsBy, oursBy)
  const conflicts: FieldConflict[] = []
  const merged: Task[] = []
  const seen = new Set<string>()
  const visit = (id: string) => {
    if (seen.has(id)) return
    seen.add(id)
    const was = baseBy.get(id)
    const mine = oursBy.get(id)
    const other = theirsBy.get(id)
    if (mine !== undefined && other !== undefined) {
      merged.push(mergeTask(was, mine, other, conflicts))
      return
    }
    const only = mine ?? other
    if (only === undefined) return
    if (was === undefined) {
      merged.push(only)
      return
    }
    const rescued = mine !== undefined ? rescuedOurs : rescuedTheirs
    if (!rescued.has(id)) return
    merged.push(only)
    conflicts.push({
      taskId: id,
      title: only.title,
      field: "deleted",
      kept: "edited",
      lost: "deleted",
      keptUpdatedAt: only.updatedAt,
      lostUpdatedAt: was.updatedAt,
    })
  }
  for (const task of ours) visit(task.id)
  for (const task of theirs) visit(task.id)
  const settled = settleLinks(merged, baseBy)
  return { tasks: settled.tasks, conflicts, dropped: settled.dropped }
}
