// What `tsk sync status` and the TUI's header say: when the list last synced (sync-state.json,
// written by each sync), how many commits this machine and the remote have that the other lacks
// (as of the last fetch: no network), whether the store changed since its last commit, and how
// many conflicts are open.
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { writeJsonAtomic } from "../store/durable-file.ts"
import { readConfig } from "../store/config-store.ts"
import { readTasks } from "../store/tasks-repository.ts"
import { readConflicts } from "../store/conflicts-store.ts"
import { serializeTaskFile, taskFilePath } from "../domain/task-file.ts"
import { git } from "./git-command.ts"
import { blobIdOf, listTree, objectFormat, resolveRef } from "./git-objects.ts"
import { IMPORTED_REF, localRef, remoteRef, syncPaths } from "./sync-repo.ts"

/** sync-state.json: the last attempt, the last success, and the commits ahead and behind after it. */
export interface SyncStateFile {
  lastAttemptAt: string | null
  lastSyncAt: string | null
  lastError: string | null
  ahead: number
  behind: number
}

export function readSyncStateFile(home: string): SyncStateFile {
  try {
    const raw = JSON.parse(readFileSync(syncPaths(home).state, "utf8")) as Partial<SyncStateFile>
    return { lastAttemptAt: raw.lastAttemptAt ?? null, lastSyncAt: raw.lastSyncAt ?? null, lastError: raw.lastError ?? null, ahead: raw.ahead ?? 0, behind: raw.behind ?? 0 }
  } catch {
    return { lastAttemptAt: null, lastSyncAt: null, lastError: null, ahead: 0, behind: 0 }
  }
}

/** Record a sync's outcome; after a failure, how far the branches are apart (best effort). */
export async function recordSyncState(home: string, outcome: { ok: boolean; at: string; error: string | null; branch: string }): Promise<void> {
  const previous = readSyncStateFile(home)
  const { repo } = syncPaths(home)
  const apart = outcome.ok ? { ahead: 0, behind: 0 } : existsSync(join(repo, "HEAD")) ? await counts(repo, outcome.branch).catch(() => previous) : previous
  const next: SyncStateFile = {
    lastAttemptAt: outcome.at,
    lastSyncAt: outcome.ok ? outcome.at : previous.lastSyncAt,
    lastError: outcome.ok ? null : outcome.error,
    ahead: apart.ahead,
    behind: apart.behind,
  }
  await writeJsonAtomic(syncPaths(home).state, next)
}

export interface SyncStatus {
  configured: boolean
  remote: string | null
  branch: string
  auto: boolean
  lastSyncAt: string | null
  lastAttemptAt: string | null
  lastError: string | null
  /** Commits on this machine's branch the remote lacks, and the other way (as of the last fetch). */
  ahead: number
  behind: number
  /** The store holds changes not yet committed for sync. */
  localChanges: boolean
  openConflicts: number
}

async function counts(repo: string, branch: string): Promise<{ ahead: number; behind: number }> {
  const [local, remote] = await Promise.all([resolveRef(repo, localRef(branch)), resolveRef(repo, remoteRef(branch))])
  if (local === null) return { ahead: 0, behind: 0 }
  if (remote === null) return { ahead: Number((await git(["rev-list", "--count", local], { gitDir: repo })).stdout.toString().trim()), behind: 0 }
  const out = (await git(["rev-list", "--left-right", "--count", `${local}...${remote}`], { gitDir: repo })).stdout.toString().trim()
  const [ahead, behind] = out.split(/\s+/).map(Number)
  return { ahead: ahead ?? 0, behind: behind ?? 0 }
}

/** Does the store differ from the commit it last took in or gave (refs/tsk/imported)? */
async function storeChanged(home: string, repo: string): Promise<boolean> {
  const imported = await resolveRef(repo, IMPORTED_REF)
  const { tasks } = await readTasks(home)
  if (imported === null) return tasks.length > 0
  const files = await listTree(repo, imported, "tasks")
  const format = objectFormat(repo)
  if (files.size !== tasks.length) return true
  for (const task of tasks) if (files.get(taskFilePath(task.id)) !== blobIdOf(serializeTaskFile(task), format)) return true
  return false
}

export async function readSyncStatus(home: string): Promise<SyncStatus> {
  const config = await readConfig(home)
  const conflicts = readConflicts(home)
  const state = readSyncStateFile(home)
  const { repo } = syncPaths(home)
  const hasRepo = existsSync(join(repo, "HEAD"))
  const { ahead, behind } = hasRepo ? await counts(repo, config.sync.branch) : { ahead: 0, behind: 0 }
  const localChanges = hasRepo ? await storeChanged(home, repo) : (await readTasks(home)).tasks.length > 0
  return {
    configured: config.sync.remote !== null,
    remote: config.sync.remote,
    branch: config.sync.branch,
    auto: config.sync.auto,
    lastSyncAt: state.lastSyncAt,
    lastAttemptAt: state.lastAttemptAt,
    lastError: state.lastError,
    ahead,
    behind,
    localChanges,
    openConflicts: conflicts.length,
  }
}
