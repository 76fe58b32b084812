// The task list on disk: tasks.json (the base, written in full, validated on read) plus
// tasks.journal (the changes since, see tasks-journal.ts). A change is a read-modify-write inside
// the cross-process lock: re-read base + journal, apply the operation, the no-wipe rule, then
// either one fsynced journal line or, when the journal has grown past its share of the base (or
// the change is not a set of puts and deletes), a durable atomic write of the whole base with a
// backup of it and the journal removed (compaction). A file that fails to validate is never
// written over. Every reader sees base + journal; its revision is the journal's last one.
import { closeSync, linkSync, openSync, readFileSync, readSync, renameSync, statSync, unlinkSync, writeFileSync } from "node:fs"
import { hiddenBeside, homePaths } from "./paths.ts"
import { readCacheText, readCacheTextSync } from "./bun-files.ts"
import { readValidatedStamp, recordValidatedStamp } from "./validated-stamp.ts"
import { contentIdentity, contentPart, fileIdentity, readFileIdentity } from "./file-identity.ts"
import { readJsonFile, writeFileDurable } from "./durable-file.ts"
import { lockGuard, withFileLockRetrying } from "./file-lock.ts"
import { backupVersion } from "./backups.ts"
import { enqueue } from "./serial-queue.ts"
import type { Task, TasksFile } from "../domain/task.ts"
import { TASKS_FILE_VERSION } from "../domain/task-constants.ts"
import type { Mutation } from "../domain/task-operations.ts"
import { conflict, TskError } from "../domain/errors.ts"
import { migrateAncestorFile } from "./ancestor-file.ts"
import { fsyncDirSync } from "./durable-file.ts"
import { LockLostError, type HeldLock } from "./lock-context.ts"
import { findChildrenInText, findTaskInText, taskStarts } from "./task-text-lookup.ts"
import {
  appendLine,
  applicableLines,
  applyLines,
  diffTasks,
  maxOrderOf,
  newLineId,
  readJournalBytes,
  readJournalForReader,
  scanJournal,
  serializeLine,
  startsWith,
  type JournalLine,
} from "./tasks-journal.ts"
import { BRIDGE_LINE_PREFIX, foldedRevision, forgetFoldedLine, recordFoldedLines } from "./folded-lines.ts"
// Loaded only when tasks.json is not the file tsk wrote, or by a compaction (outside-merge.ts).
const outsideMerge = () => import("./outside-merge.ts")

export interface TasksSnapshot {
  revision: number
  tasks: Task[]
}

/**
 * The last snapshot this process read or wrote, per file, with the file identity it belongs to.
 * A long-lived process (the TUI, the runner) that changes tasks again finds the file as it left
 * it and skips re-reading and re-parsing 10,000 tasks inside the lock; any other writer changes the
 * identity and the file is read again. Snapshots are never mutated, so sharing them is safe.
 */
const lastSeen = new Map<string, { identity: string; snapshot: TasksSnapshot }>()

function remember(file: string, identity: string | null, snapshot: TasksSnapshot): TasksSnapshot {
  if (identity !== null) lastSeen.set(file, { identity, snapshot })
  return snapshot
}

/** The base when there is no tasks.json (one object, so the journal's cache can key on it). */
const NO_BASE: TasksSnapshot = Object.freeze({ revision: 0, tasks: Object.freeze([]) as unknown as Task[] })

/** The base + journal this process last read or wrote, per home (see readState). */
interface JournalSeen {
  base: TasksSnapshot
  ino: number
  end: number
  head: Buffer
  state: StoreState
}
const journalSeen = new Map<string, JournalSeen>()

/** What a writer needs to know about the list on disk, read inside the lock. */
export interface StoreState {
  /** Base + journal: what every reader sees. */
  snapshot: TasksSnapshot
  base: TasksSnapshot
  baseExists: boolean
  /** The journal as read: null when there is none. */
  journal: {
    ino: number
    /** Bytes on disk, and up to the end of its last whole line (a torn tail lies between). */
    size: number
    end: number
    head: Buffer | null
    applied: number
    /** Lines that apply to no base (left beside a newer base); the revision of the last line. */
    unapplied: number
    lastRevision: number
  } | null
}

function journalError(message: string): TskError {
  return new TskError("corrupt", message, { file: "tasks.journal" })
}

/**
 * Base + journal. The base is cached by its identity (readBase); the journal is read from where
 * this process last stopped when it is still the same file (its first line unchanged), so a
 * long-lived process reads only the lines other processes appended since.
 */
export async function readState(home: string, options: { locked?: boolean } = {}): Promise<StoreState> {
  // A compaction renames the new base in before it removes the journal: a reader that read the old
  // base and then found no journal would see a list older than changes already acknowledged. The
  // base is still the one read after the journal was read, or the read starts again.
  // The same comparison verifies a base read without the schema (see readBase). Each read is a
  // trip to Bun's file threads (~0.3–0.8 ms here): the stamp and the meta, statements about an
  // identity, are read beside the identity, and the content between the two identities.
  const file = homePaths(home).tasks
  for (let attempt = 1; ; attempt++) {
    const [before, stamp, meta] = await Promise.all([readFileIdentity(file), readValidatedStamp(file), readCacheText(metaPath(file))])
    // The last attempt trusts nothing unverified: it returns whatever the identities say after it.
    const read: BaseRead = { before, trust: attempt < 5 && before !== null && stamp === before, unverified: null }
    let state: StoreState
    try {
      state = await readStateOnce(home, options, read)
    } catch (error) {
      // A base read without the schema is not yet known to be the stamped file: one swapped in
      // during the read may be anything, and applying the journal to it may throw. Read again.
      if (read.unverified && (await readFileIdentity(file)) !== before) continue
      throw error
    }
    if ((await readFileIdentity(file)) === before) {
      if (read.unverified) {
        recordBaseMeta(file, read.unverified, before, false, parseBaseMeta(meta))
        remember(file, before, read.unverified)
      }
      return state
    }
    if (attempt >= 5) return state
  }
}

/**
 * One read of the base (readBase). `before`: the identity of tasks.json before it; `trust`: the
 * stamp names that identity. readBase sets
 * `unverified` to a base it read without the schema: it is the stamped file only if the identity
 * after the read is still `before`, which readState checks (and then records it).
 */
interface BaseRead {
  before: string | null
  trust: boolean
  unverified: TasksSnapshot | null
}

async function readStateOnce(home: string, options: { locked?: boolean }, read: BaseRead): Promise<StoreState> {
  const paths = homePaths(home)
  const base = await readBase(home, options, read)
  const baseExists = base !== NO_BASE
  const seen = journalSeen.get(paths.journal)
  if (seen && seen.base === base) {
    const more = readJournalBytes(paths.journal, seen.end)
    // The same file as last time (same inode, same first line, not shorter): read only what follows.
    if (more && more.ino === seen.ino && more.size >= seen.end && startsWith(paths.journal, seen.ino, seen.head)) {
      const previous = seen.state
      const j = previous.journal!
      if (more.size === j.size && more.size === seen.end) return previous
      const scan = scanJournal(more.bytes, seen.end)
      if (scan.corrupt) throw journalError(scan.corrupt)
      const lines = applicableLines(scan.lines, base.revision, previous.snapshot.revision)
      const snapshot = lines.length === 0 ? previous.snapshot : { revision: lines.at(-1)!.revision, tasks: applyLines(previous.snapshot.tasks, lines) }
      const state: StoreState = {
        snapshot,
        base,
        baseExists,
        journal: {
          ino: seen.ino,
          size: scan.size,
          end: scan.end,
          head: j.head,
          applied: j.applied + lines.length,
          unapplied: j.unapplied + scan.lines.length - lines.length,
          lastRevision: scan.lines.at(-1)?.revision ?? j.lastRevision,
        },
      }
      journalSeen.set(paths.journal, { base, ino: seen.ino, end: scan.end, head: seen.head, state })
      return state
    }
  }
  // A writer reads the journal as it appends to it (one descriptor, see tasks-journal.ts); a reader
  // through Bun's file API (see readJournalForReader).
  const whole = options.locked ? readJournalBytes(paths.journal) : await readJournalForReader(paths.journal)
  if (whole === null) {
    journalSeen.delete(paths.journal)
    return { snapshot: base, base, baseExists, journal: null }
  }
  const scan = scanJournal(whole.bytes)
  if (scan.corrupt) throw journalError(scan.corrupt)
  const lines = applicableLines(scan.lines, base.revision)
  const snapshot = lines.length === 0 ? base : { revision: lines.at(-1)!.revision, tasks: applyLines(base.tasks, lines) }
  const state: StoreState = {
    snapshot,
    base,
    baseExists,
    journal: {
      ino: whole.ino,
      size: scan.size,
      end: scan.end,
      head: scan.head,
      applied: lines.length,
      unapplied: scan.lines.length - lines.length,
      lastRevision: scan.lines.at(-1)?.revision ?? 0,
    },
  }
  if (scan.head) journalSeen.set(paths.journal, { base, ino: whole.ino, end: scan.end, head: scan.head, state })
  else journalSeen.delete(paths.journal)
  return state
}

/** `locked`: the caller holds the tasks lock (an ancestor-format file is migrated without taking it). */
export async function readTasks(home: string, options: { locked?: boolean } = {}): Promise<TasksSnapshot> {
  let { snapshot, base, journal } = await readState(home, options)
  // Journal lines beside a tasks.json tsk did not write (see outside-merge.ts): merged first, so
  // a reader never shows the journal laid over an outside edit. Should the lock not come, the
  // list is shown as read and the next change merges.
  if (!options.locked && journal !== null && journal.applied + journal.unapplied > 0 && !metaSaysTskBase(home, base.revision)) {
    try {
      await settleOutsideChanges(home)
      ;({ snapshot } = await readState(home, options))
    } catch (error) {
      if (!(error instanceof TskError && error.kind === "conflict")) throw error
    }
  }
  // The shared empty base is frozen: hand out a list of the caller's own.
  return snapshot === NO_BASE ? { revision: 0, tasks: [] } : snapshot
}

/**
 * `locked`: the caller holds the tasks lock (an ancestor-format file is migrated without taking it).
 * `read`: see BaseRead.
 */
async function readBase(home: string, options: { locked?: boolean }, read: BaseRead): Promise<TasksSnapshot> {
  const { before } = read
  const file = homePaths(home).tasks
  const cached = lastSeen.get(file)
  if (cached && before !== null && cached.identity === before) return cached.snapshot
  if (read.trust) {
    // Trusted only if the path held the stamped file throughout the read: readState compares.
    const trusted = await readTrusted(file)
    if (trusted) return (read.unverified = trusted)
  }
  // No file yet (a new home): nothing to read, and no reason to load the schema to say so.
  if (before === null && statSync(file, { throwIfNoEntry: false }) === undefined) {
    // Missing, not new, when a journal, backups or a copy set aside show there was a list.
    const { listEvidence, missingListError } = await import("./missing-list.ts")
    const evidence = listEvidence(home)
    if (evidence.length > 0) throw missingListError(evidence)
    return NO_BASE
  }
  const canonical = await (await import("./canonical-tasks-read.ts")).readCanonicalTasks(file, before)
  if (canonical) {
    const same = fileIdentity(file) === before
    if (same) recordBaseMeta(file, canonical, before)
    return remember(file, same ? before : null, canonical)
  }
  const { TasksFile } = await import("../domain/task.ts")
  let loaded: Awaited<ReturnType<typeof readJsonFile<typeof TasksFile>>>
  try {
    loaded = await readJsonFile(file, TasksFile, "tasks.json")
  } catch (error) {
    // The ancestor's bare array is migrated (with a backup), never treated as a corrupt file.
    const migrated = error instanceof TskError && error.kind === "corrupt" ? await migrateAncestorFile(home, options.locked === true, serializeTasksFile) : null
    if (migrated) return migrated
    throw error
  }
  if (loaded.status === "missing") return NO_BASE
  const snapshot = { revision: loaded.value.revision, tasks: loaded.value.tasks }
  // Trust later reads only of a file that is exactly what tsk would write: a hand-written file
  // may leave out fields the schema fills in, which a read without the schema would miss.
  // Stamp the identity taken before the read, and only if the path still holds it: a file renamed
  // in while this read validated another one must be validated itself.
  const exact = loaded.text === serializeTasksFile(snapshot)
  if (exact) recordValidatedStamp(file, before)
  const same = fileIdentity(file) === before
  if (same) recordBaseMeta(file, snapshot, before, exact)
  return remember(file, same ? before : null, snapshot)
}

/**
 * The revision written at the head of tasks.json (tsk writes `version` and `revision` first), or
 * null when the file is absent or does not start that way. Reads 128 bytes, so long-lived
 * processes can tell another process's write from their own without reading 10,000 tasks.
 */
export function readHeadRevision(file: string): number | null {
  let fd: number
  try {
    fd = openSync(file, "r")
  } catch {
    return null
  }
  try {
    const head = Buffer.alloc(128)
    const read = readSync(fd, head, 0, head.length, 0)
    const match = /^\{"version":\d+,"revision":(\d+)/.exec(head.subarray(0, read).toString("utf8"))
    return match ? Number(match[1]) : null
  } finally {
    closeSync(fd)
  }
}

/** The file as tsk wrote it: parse only (see validated-stamp.ts). Null if anything looks off. */
async function readTrusted(file: string): Promise<TasksSnapshot | null> {
  try {
    const raw = JSON.parse(await Bun.file(file).text()) as TasksFile
    if (raw.version !== TASKS_FILE_VERSION || !Array.isArray(raw.tasks) || typeof raw.revision !== "number") return null
    return { revision: raw.revision, tasks: raw.tasks }
  } catch {
    return null
  }
}

export function serializeTasksFile(snapshot: TasksSnapshot): string {
  const file: TasksFile = { version: TASKS_FILE_VERSION, revision: snapshot.revision, tasks: snapshot.tasks }
  return JSON.stringify(file) + "\n"
}

export interface MutationOutcome<T> {
  snapshot: TasksSnapshot
  result: T
}

/** The journal is compacted into the base once it outgrows the larger of these. */
export const JOURNAL_MIN_BYTES = 64 * 1024
export const JOURNAL_SHARE_OF_BASE = 1 / 16

export function journalFull(baseBytes: number, journalBytes: number): boolean {
  return journalBytes > Math.max(JOURNAL_MIN_BYTES, baseBytes * JOURNAL_SHARE_OF_BASE)
}

const sizeOf = (identity: string | null) => (identity === null ? 0 : Number(identity.split(":")[1]))

/**
 * Read base + journal inside the lock, for a change. A journal whose lines apply to no base is
 * dealt with first: removed when the base already holds it (a compaction stopped between writing
 * the base and removing the journal: its last revision is below the base's), else set aside as
 * `tasks.journal.stale-<time>` (tasks.json was replaced from outside with another revision) so that
 * `tsk doctor` reports it and nothing acknowledged is deleted.
 */
export async function readForChange(home: string, lock: HeldLock): Promise<StoreState> {
  const paths = homePaths(home)
  const read = contentIdentity(paths.tasks)
  const state = await readState(home, { locked: true })
  const j = state.journal
  // Lines beside a base tsk wrote that apply to nothing are folded in when the base is newer than
  // them all (a compaction stopped before removing them); otherwise they are merged like any
  // outside change (a restored copy of an older base).
  const stray = j !== null && j.applied === 0 && j.unapplied > 0 && j.lastRevision >= state.base.revision
  const outside = state.baseExists && (j === null || j.applied > 0 || j.unapplied > 0) && (stray || !(await isTskBase(home, state)))
  if (outside) {
    // A tasks.json tsk did not write: merged with the journal (outside-merge.ts), or, with no
    // journal, adopted as tsk's own base so that the next journal has a known base.
    const { planOutsideMerge, holdsMerge, writeOutsideMerge } = await outsideMerge()
    const plan = j === null ? null : await planOutsideMerge(home, state)
    if (plan !== null && !holdsMerge(state.base.tasks, plan)) {
      const text = await writeOutsideMerge(home, lock, read, state, plan, "tasks.json", serializeTasksFile)
      afterTasksWrite(home, text, plan.snapshot, foldedJournal(lock, state))
      return readState(home, { locked: true })
    }
    if (plan !== null || j === null) {
      // The file already holds every change of the journal (an export written back, a base whose
      // writer stopped before its backup): adopted as it is, the journal removed as folded in.
      adoptBase(home, lock, read, state, plan?.lines ?? [])
      return readState(home, { locked: true })
    }
  }
  if (!j || j.applied > 0 || j.unapplied === 0) return state
  lockGuard(lock, paths.tasks)()
  if (j.lastRevision < state.base.revision) removeFoldedJournal(home, foldedJournal(lock, state))
  else {
    renameSync(paths.journal, `${paths.journal}.stale-${new Date().toISOString().replace(/[:.]/g, "-")}`)
    fsyncDirSync(paths.home)
  }
  journalSeen.delete(paths.journal)
  return readState(home, { locked: true })
}

/** The meta says tsk wrote the tasks.json on disk now, at `revision` (no read of the file). */
function metaSaysTskBase(home: string, revision: number): boolean {
  const file = homePaths(home).tasks
  const meta = readBaseMeta(file)
  const identity = contentIdentity(file)
  return meta?.written === true && identity !== null && meta.identity === identity && meta.revision === revision
}

/** Merge an outside change of tasks.json (and sync tools' conflict copies) now, under the lock. */
export function settleOutsideChanges(home: string): Promise<void> {
  const paths = homePaths(home)
  return enqueue(paths.tasks, () =>
    withFileLockRetrying(paths.tasks, async (lock) => {
      const state = await readForChange(home, lock)
      await foldSyncCopies(home, lock, state, false)
    }),
  )
}

/**
 * Merge sync tools' conflict copies beside tasks.json into the list (outside-merge.ts) and write
 * it, folding the journal in; with `always`, write even when there is no copy (a compaction).
 * False when nothing was written.
 */
async function foldSyncCopies(home: string, lock: HeldLock, state: StoreState, always: boolean): Promise<boolean> {
  const read = contentIdentity(homePaths(home).tasks)
  const { mergeSyncCopies, setSyncCopiesAside } = await outsideMerge()
  const copies = await mergeSyncCopies(home, lock, read, state.snapshot)
  if (!always && (copies === null || copies.merged.length === 0)) return false
  await writeBase(home, lock, read, state, copies?.merged.length ? copies.snapshot : { revision: state.snapshot.revision + 1, tasks: state.snapshot.tasks })
  if (copies) setSyncCopiesAside(home, copies.merged)
  return true
}

/**
 * Make the tasks.json on disk (read as `read`, a file tsk did not write) tsk's own base without
 * writing it again: a backup of its bytes (the base the next journal is written on) and its meta;
 * then the journal it already holds (`folded`, lines applied) is removed.
 */
function adoptBase(home: string, lock: HeldLock, read: string | null, state: StoreState, folded: readonly JournalLine[]): void {
  const paths = homePaths(home)
  const text = readFileSync(paths.tasks, "utf8")
  const identity = fileIdentity(paths.tasks)
  lockGuard(lock, paths.tasks, read)()
  if (identity === null || contentPart(identity) !== read) throw new LockLostError(lock.path)
  backupVersion(paths.tasks, paths.backups, text, state.base.revision)
  recordFoldedLines(home, folded, state.base.revision, state.base.revision)
  removeFoldedJournal(home, foldedJournal(lock, state))
  journalSeen.delete(paths.journal)
  recordBaseMeta(paths.tasks, state.base, identity, text === serializeTasksFile(state.base), readBaseMeta(paths.tasks), true)
}

/**
 * Is the base in `state` the file tsk last wrote as a base: its meta says so (the usual case, no
 * read), or its bytes are those of the backup tsk made of it (the meta was lost or overwritten by
 * a reader of an older file; recorded again)?
 */
async function isTskBase(home: string, state: StoreState): Promise<boolean> {
  const file = homePaths(home).tasks
  const meta = readBaseMeta(file)
  const identity = fileIdentity(file)
  if (identity === null) return false
  if (meta?.written === true && meta.identity === contentPart(identity) && meta.revision === state.base.revision) return true
  if (!(await outsideMerge()).diskIsTskBase(home, state.base.revision)) return false
  recordBaseMeta(file, state.base, identity, meta?.exact === true && meta.identity === contentPart(identity), meta, true)
  return true
}

/** Throws when the journal is no longer the one `state` read (the guard of a compaction). */
export function journalGuard(path: string, state: StoreState, lock: HeldLock): () => void {
  return () => {
    const now = readJournalStat(path)
    const j = state.journal
    if (j === null ? now !== null : now === null || now.ino !== j.ino || now.size !== j.size) throw new LockLostError(lock.path)
  }
}

function readJournalStat(path: string): { ino: number; size: number } | null {
  try {
    const s = statSync(path)
    return { ino: s.ino, size: s.size }
  } catch {
    return null
  }
}

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
export function appendPlannedLine(home: string, lock: HeldLock, read: string | null, state: StoreState, planned: PlannedLine, tasks: Task[]): TasksSnapshot {
  const paths = homePaths(home)
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
export async function writeChange(home: string, lock: HeldLock, read: string | null, state: StoreState, tasks: Task[]): Promise<TasksSnapshot> {
  const planned = journalLineFor(read, state, tasks)
  if (planned) return appendPlannedLine(home, lock, read, state, planned, tasks)
  return writeBase(home, lock, read, state, { revision: state.snapshot.revision + 1, tasks })
}

/**
 * The journal lines a compaction of `state` folds into the base (its applicable lines), read again
 * only when the journal holds a bridge line at all; what tasks.folded.json needs (folded-lines.ts).
 */
export function foldedLinesOf(home: string, state: StoreState): JournalLine[] {
  const j = state.journal
  if (j === null || j.applied === 0) return []
  const whole = readJournalBytes(homePaths(home).journal)
  if (whole === null || whole.ino !== j.ino) return []
  const bytes = whole.bytes.subarray(0, j.end)
  if (bytes.indexOf(`"${BRIDGE_LINE_PREFIX}`) < 0) return []
  return applicableLines(scanJournal(bytes).lines, state.base.revision)
}

/** The whole base as `snapshot` (a compaction), guarded like a journal line. */
async function writeBase(home: string, lock: HeldLock, read: string | null, state: StoreState, snapshot: TasksSnapshot): Promise<TasksSnapshot> {
  const paths = homePaths(home)
  const text = serializeTasksFile(snapshot)
  const guardBase = lockGuard(lock, paths.tasks, read)
  const guardJournal = journalGuard(paths.journal, state, lock)
  // The bridge lines folded in stay provable after the journal is gone (folded-lines.ts).
  guardBase()
  guardJournal()
  recordFoldedLines(home, foldedLinesOf(home, state), snapshot.revision, state.base.revision)
  await writeFileDurable(paths.tasks, text, () => {
    guardBase()
    guardJournal()
  })
  afterTasksWrite(home, text, snapshot, foldedJournal(lock, state))
  return snapshot
}

/**
 * Was the journal line `id` applied? True when it is in the applicable chain of the base and
 * journal on disk, or a compaction recorded it as folded into a base that is on disk (the base
 * has at least the recorded revision; folded-lines.ts). Throws when that record cannot be read. Call
 * inside the tasks lock. When it was not applied and `fence` is set, a journal on disk is folded
 * in and removed, so that a writer paused between its checks and its write (a runner that lost
 * its lock) can only append to a removed file: the answer "not applied" then stays true.
 */
export async function settleJournalLine(home: string, lock: HeldLock, id: string, fence: boolean): Promise<boolean> {
  const paths = homePaths(home)
  const state = await readForChange(home, lock)
  if (state.journal !== null && state.journal.applied > 0) {
    const whole = readJournalBytes(paths.journal)
    if (whole !== null && whole.ino === state.journal.ino) {
      const lines = applicableLines(scanJournal(whole.bytes.subarray(0, state.journal.end)).lines, state.base.revision)
      if (lines.some((line) => line.id === id)) return true
    }
  }
  // Recorded as folded in: it counts once the base that folds it in is on disk. A record whose
  // base never landed (its writer died first) names a line that lives only in a journal set aside
  // (`tasks.journal.corrupt-*`): not applied, and forgotten so that no later base can make it count.
  const revision = foldedRevision(home, id)
  if (revision !== null) {
    if (state.base.revision >= revision) return true
    forgetFoldedLine(home, id)
  }
  if (fence && state.journal !== null) await writeBase(home, lock, contentIdentity(paths.tasks), state, { revision: state.snapshot.revision + 1, tasks: state.snapshot.tasks })
  return false
}

/**
 * Fold the journal into the base now (the same list, one revision up), so that tools reading
 * tasks.json alone see every change. Long-lived processes call it once the journal has been quiet
 * for a while (see the runner's compaction service). False when there was nothing to fold.
 */
export function compactTasks(home: string): Promise<boolean> {
  const paths = homePaths(home)
  return enqueue(paths.tasks, () =>
    withFileLockRetrying(paths.tasks, async (lock) => {
      const state = await readForChange(home, lock)
      return foldSyncCopies(home, lock, state, state.journal !== null && state.journal.applied > 0)
    }),
  )
}

/**
 * Apply `operation` to the tasks as they are on disk now (base + journal), inside the lock, and
 * write the change durably (see writeChange). If this process was paused until its lock was taken
 * over, or a file is no longer the one it read, nothing is written and the whole
 * read-modify-write runs again on what is on disk then. Returns the new snapshot and the result.
 */
export function mutateTasks<T>(home: string, operation: (tasks: Task[]) => Mutation<T>): Promise<MutationOutcome<T>> {
  const paths = homePaths(home)
  return enqueue(paths.tasks, () => withFileLockRetrying(paths.tasks, (lock) => mutateLocked(home, lock, operation)))
}

async function mutateLocked<T>(home: string, lock: HeldLock, operation: (tasks: Task[]) => Mutation<T>): Promise<MutationOutcome<T>> {
  const paths = homePaths(home)
  const read = contentIdentity(paths.tasks)
  const state = await readForChange(home, lock)
  const current = state.snapshot
  const mutation = operation(current.tasks)
  if (current.tasks.length > 0 && mutation.tasks.length === 0 && !mutation.explicitDelete) {
    throw conflict("refusing to replace a non-empty task list with an empty one; delete tasks explicitly instead")
  }
  const snapshot = await writeChange(home, lock, read, state, mutation.tasks)
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
  home: string,
  lean: (maxOrder: number) => { added: Task[]; result: T },
  full: (tasks: Task[]) => Mutation<T>,
): Promise<AppendOutcome<T>> {
  const paths = homePaths(home)
  return enqueue(paths.tasks, () =>
    withFileLockRetrying(paths.tasks, async (lock) => {
      const quick = appendWithoutList(home, lock, lean)
      if (quick) return { result: quick.result, snapshot: null }
      return mutateLocked(home, lock, full)
    }),
  )
}

/**
 * What a change can build on without parsing tasks.json: the base's meta (its revision and highest
 * order, for this very file) and the journal's lines, all of which apply to it. Null when any of
 * that is not so, or when this process holds the list already (then the usual change is cheap).
 */
interface LeanBase {
  read: string
  meta: BaseMeta
  whole: ReturnType<typeof readJournalBytes>
  scan: ReturnType<typeof scanJournal> | null
  lines: JournalLine[]
  revision: number
  maxOrder: number
}

function leanBase(home: string): LeanBase | null {
  const paths = homePaths(home)
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
function appendLean(home: string, lock: HeldLock, lean: LeanBase, put: Task[]): boolean {
  const paths = homePaths(home)
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

function appendWithoutList<T>(home: string, lock: HeldLock, build: (maxOrder: number) => { added: Task[]; result: T }): { result: T } | null {
  const lean = leanBase(home)
  if (!lean) return null
  const { added, result } = build(lean.maxOrder)
  return appendLean(home, lock, lean, added) ? { result } : null
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
export function changeTask<T>(home: string, id: string, change: (tasks: Task[], orderAbove?: number) => Mutation<T>): Promise<ChangeOutcome<T>> {
  const paths = homePaths(home)
  return enqueue(paths.tasks, () =>
    withFileLockRetrying(paths.tasks, async (lock) => {
      const quick = changeWithoutList(home, lock, id, change)
      if (quick) return quick
      const { snapshot, result } = await mutateLocked(home, lock, (tasks) => change(tasks))
      return { result, tasks: snapshot.tasks }
    }),
  )
}

function changeWithoutList<T>(home: string, lock: HeldLock, id: string, build: (near: Task[], orderAbove: number) => Mutation<T>): ChangeOutcome<T> | null {
  const base = leanBase(home)
  if (!base || base.meta.exact !== true) return null
  const paths = homePaths(home)
  const text = readFileSync(paths.tasks, "utf8")
  if (contentIdentity(paths.tasks) !== base.read) return null
  const near = neighbourhood(text, base.lines, id)
  if (!near) return null
  const mutation = build(near, base.maxOrder)
  const delta = diffTasks(near, mutation.tasks)
  if (!delta || delta.delete.length > 0 || delta.put.length === 0) return null
  return appendLean(home, lock, base, delta.put) ? { result: mutation.result, tasks: mutation.tasks } : null
}

/**
 * The task `id`, its subtasks, its blockers and its next occurrence as base + journal make them,
 * from the base's text; null when that cannot be told without the whole list (the task is not
 * there once, or a journal line touches one of its subtasks or adds one).
 */
function neighbourhood(text: string, lines: readonly JournalLine[], id: string): Task[] | null {
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

/**
 * The highest `order` of a base, beside it (`.tasks.json.meta`), with the base's identity: a new
 * task's order without parsing the base. Only a cache, trusted only for the very file it names.
 */
const metaPath = (file: string) => hiddenBeside(file, ".meta")

interface BaseMeta {
  identity: string
  revision: number
  maxOrder: number
  /** The base is byte for byte what serializeTasksFile writes (see task-text-lookup.ts). */
  exact?: boolean
  /** tsk wrote this very file as a base (outside-merge.ts tells a file it did not write). */
  written?: boolean
}

function readBaseMeta(file: string): BaseMeta | null {
  return parseBaseMeta(readCacheTextSync(metaPath(file)))
}

function parseBaseMeta(text: string | null): BaseMeta | null {
  try {
    const meta = JSON.parse(text ?? "") as BaseMeta
    return typeof meta.identity === "string" && Number.isInteger(meta.revision) && Number.isFinite(meta.maxOrder) ? meta : null
  } catch {
    return null
  }
}

/**
 * Record the meta of `snapshot`, read from (or written as) the file whose identity was `read`, the
 * identity the caller checked, not the path's now (another file may have been renamed in since).
 * `exact`: the base is known to be in tsk's own serialization (tsk wrote it, or a read compared).
 * `known`: the meta on disk now (a reader reads it through Bun's file API).
 */
function recordBaseMeta(file: string, snapshot: TasksSnapshot, read: string | null, exact = false, known = read === null ? null : readBaseMeta(file), written = false): void {
  if (read === null) return
  const identity = contentPart(read)
  // Already recorded for this very file (every read after the write that made it).
  const same = known !== null && known.identity === identity && known.revision === snapshot.revision
  if (same && (known.exact === true || !exact) && (known.written === true || !written)) return
  const text = JSON.stringify({ identity, revision: snapshot.revision, maxOrder: maxOrderOf(snapshot.tasks), exact: exact || (same && known.exact === true), written: written || (same && known.written === true) } satisfies BaseMeta)
  const target = metaPath(file)
  const temp = `${target}.tmp-${process.pid}-${newLineId()}`
  try {
    writeFileSync(temp, text, { mode: 0o600 })
    renameSync(temp, target)
  } catch {
    // A cache that cannot be written only means the next add reads the list.
  }
}

/** The journal a writer read inside its lock (null: there was none), to remove once folded in. */
export interface FoldedJournal {
  lock: HeldLock
  journal: { ino: number; size: number } | null
}

/** What a writer holding `lock` read of the journal in `state`. */
export function foldedJournal(lock: HeldLock, state: StoreState): FoldedJournal {
  return { lock, journal: state.journal && { ino: state.journal.ino, size: state.journal.size } }
}

/**
 * Remove the journal that `folded` read, now that a base holding its lines is in place, and never
 * another one: a writer paused past its lock's takeover must not delete the journal the new holder
 * appended to (and acknowledged). Lines left behind apply to nothing and the next writer removes
 * them. The journal is moved to a unique name first and put back (a link never overwrites) when
 * what moved is not the file read; if a newer one appeared meanwhile, it is set aside as stale.
 */
function removeFoldedJournal(home: string, folded: FoldedJournal): void {
  const paths = homePaths(home)
  const expected = folded.journal
  if (expected === null || !folded.lock.stillHeld()) return
  const aside = `${paths.journal}.folded-${newLineId()}`
  try {
    renameSync(paths.journal, aside)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return
    throw error
  }
  const moved = statSync(aside)
  if (moved.ino === expected.ino && moved.size === expected.size) unlinkSync(aside)
  else {
    try {
      linkSync(aside, paths.journal)
      unlinkSync(aside)
    } catch {
      renameSync(aside, `${paths.journal}.stale-${new Date().toISOString().replace(/[:.]/g, "-")}`)
    }
  }
  fsyncDirSync(paths.home)
}

/**
 * What follows every write of the whole base: a backup copy of it, the journal it folded in removed
 * (see removeFoldedJournal; its removal is made durable), the stamp, the highest order, the cache.
 */
export function afterTasksWrite(home: string, text: string, snapshot: TasksSnapshot, folded: FoldedJournal): void {
  const paths = homePaths(home)
  backupVersion(paths.tasks, paths.backups, text, snapshot.revision)
  removeFoldedJournal(home, folded)
  journalSeen.delete(paths.journal)
  const identity = fileIdentity(paths.tasks)
  recordValidatedStamp(paths.tasks, identity)
  if (identity !== null && fileIdentity(paths.tasks) === identity) recordBaseMeta(paths.tasks, snapshot, identity, true, undefined, true)
  remember(paths.tasks, identity, snapshot)
}
