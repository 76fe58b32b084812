// Outside changes are merged, never dropped. tasks.journal holds changes acknowledged on top of
// one base, the tasks.json tsk last wrote in full (a copy of every such base is in backups/).
// When tasks.json is another file (a git pull, a sync tool, a copy restored by hand, an edit with
// jq or an editor: any file whose bytes are not that base), the journal's changes are merged with
// it per task and per field against that base (domain/task-merge.ts), never laid over it and never
// thrown away as "already folded in": the merged list is written as a new base one revision above
// everything seen, with what the merge could not keep in conflicts.json (conflicts-store.ts).
// Conflict copies that sync tools leave beside tasks.json (Syncthing's
// `tasks.sync-conflict-*.json`, Dropbox's `tasks (… conflicted copy …).json`) are merged the same
// way, without a known base (nothing in either is lost; see mergeSyncCopies), and moved into
// backups/ so they are merged once.
//
// Steps and crashes: the conflicts are recorded first, then the base is written (durably, guarded
// like every base write), then the journal it folds in is removed and the backup made. A crash
// between any two steps leaves a base tsk has no backup of beside the journal: the next command
// merges again, which gives the same list (the merged file already holds both sides) and records
// nothing twice.
import { readdirSync, readFileSync, renameSync } from "node:fs"
import { basename, join } from "node:path"
import type { HomePaths } from "./paths.ts"
import { listBackups } from "./backups.ts"
import { addConflicts, conflictRecords } from "./conflicts-store.ts"
import { ensureDirSync, fsyncDirSync, parseJsonText, writeFileDurable } from "./durable-file.ts"
import { lockGuard } from "./file-lock.ts"
import { recordFoldedLines } from "./folded-lines.ts"
import type { HeldLock } from "./lock-context.ts"
import { applicableLines, applyLines, readJournalBytes, scanJournal, type JournalLine } from "./tasks-journal.ts"
import type { StoreState, TasksSnapshot } from "./tasks-repository.ts"
import { mergeTaskLists, stableJson, type TaskMergeResult } from "../domain/task-merge.ts"
import type { Task } from "../domain/task.ts"

/** The revision in a backup's name (`tasks.json.<ms>-<revision>-<random>.bak`), or null. */
function backupRevision(path: string): number | null {
  const match = /\.\d+-(\d+)-[0-9a-f]+\.bak$/.exec(path)
  return match ? Number(match[1]) : null
}

/** The backups of tasks.json tsk wrote at `revision`, newest first. */
function backupsAt(paths: HomePaths, revision: number): string[] {
  return listBackups(paths.tasks, paths.backups).filter((b) => backupRevision(b) === revision)
}

function readBytes(path: string): Buffer | null {
  try {
    return readFileSync(path)
  } catch {
    return null
  }
}

/** Is the tasks.json on disk, at `revision`, byte for byte a base tsk wrote (a backup of it)? */
export function diskIsTskBase(paths: HomePaths, revision: number): boolean {
  const disk = readBytes(paths.tasks)
  if (disk === null) return false
  return backupsAt(paths, revision).some((backup) => readBytes(backup)?.equals(disk) === true)
}

/** The base tsk wrote at `revision`, from its backup; null when no valid copy is kept. */
async function tskBaseAt(paths: HomePaths, revision: number): Promise<Task[] | null> {
  const { TasksFile } = await import("../domain/task.ts")
  for (const backup of backupsAt(paths, revision)) {
    try {
      const value = parseJsonText(readFileSync(backup, "utf8"), TasksFile, basename(backup))
      if (value.revision === revision) return value.tasks
    } catch {
      // a torn backup: try the next one
    }
  }
  return null
}

/** The journal's lines that form a chain on the base they were written on (the last line's). */
export function journalChain(paths: HomePaths): { base: number; lines: JournalLine[]; highest: number } | null {
  const whole = readJournalBytes(paths.journal)
  if (whole === null) return null
  const scan = scanJournal(whole.bytes)
  if (scan.corrupt !== null || scan.lines.length === 0) return null
  const base = scan.lines.at(-1)!.base
  const lines = applicableLines(scan.lines, base)
  const highest = scan.lines.reduce((max, line) => Math.max(max, line.revision), 0)
  return lines.length === 0 ? null : { base, lines, highest }
}

export interface OutsideMerge {
  snapshot: TasksSnapshot
  /** The journal lines folded in (their bridge lines must stay provable: folded-lines.ts). */
  lines: JournalLine[]
  merge: TaskMergeResult
  /** The base the journal was written on was found among the backups. */
  baseKnown: boolean
}

/**
 * The journal's changes merged with the tasks.json on disk (`state.base`, a file tsk did not
 * write) against the base they were written on. Without a copy of that base (backups/ emptied by
 * hand) the journal's changes are laid over the file, as the only record of them there is.
 */
export async function planOutsideMerge(paths: HomePaths, state: StoreState): Promise<OutsideMerge | null> {
  const chain = journalChain(paths)
  if (chain === null) return null
  const base = await tskBaseAt(paths, chain.base)
  const theirs = state.base.tasks
  const start = base ?? theirs
  const ours = applyLines(start, chain.lines)
  const merge = mergeTaskLists(start, ours, theirs)
  const revision = Math.max(state.base.revision, chain.highest) + 1
  return { snapshot: { revision, tasks: merge.tasks }, lines: chain.lines, merge, baseKnown: base !== null }
}

/** The tasks on disk are the merge's result, and the merge lost nothing. */
export function holdsMerge(disk: readonly Task[], plan: OutsideMerge): boolean {
  return plan.merge.conflicts.length === 0 && plan.merge.dropped.length === 0 && stableJson(disk) === stableJson(plan.snapshot.tasks)
}

/**
 * Record what `plan` could not keep, then write its base (guarded: the lock is still held and
 * tasks.json is still `read`). The caller then removes the journal (afterTasksWrite).
 */
export async function writeOutsideMerge(paths: HomePaths, lock: HeldLock, read: string | null, state: StoreState, plan: OutsideMerge, source: string, serialize: (s: TasksSnapshot) => string): Promise<string> {
  const guard = lockGuard(lock, paths.tasks, read)
  const byId = new Map(plan.snapshot.tasks.map((t) => [t.id, t]))
  guard()
  await addConflicts(paths.home, conflictRecords(source, plan.merge.conflicts, plan.merge.dropped, byId), guard)
  recordFoldedLines(paths.home, plan.lines, plan.snapshot.revision, state.base.revision)
  const text = serialize(plan.snapshot)
  await writeFileDurable(paths.tasks, text, guard)
  return text
}

const SYNC_COPY = [/^tasks\.sync-conflict-.*\.json$/, /^tasks \(.*conflicted copy.*\)\.json$/i]

/** Conflict copies of tasks.json that sync tools left in the home, oldest name first. */
export function syncCopies(home: string): string[] {
  let names: string[]
  try {
    names = readdirSync(home)
  } catch {
    return []
  }
  return names.filter((name) => SYNC_COPY.some((re) => re.test(name))).sort()
}

export interface SyncCopyMerge {
  snapshot: TasksSnapshot
  merged: string[]
  /** Copies that are not a valid tasks file: left where they are, named by doctor. */
  unreadable: string[]
}

/**
 * Merge each conflict copy into `current`. A copy comes from another device whose history is not
 * known here, so it is merged without a base: a task in either is kept, a field that differs takes
 * the later edit and the other value becomes a conflict record (a task deleted on one side only
 * comes back: nothing is lost). Null when there is no copy to merge.
 */
export async function mergeSyncCopies(paths: HomePaths, lock: HeldLock, read: string | null, current: TasksSnapshot): Promise<SyncCopyMerge | null> {
  const names = syncCopies(paths.home)
  if (names.length === 0) return null
  const { TasksFile } = await import("../domain/task.ts")
  const guard = lockGuard(lock, paths.tasks, read)
  let tasks = current.tasks
  let revision = current.revision
  const merged: string[] = []
  const unreadable: string[] = []
  for (const name of names) {
    let copy: { revision: number; tasks: Task[] }
    try {
      copy = parseJsonText(readFileSync(join(paths.home, name), "utf8"), TasksFile, name)
    } catch {
      unreadable.push(name)
      continue
    }
    const merge = mergeTaskLists([], tasks, copy.tasks)
    const byId = new Map(merge.tasks.map((t) => [t.id, t]))
    guard()
    await addConflicts(paths.home, conflictRecords(name, merge.conflicts, merge.dropped, byId), guard)
    tasks = merge.tasks
    revision = Math.max(revision, copy.revision)
    merged.push(name)
  }
  if (merged.length === 0) return { snapshot: current, merged, unreadable }
  return { snapshot: { revision: revision + 1, tasks }, merged, unreadable }
}

/** Move merged conflict copies into backups/ (after the base holding them is written). */
export function setSyncCopiesAside(paths: HomePaths, names: readonly string[]): void {
  if (names.length === 0) return
  ensureDirSync(paths.backups)
  const stamp = new Date().toISOString().replace(/[:.]/g, "-")
  for (const name of names) renameSync(join(paths.home, name), join(paths.backups, `merged-${stamp}-${name}`))
  fsyncDirSync(paths.home)
}
