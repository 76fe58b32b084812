// A batch of task commands as one locked read-modify-write of the task list, with the same rules as
// every store action (re-read base + journal inside the lock, revision bump, guarded durable
// write), plus one step the runner's journal needs: `prepare` durably records what will decide,
// after a crash, whether the batch was applied, and only then is the change written.
//   - Usually the change is one tasks.journal line (one fsynced append) whose id is random
//     (`bridge-…`): `prepare` records the id; the batch was applied exactly when that line is in the
//     journal's applicable chain or a compaction recorded it as folded in (folded-lines.ts).
//   - When the change must be the whole base (the journal is full, or the change is a reordering),
//     the new content is written to a temp file of our own naming, `prepare` records that name, and
//     only then is it renamed over tasks.json (a compaction: the backup of it, the journal removed).
// See runner-journal.ts for why either makes a crash decidable.
import { renameSync } from "node:fs"
import { readdir, rm } from "node:fs/promises"
import { randomUUID } from "node:crypto"
import { join } from "node:path"
import { homePaths } from "./paths.ts"
import {
  afterTasksWrite,
  appendPlannedLine,
  foldedJournal,
  foldedLinesOf,
  journalGuard,
  journalLineFor,
  readForChange,
  serializeTasksFile,
  settleJournalLine,
  type TasksSnapshot,
} from "./tasks-repository.ts"
import { newBridgeLineId, recordFoldedLines } from "./folded-lines.ts"
import { lockGuard, withFileLock } from "./file-lock.ts"
import { contentIdentity } from "./file-identity.ts"
import { enqueue } from "./serial-queue.ts"
import { fsyncDirSync, writeTempFileSync } from "./atomic-file.ts"
import type { Task } from "../domain/task.ts"

const TEMP_PREFIX = "tasks.json.bridge-"

export interface TaskBatchWork<T> {
  value: T
  /** The new list, or null when the batch changed nothing (then nothing is written). */
  tasks: Task[] | null
}

export interface TaskBatchOutcome<T> {
  value: T
  /** The snapshot written, or null when nothing changed. */
  written: TasksSnapshot | null
}

/** What `prepare` records: the journal line's id, or the temp file's name (see the top). */
export type BatchEvidence = { line: string } | { temp: string }

export function runTaskBatch<T>(
  home: string,
  work: (current: TasksSnapshot) => Promise<TaskBatchWork<T>>,
  prepare: (evidence: BatchEvidence) => Promise<void>,
): Promise<TaskBatchOutcome<T>> {
  const paths = homePaths(home)
  return enqueue(paths.tasks, () =>
    withFileLock(paths.tasks, async (lock) => {
      const read = contentIdentity(paths.tasks)
      const state = await readForChange(paths, lock)
      const current = state.snapshot
      const { value, tasks } = await work(current)
      if (tasks === null) return { value, written: null }
      const planned = journalLineFor(read, state, tasks, newBridgeLineId())
      if (planned) {
        await prepare({ line: planned.line.id })
        // From here on the line decides: appended means applied (see settleBatchLine).
        return { value, written: appendPlannedLine(paths, lock, read, state, planned, tasks) }
      }
      const written: TasksSnapshot = { revision: current.revision + 1, tasks }
      const tempName = `${TEMP_PREFIX}${randomUUID()}.tmp`
      const temp = join(home, tempName)
      const content = serializeTasksFile(written)
      writeTempFileSync(temp, content)
      // From here on the temp file is the journal's evidence: only recovery may delete it.
      await prepare({ temp: tempName })
      // Guarded like every tasks.json write: a runner paused past the lock's stale time leaves the
      // temp file (the journal then reads the batch as not applied and runs it again).
      lockGuard(lock, paths.tasks, read)()
      journalGuard(paths.journal, state, lock)()
      // The bridge lines this base folds in stay provable once the journal is gone.
      recordFoldedLines(home, foldedLinesOf(paths, state), written.revision, state.base.revision)
      // Again right before the rename: the record's write may have been where this process paused.
      lockGuard(lock, paths.tasks, read)()
      journalGuard(paths.journal, state, lock)()
      renameSync(temp, paths.tasks)
      fsyncDirSync(home)
      afterTasksWrite(paths, content, written, foldedJournal(lock, state))
      return { value, written }
    }),
  )
}

/**
 * Remove batch temp files no journal refers to (a runner killed between writing one and
 * journaling it). Run by a new runner before its first pass, under the tasks.json lock.
 */
export function removeUnjournaledTemps(home: string, journaled: string | null): Promise<number> {
  const tasksFile = homePaths(home).tasks
  return enqueue(tasksFile, () =>
    withFileLock(tasksFile, async () => {
      const orphans = (await readdir(home)).filter((name) => name.startsWith(TEMP_PREFIX) && name.endsWith(".tmp") && name !== journaled)
      for (const name of orphans) await rm(join(home, name), { force: true })
      return orphans.length
    }),
  )
}

/**
 * Was the batch whose journal line is `id` applied? Asked by a runner recovering from a crash, or
 * whose append failed, under the tasks lock. A batch found not applied can no longer become
 * applied (see settleJournalLine's fence), so it may run again.
 */
export function settleBatchLine(home: string, id: string): Promise<boolean> {
  const paths = homePaths(home)
  return enqueue(paths.tasks, () => withFileLock(paths.tasks, (lock) => settleJournalLine(paths, lock, id, true)))
}
