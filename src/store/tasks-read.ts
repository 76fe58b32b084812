// Reading the task list: tasks.json (the base, validated on read, or trusted by its stamp) plus
// tasks.journal (the changes since, see tasks-journal.ts). Every reader sees base + journal; its
// revision is the journal's last one. A tasks.json tsk did not write beside a journal is merged
// first (tasks-compaction.ts, outside-merge.ts).
import { closeSync, lstatSync, openSync, readSync } from "node:fs"
import { homePaths } from "./paths.ts"
import { readCacheText } from "./bun-files.ts"
import { readValidatedStamp, recordValidatedStamp } from "./validated-stamp.ts"
import { fileIdentity, notRegularFile, readFileIdentity, readRegularFileIdentity } from "./file-identity.ts"
import { MAX_STATE_FILE_BYTES, readRegularFileSync } from "./regular-file.ts"
import { parseJsonText } from "./durable-file.ts"
import type { TasksFile } from "../domain/task.ts"
import { TASKS_FILE_VERSION } from "../domain/task-constants.ts"
import { TskError } from "../domain/errors.ts"
import { migrateAncestorFile } from "./ancestor-file.ts"
import { applicableLines, applyLines, readJournalBytes, readJournalForReader, scanJournal, startsWith } from "./tasks-journal.ts"
// Loaded only when tasks.json is not the file tsk wrote, or by a compaction (outside-merge.ts).
import { NO_BASE, type StoreState, type TasksSnapshot, journalError, journalSeen, lastSeen, metaPath, parseBaseMeta, recordBaseMeta, remember, serializeTasksFile } from "./tasks-cache.ts"
import { metaSaysTskBase, settleOutsideChanges } from "./tasks-compaction.ts"

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
    const [before, stamp, meta] = await Promise.all([readRegularFileIdentity(file), readValidatedStamp(file), readCacheText(metaPath(file))])
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
export interface BaseRead {
  before: string | null
  trust: boolean
  unverified: TasksSnapshot | null
}

export async function readStateOnce(home: string, options: { locked?: boolean }, read: BaseRead): Promise<StoreState> {
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
  if (!options.locked && journal !== null && journal.applied + journal.unapplied > 0 && !(await metaSaysTskBase(home, base.revision))) {
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
export async function readBase(home: string, options: { locked?: boolean }, read: BaseRead): Promise<TasksSnapshot> {
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
  if (before === null && lstatSync(file, { throwIfNoEntry: false }) === undefined) {
    // Missing, not new, when a journal, backups or a copy set aside show there was a list.
    const { listEvidence, missingListError } = await import("./missing-list.ts")
    const evidence = listEvidence(home)
    if (evidence.length > 0) throw missingListError(evidence)
    return NO_BASE
  }
  // An identity tsk does not know: the file is read without blocking or following a link, since
  // the stat above follows one (see regular-file.ts).
  const text = readListText(file)
  if (text === null) return NO_BASE
  const canonical = await (await import("./canonical-tasks-read.ts")).readCanonicalTasks(file, text, before)
  if (canonical) {
    const same = fileIdentity(file) === before
    if (same) recordBaseMeta(file, canonical, before)
    return remember(file, same ? before : null, canonical)
  }
  const { TasksFile } = await import("../domain/task.ts")
  let value: TasksFile
  try {
    value = parseJsonText(text, TasksFile, "tasks.json")
  } catch (error) {
    // The ancestor's bare array is migrated (with a backup), never treated as a corrupt file.
    const migrated = error instanceof TskError && error.kind === "corrupt" ? await migrateAncestorFile(home, options.locked === true, serializeTasksFile) : null
    if (migrated) return migrated
    throw error
  }
  const loaded = { value, text }
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

/** The text of tasks.json, null when there is none; an odd file there is an `io` error naming it. */
function readListText(file: string): string | null {
  let read: ReturnType<typeof readRegularFileSync>
  try {
    read = readRegularFileSync(file, MAX_STATE_FILE_BYTES)
  } catch (error) {
    throw new TskError("io", `cannot read tasks.json: ${(error as NodeJS.ErrnoException).code ?? "error"}`, { file })
  }
  if (read.kind === "missing") return null
  if (read.kind === "odd") throw notRegularFile(file, read.reason.replace(/^is /, "").replace(/, not a regular file$/, ""))
  return read.bytes.toString("utf8")
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
export async function readTrusted(file: string): Promise<TasksSnapshot | null> {
  try {
    const raw = JSON.parse(await Bun.file(file).text()) as TasksFile
    if (raw.version !== TASKS_FILE_VERSION || !Array.isArray(raw.tasks) || typeof raw.revision !== "number") return null
    return { revision: raw.revision, tasks: raw.tasks }
  } catch {
    return null
  }
}
