// Changing the task list: a read-modify-write inside the cross-process lock (re-read base +
// journal, apply the operation, the no-wipe rule), written as one fsynced journal line or, when
// the journal has grown past its share of the base (or the change is not puts and deletes), as
// the whole base (tasks-compaction.ts). Adds and single-task changes can skip parsing the list.
import { readFileSync } from "node:fs"
import { pathsOf, type HomePaths } from "./paths.ts"
import { contentIdentity, fileIdentity } from "./file-identity.ts"
import { lockGuard, withFileLockRetrying } from "./file-lock.ts"
import { enqueue } from "./serial-queue.ts"
import type { Task } from "../domain/task.ts"
import type { Mutation } from "../domain/task-operations.ts"
import { conflict } from "../domain/errors.ts"
import { type HeldLock } from "./lock-context.ts"
import { findChildrenInText, findTaskInText, taskStarts } from "./task-text-lookup.ts"
import { appendLine, applicableLines, diffTasks, maxOrderOf, newLineId, readJournalBytes, scanJournal, serializeLine, type JournalLine } from "./tasks-journal.ts"
// Loaded only when tasks.json is not the file tsk wrote, or by a compaction (outside-merge.ts).
import { type BaseMeta, type MutationOutcome, type StoreState, type TasksSnapshot, journalError, journalFull, journalSeen, lastSeen, readBaseMeta, sizeOf } from "./tasks-cache.ts"
import { readHeadRevision } from "./tasks-read.ts"
import { readForChange, readJournalStat, writeBase } from "./tasks-compaction.ts"

/** A change as one journal line, planned inside the lock (see journalLineFor). */
export interface PlannedLine {
  line: JournalLine
  text: string
}

/**
 * The journal line that writes `tasks` as the next revision after `state` (read inside the lock,
 * the base's identity then `read`), or null when the whole base must be written instead: the
 * change is not a set of puts and deletes, or the journal would outgrow its share of the base.
 */
export function journalLineFor(read: string | null, state: StoreState, tasks: Task[], id: string = newLineId()): PlannedLine | null {
  const delta = state.baseExists ? diffTasks(state.snapshot.tasks, tasks) : null
  if (!delta) return null
  const line: JournalLine = { base: state.base.revision, revision: state.snapshot.revision + 1, ...delta, maxOrder: maxOrderOf(tasks), id }
  const text = serializeLine(line)
  return journalFull(sizeOf(read), (state.journal?.end ?? 0) + Buffer.byteLength(text)) ? null : { line, text }
}

/**
 * Append `planned` (from journalLineFor on the same `state`) to the journal, guarded: nothing is
 * written once the lock was lost or a file is no longer the one read. Returns the new snapshot.
 */
export function appendPlannedLine(paths: HomePaths, lock: HeldLock, read: string | null, state: StoreState, planned: PlannedLine, tasks: Task[]): TasksSnapshot {
  const j = state.journal
  const snapshot: TasksSnapshot = { revision: planned.line.revision, tasks }
  const bytes = Buffer.byteLength(planned.text)
  appendLine(paths.journal, { expected: j && { ino: j.ino, size: j.size, end: j.end } }, planned.text, lockGuard(lock, paths.tasks, read))
  const ino = j?.ino ?? readJournalStat(paths.journal)?.ino
  const head = j?.head ?? Buffer.from(planned.text)
  const end = (j?.end ?? 0) + bytes
  const next: StoreState = {
    snapshot,
    base: state.base,
    baseExists: true,
    journal: { ino: ino ?? -1, size: end, end, head, applied: (j?.applied ?? 0) + 1, unapplied: j?.unapplied ?? 0, lastRevision: snapshot.revision },
  }
  if (ino !== undefined && lastSeen.get(paths.tasks)?.snapshot === state.base) journalSeen.set(paths.journal, { base: state.base, ino, end, head, state: next })
  else journalSeen.delete(paths.journal)
  return snapshot
}

/**
 * Write `tasks` as the next revision after `state` (read inside `lock`, the base's identity then
 * `read`): one journal line when the change is puts and deletes and the journal has room, else the
 * whole base (compaction). Both are guarded: nothing is written once the lock was lost or a file
 * is no longer the one read.
 */
export async function writeChange(paths: HomePaths, lock: HeldLock, read: string | null, state: StoreState, tasks: Task[]): Promise<TasksSnapshot> {
  const planned = journalLineFor(read, state, tasks)
  if (planned) return appendPlannedLine(paths, lock, read, state, planned, tasks)
  return writeBase(paths, lock, read, state, { revision: state.snapshot.revision + 1, tasks })
}

/**
 * Apply `operation` to the tasks as they are on disk now (base + journal), inside the lock, and
 * write the change durably (see writeChange). If this process was paused until its lock was taken
 * over, or a file is no longer the one it read, nothing is written and the whole
 * read-modify-write runs again on what is on disk then. Returns the new snapshot and the result.
 */
export function mutateTasks<T>(home: string | HomePaths, operation: (tasks: Task[]) => Mutation<T>): Promise<MutationOutcome<T>> {
  const paths = pathsOf(home)
  return enqueue(paths.tasks, () => withFileLockRetrying(paths.tasks, (lock) => mutateLocked(paths, lock, operation)))
}

export async function mutateLocked<T>(paths: HomePaths, lock: HeldLock, operation: (tasks: Task[]) => Mutation<T>): Promise<MutationOutcome<T>> {
  const read = contentIdentity(paths.tasks)
  const state = await readForChange(paths, lock)
  const current = state.snapshot
  const mutation = operation(current.tasks)
  if (current.tasks.length > 0 && mutation.tasks.length === 0 && !mutation.explicitDelete) {
    throw conflict("refusing to replace a non-empty task list with an empty one; delete tasks explicitly instead")
  }
  const snapshot = await writeChange(paths, lock, read, state, mutation.tasks)
  return { snapshot, result: mutation.result }
}

export interface AppendOutcome<T> {
  result: T
  /** The whole list after the change, or null when it was added without reading the list. */
  snapshot: TasksSnapshot | null
}

/**
 * Add new tasks that depend on nothing in the list but the highest `order` (a task without parent
 * or blockers): `lean(maxOrder)` builds them. Without a parse of tasks.json when the highest order
 * is known for this very base (see recordBaseMeta) and the journal has room; otherwise `full`
 * runs as a change like any other.
 */
export function appendTasks<T>(
  home: string | HomePaths,
  lean: (maxOrder: number) => { added: Task[]; result: T },
  full: (tasks: Task[]) => Mutation<T>,
): Promise<AppendOutcome<T>> {
  const paths = pathsOf(home)
  return enqueue(paths.tasks, () =>
    withFileLockRetrying(paths.tasks, async (lock) => {
      const quick = appendWithoutList(paths, lock, lean)
      if (quick) return { result: quick.result, snapshot: null }
      return mutateLocked(paths, lock, full)
    }),
  )
}

/**
 * What a change can build on without parsing tasks.json: the base's meta (its revision and highest
 * order, for this very file) and the journal's lines, all of which apply to it. Null when any of
 * that is not so, or when this process holds the list already (then the usual change is cheap).
 */
export interface LeanBase {
  read: string
  meta: BaseMeta
  whole: ReturnType<typeof readJournalBytes>
  scan: ReturnType<typeof scanJournal> | null
  lines: JournalLine[]
  revision: number
  maxOrder: number
}

export function leanBase(paths: HomePaths): LeanBase | null {
  const before = fileIdentity(paths.tasks)
  if (before === null || lastSeen.get(paths.tasks)?.identity === before) return null
  const read = contentIdentity(paths.tasks)
  const meta = readBaseMeta(paths.tasks)
  if (read === null || meta === null || meta.written !== true || meta.identity !== read || readHeadRevision(paths.tasks) !== meta.revision) return null
  const whole = readJournalBytes(paths.journal)
  const scan = whole ? scanJournal(whole.bytes) : null
  if (scan?.corrupt) throw journalError(scan.corrupt)
  const lines = scan ? applicableLines(scan.lines, meta.revision) : []
  // Lines that apply to nothing are the full change's to settle.
  if (scan && scan.lines.length !== lines.length) return null
  const last = lines.at(-1)
  return { read, meta, whole, scan, lines, revision: last?.revision ?? meta.revision, maxOrder: last ? last.maxOrder : meta.maxOrder }
}

/** Append `put` as the next line after `lean`, guarded; false when the journal has no room for it. */
export function appendLean(paths: HomePaths, lock: HeldLock, lean: LeanBase, put: Task[]): boolean {
  const line = serializeLine({
    base: lean.meta.revision,
    revision: lean.revision + 1,
    put,
    delete: [],
    maxOrder: Math.max(lean.maxOrder, maxOrderOf(put)),
    id: newLineId(),
  })
  if (journalFull(sizeOf(lean.read), (lean.scan?.end ?? 0) + Buffer.byteLength(line))) return false
  const expected = lean.whole && lean.scan ? { ino: lean.whole.ino, size: lean.scan.size, end: lean.scan.end } : null
  appendLine(paths.journal, { expected }, line, lockGuard(lock, paths.tasks, lean.read))
  return true
}

export function appendWithoutList<T>(paths: HomePaths, lock: HeldLock, build: (maxOrder: number) => { added: Task[]; result: T }): { result: T } | null {
  const lean = leanBase(paths)
  if (!lean) return null
  const { added, result } = build(lean.maxOrder)
  return appendLean(paths, lock, lean, added) ? { result } : null
}

export interface ChangeOutcome<T> {
  result: T
  /**
   * The changed task's neighbourhood after the change (the task, its subtasks, its blockers, any
   * task the change added) when the list was not read; else the whole list.
   */
  tasks: Task[]
}

/**
 * Change the task whose full id is `id`, and only it (a new task may be added beside it, such as
 * a recurring task's next occurrence). Without a parse of tasks.json when the base is in tsk's own
 * serialization and known for this very file (see leanBase): `change` then gets the task, its
 * subtasks, blockers and next occurrence as they are now, and `orderAbove`, the list's highest
 * order. Anything else (an id prefix, a task the journal's lines touch beside it, a change that
 * is not puts) gets the whole list, as a change like any other: the answer is the same either way.
 */
export function changeTask<T>(home: string | HomePaths, id: string, change: (tasks: Task[], orderAbove?: number) => Mutation<T>): Promise<ChangeOutcome<T>> {
  const paths = pathsOf(home)
  return enqueue(paths.tasks, () =>
    withFileLockRetrying(paths.tasks, async (lock) => {
      const quick = changeWithoutList(paths, lock, id, change)
      if (quick) return quick
      const { snapshot, result } = await mutateLocked(paths, lock, (tasks) => change(tasks))
      return { result, tasks: snapshot.tasks }
    }),
  )
}

export function changeWithoutList<T>(paths: HomePaths, lock: HeldLock, id: string, build: (near: Task[], orderAbove: number) => Mutation<T>): ChangeOutcome<T> | null {
  const base = leanBase(paths)
  if (!base || base.meta.exact !== true) return null
  const text = readFileSync(paths.tasks, "utf8")
  if (contentIdentity(paths.tasks) !== base.read) return null
  const near = neighbourhood(text, base.lines, id)
  if (!near) return null
  const mutation = build(near, base.maxOrder)
  const delta = diffTasks(near, mutation.tasks)
  if (!delta || delta.delete.length > 0 || delta.put.length === 0) return null
  return appendLean(paths, lock, base, delta.put) ? { result: mutation.result, tasks: mutation.tasks } : null
}

/**
 * The task `id`, its subtasks, its blockers and its next occurrence as base + journal make them,
 * from the base's text; null when that cannot be told without the whole list (the task is not
 * there once, or a journal line touches one of its subtasks or adds one).
 */
export function neighbourhood(text: string, lines: readonly JournalLine[], id: string): Task[] | null {
  const latest = new Map<string, Task | null>()
  for (const line of lines) {
    for (const task of line.put) latest.set(task.id, task)
    for (const gone of line.delete) latest.set(gone, null)
  }
  // undefined: not to be told from the text (then the whole list is read).
  const find = (wanted: string): Task | null | undefined => {
    // A line's version, unless the base holds that id twice (the whole list resolves the first).
    if (latest.has(wanted)) return taskStarts(text, wanted) > 1 ? undefined : latest.get(wanted)
    const found = findTaskInText(text, wanted)
    return found === null ? undefined : "missing" in found ? null : found.task
  }
  const task = find(id)
  if (!task) return null
  const children = findChildrenInText(text, id)
  if (!children) return null
  for (const child of children) if (latest.has(child.id)) return null
  for (const changed of latest.values()) if (changed?.parentId === id) return null
  const near = [task, ...children]
  // Its blockers (whether it is blocked) and its next occurrence (named in the answer).
  for (const other of new Set([...task.blockedBy, ...(task.nextOccurrenceId ? [task.nextOccurrenceId] : [])])) {
    if (near.some((t) => t.id === other)) continue
    const found = find(other)
    if (found === undefined) return null
    if (found) near.push(found)
  }
  return near
}
