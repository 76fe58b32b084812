// tasks.json on disk: validated reads, and read-modify-write inside the cross-process lock with
// the re-read on disk, a revision bump, a backup of the previous good version, the no-wipe rule
// and a durable atomic write. A file that fails to validate is never written over.
import { readFile } from "node:fs/promises"
import { closeSync, openSync, readSync } from "node:fs"
import { homePaths } from "./paths.ts"
import { isValidatedStamp, recordValidatedStamp } from "./validated-stamp.ts"
import { contentIdentity, fileIdentity } from "./file-identity.ts"
import { readJsonFile, writeFileDurable } from "./durable-file.ts"
import { lockGuard, withFileLockRetrying } from "./file-lock.ts"
import { backupVersion } from "./backups.ts"
import { enqueue } from "./serial-queue.ts"
import type { Task, TasksFile } from "../domain/task.ts"
import { TASKS_FILE_VERSION } from "../domain/task-constants.ts"
import type { Mutation } from "../domain/task-operations.ts"
import { conflict, TskError } from "../domain/errors.ts"
import { migrateAncestorFile } from "./ancestor-file.ts"

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

/** `locked`: the caller holds the tasks lock (an ancestor-format file is migrated without taking it). */
export async function readTasks(home: string, options: { locked?: boolean } = {}): Promise<TasksSnapshot> {
  const file = homePaths(home).tasks
  const before = fileIdentity(file)
  const cached = lastSeen.get(file)
  if (cached && before !== null && cached.identity === before) return cached.snapshot
  if (isValidatedStamp(file, before)) {
    const trusted = await readTrusted(file)
    // Trusted only if the path held the stamped file throughout the read.
    if (trusted && fileIdentity(file) === before) return remember(file, before, trusted)
  }
  const canonical = await (await import("./canonical-tasks-read.ts")).readCanonicalTasks(file, before)
  if (canonical) return remember(file, fileIdentity(file) === before ? before : null, canonical)
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
  if (loaded.status === "missing") return { revision: 0, tasks: [] }
  const snapshot = { revision: loaded.value.revision, tasks: loaded.value.tasks }
  // Trust later reads only of a file that is exactly what tsk would write: a hand-written file
  // may leave out fields the schema fills in, which a read without the schema would miss.
  // Stamp the identity taken before the read, and only if the path still holds it: a file renamed
  // in while this read validated another one must be validated itself.
  if (loaded.text === serializeTasksFile(snapshot)) recordValidatedStamp(file, before)
  return remember(file, fileIdentity(file) === before ? before : null, snapshot)
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
    const raw = JSON.parse(await readFile(file, "utf8")) as TasksFile
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

/**
 * Apply `operation` to the tasks as they are on disk now, inside the lock, and write the result
 * durably. The rename is guarded: if this process was paused until its lock was taken over, or
 * the file is no longer the one it read, nothing is written and the whole read-modify-write runs
 * again on what is on disk then. Returns the new snapshot and the operation's result.
 */
export function mutateTasks<T>(home: string, operation: (tasks: Task[]) => Mutation<T>): Promise<MutationOutcome<T>> {
  const paths = homePaths(home)
  return enqueue(paths.tasks, () =>
    withFileLockRetrying(paths.tasks, async (lock) => {
      const read = contentIdentity(paths.tasks)
      const current = await readTasks(home, { locked: true })
      const mutation = operation(current.tasks)
      if (current.tasks.length > 0 && mutation.tasks.length === 0 && !mutation.explicitDelete) {
        throw conflict("refusing to replace a non-empty task list with an empty one; delete tasks explicitly instead")
      }
      const snapshot: TasksSnapshot = { revision: current.revision + 1, tasks: mutation.tasks }
      const text = serializeTasksFile(snapshot)
      await writeFileDurable(paths.tasks, text, lockGuard(lock, paths.tasks, read))
      afterTasksWrite(home, text, snapshot)
      return { snapshot, result: mutation.result }
    }),
  )
}

/** What follows every write of tasks.json: a backup copy of the new version, the stamp, the cache. */
export function afterTasksWrite(home: string, text: string, snapshot: TasksSnapshot): void {
  const paths = homePaths(home)
  backupVersion(paths.tasks, paths.backups, text, snapshot.revision)
  const identity = fileIdentity(paths.tasks)
  recordValidatedStamp(paths.tasks, identity)
  remember(paths.tasks, identity, snapshot)
}
