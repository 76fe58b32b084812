// Writing the whole base (compaction) and what a writer settles inside the lock before a change:
// a journal left beside a newer base, a tasks.json tsk did not write (merged: outside-merge.ts),
// sync tools' conflict copies. After every base write: its backup, the folded journal removed,
// the stamp and the meta.
import { linkSync, readFileSync, renameSync, statSync, unlinkSync } from "node:fs"
import { hiddenBeside, pathsOf, type HomePaths } from "./paths.ts"
import { recordValidatedStamp } from "./validated-stamp.ts"
import { contentIdentity, contentPart, fileIdentity, readFileIdentity } from "./file-identity.ts"
import { readCacheText } from "./bun-files.ts"
import { writeFileDurable } from "./durable-file.ts"
import { lockGuard, withFileLockRetrying } from "./file-lock.ts"
import { backupVersion } from "./backups.ts"
import { enqueue } from "./serial-queue.ts"
import { fsyncDirSync } from "./durable-file.ts"
import { LockLostError, type HeldLock } from "./lock-context.ts"
import { applicableLines, newLineId, readJournalBytes, scanJournal, type JournalLine } from "./tasks-journal.ts"
import { BRIDGE_LINE_PREFIX, foldedRevision, forgetFoldedLine, recordFoldedLines } from "./folded-lines.ts"
import { type StoreState, type TasksSnapshot, journalSeen, parseBaseMeta, readBaseMeta, recordBaseMeta, remember, serializeTasksFile } from "./tasks-cache.ts"
import { readState } from "./tasks-read.ts"

// Loaded only when tasks.json is not the file tsk wrote, or by a compaction (outside-merge.ts).
export const outsideMerge = () => import("./outside-merge.ts")

/**
 * Read base + journal inside the lock, for a change. A tasks.json tsk did not write is dealt with
 * first: merged with the journal, or adopted as tsk's base (outside-merge.ts). Then a journal whose
 * lines apply to no base is removed when the base tsk wrote already holds it (a compaction stopped
 * between writing the base and removing the journal: its last revision is below the base's); lines
 * that form no chain at all are set aside as `tasks.journal.stale-<time>`, which `tsk doctor` names.
 */
export async function readForChange(paths: HomePaths, lock: HeldLock): Promise<StoreState> {
  const read = contentIdentity(paths.tasks)
  const state = await readState(paths, { locked: true })
  const j = state.journal
  // Lines beside a base tsk wrote that apply to nothing are folded in when the base is newer than
  // them all (a compaction stopped before removing them); otherwise they are merged like any
  // outside change (a restored copy of an older base).
  const stray = j !== null && j.applied === 0 && j.unapplied > 0 && j.lastRevision >= state.base.revision
  const outside = state.baseExists && (j === null || j.applied > 0 || j.unapplied > 0) && (stray || !(await isTskBase(paths, state)))
  if (outside) {
    // A tasks.json tsk did not write: merged with the journal (outside-merge.ts), or, with no
    // journal, adopted as tsk's own base so that the next journal has a known base.
    const { planOutsideMerge, holdsMerge, writeOutsideMerge } = await outsideMerge()
    const plan = j === null ? null : await planOutsideMerge(paths, state)
    if (plan !== null && !holdsMerge(state.base.tasks, plan)) {
      const text = await writeOutsideMerge(paths, lock, read, state, plan, "tasks.json", serializeTasksFile)
      afterTasksWrite(paths, text, plan.snapshot, foldedJournal(lock, state))
      return readState(paths, { locked: true })
    }
    if (plan !== null || j === null) {
      // The file already holds every change of the journal (an export written back, a base whose
      // writer stopped before its backup): adopted as it is, the journal removed as folded in.
      adoptBase(paths, lock, read, state, plan?.lines ?? [])
      return readState(paths, { locked: true })
    }
  }
  if (!j || j.applied > 0 || j.unapplied === 0) return state
  lockGuard(lock, paths.tasks)()
  if (j.lastRevision < state.base.revision) removeFoldedJournal(paths, foldedJournal(lock, state))
  else {
    renameSync(paths.journal, `${paths.journal}.stale-${new Date().toISOString().replace(/[:.]/g, "-")}`)
    fsyncDirSync(paths.home)
  }
  journalSeen.delete(paths.journal)
  return readState(paths, { locked: true })
}

/** The meta says tsk wrote the tasks.json on disk now, at `revision` (no read of the file). */
export async function metaSaysTskBase(paths: HomePaths, revision: number): Promise<boolean> {
  // Through Bun's file API, as every read of a listing (see bun-files.ts): no node:fs.
  const file = paths.tasks
  const [text, identity] = await Promise.all([readCacheText(hiddenBeside(file, ".meta")), readFileIdentity(file)])
  const meta = parseBaseMeta(text)
  return meta?.written === true && identity !== null && meta.identity === contentPart(identity) && meta.revision === revision
}

/** Merge an outside change of tasks.json (and sync tools' conflict copies) now, under the lock. */
export function settleOutsideChanges(home: string | HomePaths): Promise<void> {
  const paths = pathsOf(home)
  return enqueue(paths.tasks, () =>
    withFileLockRetrying(paths.tasks, async (lock) => {
      const state = await readForChange(paths, lock)
      await foldSyncCopies(paths, lock, state, false)
    }),
  )
}

/**
 * Merge sync tools' conflict copies beside tasks.json into the list (outside-merge.ts) and write
 * it, folding the journal in; with `always`, write even when there is no copy (a compaction).
 * False when nothing was written.
 */
export async function foldSyncCopies(paths: HomePaths, lock: HeldLock, state: StoreState, always: boolean): Promise<boolean> {
  const read = contentIdentity(paths.tasks)
  const { mergeSyncCopies, setSyncCopiesAside } = await outsideMerge()
  const copies = await mergeSyncCopies(paths, lock, read, state.snapshot)
  if (!always && (copies === null || copies.merged.length === 0)) return false
  await writeBase(paths, lock, read, state, copies?.merged.length ? copies.snapshot : { revision: state.snapshot.revision + 1, tasks: state.snapshot.tasks })
  if (copies) setSyncCopiesAside(paths, copies.merged)
  return true
}

/**
 * Make the tasks.json on disk (read as `read`, a file tsk did not write) tsk's own base without
 * writing it again: a backup of its bytes (the base the next journal is written on) and its meta;
 * then the journal it already holds (`folded`, lines applied) is removed.
 */
export function adoptBase(paths: HomePaths, lock: HeldLock, read: string | null, state: StoreState, folded: readonly JournalLine[]): void {
  const text = readFileSync(paths.tasks, "utf8")
  const identity = fileIdentity(paths.tasks)
  lockGuard(lock, paths.tasks, read)()
  if (identity === null || contentPart(identity) !== read) throw new LockLostError(lock.path)
  backupVersion(paths.tasks, paths.backups, text, state.base.revision)
  recordFoldedLines(paths.home, folded, state.base.revision, state.base.revision)
  removeFoldedJournal(paths, foldedJournal(lock, state))
  journalSeen.delete(paths.journal)
  recordBaseMeta(paths.tasks, state.base, identity, text === serializeTasksFile(state.base), readBaseMeta(paths.tasks), true)
}

/**
 * Is the base in `state` the file tsk last wrote as a base: its meta says so (the usual case, no
 * read), or its bytes are those of the backup tsk made of it (the meta was lost or overwritten by
 * a reader of an older file; recorded again)?
 */
export async function isTskBase(paths: HomePaths, state: StoreState): Promise<boolean> {
  const file = paths.tasks
  const meta = readBaseMeta(file)
  const identity = fileIdentity(file)
  if (identity === null) return false
  if (meta?.written === true && meta.identity === contentPart(identity) && meta.revision === state.base.revision) return true
  if (!(await outsideMerge()).diskIsTskBase(paths, state.base.revision)) return false
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

export function readJournalStat(path: string): { ino: number; size: number } | null {
  try {
    const s = statSync(path)
    return { ino: s.ino, size: s.size }
  } catch {
    return null
  }
}

/**
 * The journal lines a compaction of `state` folds into the base (its applicable lines), read again
 * only when the journal holds a bridge line at all; what tasks.folded.json needs (folded-lines.ts).
 */
export function foldedLinesOf(paths: HomePaths, state: StoreState): JournalLine[] {
  const j = state.journal
  if (j === null || j.applied === 0) return []
  const whole = readJournalBytes(paths.journal)
  if (whole === null || whole.ino !== j.ino) return []
  const bytes = whole.bytes.subarray(0, j.end)
  if (bytes.indexOf(`"${BRIDGE_LINE_PREFIX}`) < 0) return []
  return applicableLines(scanJournal(bytes).lines, state.base.revision)
}

/** The whole base as `snapshot` (a compaction), guarded like a journal line. */
export async function writeBase(paths: HomePaths, lock: HeldLock, read: string | null, state: StoreState, snapshot: TasksSnapshot): Promise<TasksSnapshot> {
  const text = serializeTasksFile(snapshot)
  const guardBase = lockGuard(lock, paths.tasks, read)
  const guardJournal = journalGuard(paths.journal, state, lock)
  // The bridge lines folded in stay provable after the journal is gone (folded-lines.ts).
  guardBase()
  guardJournal()
  recordFoldedLines(paths.home, foldedLinesOf(paths, state), snapshot.revision, state.base.revision)
  await writeFileDurable(paths.tasks, text, () => {
    guardBase()
    guardJournal()
  })
  afterTasksWrite(paths, text, snapshot, foldedJournal(lock, state))
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
export async function settleJournalLine(paths: HomePaths, lock: HeldLock, id: string, fence: boolean): Promise<boolean> {
  const state = await readForChange(paths, lock)
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
  const revision = foldedRevision(paths.home, id)
  if (revision !== null) {
    if (state.base.revision >= revision) return true
    forgetFoldedLine(paths.home, id)
  }
  if (fence && state.journal !== null) await writeBase(paths, lock, contentIdentity(paths.tasks), state, { revision: state.snapshot.revision + 1, tasks: state.snapshot.tasks })
  return false
}

/**
 * Fold the journal into the base now (the same list, one revision up), so that tools reading
 * tasks.json alone see every change. Long-lived processes call it once the journal has been quiet
 * for a while (see the runner's compaction service). False when there was nothing to fold.
 */
export function compactTasks(home: string | HomePaths): Promise<boolean> {
  const paths = pathsOf(home)
  return enqueue(paths.tasks, () =>
    withFileLockRetrying(paths.tasks, async (lock) => {
      const state = await readForChange(paths, lock)
      return foldSyncCopies(paths, lock, state, state.journal !== null && state.journal.applied > 0)
    }),
  )
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
export function removeFoldedJournal(paths: HomePaths, folded: FoldedJournal): void {
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
export function afterTasksWrite(paths: HomePaths, text: string, snapshot: TasksSnapshot, folded: FoldedJournal): void {
  backupVersion(paths.tasks, paths.backups, text, snapshot.revision)
  removeFoldedJournal(paths, folded)
  journalSeen.delete(paths.journal)
  const identity = fileIdentity(paths.tasks)
  recordValidatedStamp(paths.tasks, identity)
  if (identity !== null && fileIdentity(paths.tasks) === identity) recordBaseMeta(paths.tasks, snapshot, identity, true, undefined, true)
  remember(paths.tasks, identity, snapshot)
}
