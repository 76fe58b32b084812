// `tsk sync`: the list shared through a git remote. One sync, under the sync lock:
//  1. settle: a merge committed but not yet taken into the store (a sync killed between the two)
//     is taken in first, so the next step cannot mistake its changes for local deletions;
//  2. commit: the store's list is committed on the branch (only the task files that changed);
//  3. fetch the remote's branch; merge it when it moved: per task and field against git's merge
//     base (mergeTaskLists), committed as a merge commit; take the result into the store
//     through its locked change path, merged again with whatever changed locally meanwhile;
//  4. push; when the remote moved meanwhile (rejected), fetch and merge again, a few times.
// Every step leaves a state the next sync completes: refs move in one transaction after their
// commit exists, the store changes in one locked write, and refs/tsk/imported says how far the
// store is. A failed push keeps the local commit for the next sync.
import { hostname } from "node:os"
import { mutateTasks, readTasks } from "../store/tasks-repository.ts"
import { readConfig } from "../store/config-store.ts"
import { withFileLock } from "../store/file-lock.ts"
import { recordMergeOutcome } from "./sync-conflicts.ts"
import { mergeTaskLists, type DroppedLink, type FieldConflict } from "../domain/task-merge.ts"
import { serializeTaskFile, taskFilePath } from "../domain/task-file.ts"
import { invalid, TskError } from "../domain/errors.ts"
import type { Task } from "../domain/task.ts"
import { git, gitComplaint } from "./git-command.ts"
import { blobIdOf, mergeBase, moveRefs, objectFormat, readRefs, relation, resolveRef, writeCommit, type FileChange } from "./git-objects.ts"
import type { TreeTasks } from "./sync-repo.ts"
import { clearStaleGitLocks, ensureRepo, GITATTRIBUTES, IMPORTED_REF, localRef, newRepoView, remoteRef, syncPaths, tasksAt, type RepoView } from "./sync-repo.ts"
import { recordSyncState } from "./sync-state.ts"

/** Rounds of fetch, merge and push before a remote that keeps moving is reported. */
export const MAX_ROUNDS = 5
const NETWORK_TIMEOUT_MS = 120_000

export interface SyncResult {
  remote: string
  branch: string
  /** The commit both sides hold now. */
  head: string | null
  committed: boolean
  merged: boolean
  pushed: boolean
  rounds: number
  conflicts: FieldConflict[]
  dropped: DroppedLink[]
  /** Task files of the remote that are not tasks (left as they are). */
  invalidFiles: string[]
  tasks: number
}

export interface SyncOptions {
  /** Wait this long for another sync of this home to finish (ms). */
  waitMs?: number
}

interface Run {
  home: string
  repo: string
  remote: string
  branch: string
  view: RepoView
  format: "sha1" | "sha256"
  conflicts: FieldConflict[]
  dropped: DroppedLink[]
  invalidFiles: Set<string>
}

export async function runSync(home: string, options: SyncOptions = {}): Promise<SyncResult> {
  const config = await readConfig(home)
  const remote = config.sync.remote
  if (!remote) throw invalid("no sync remote: run 'tsk sync init <remote>' first (any git URL, a local bare repository included)")
  const paths = syncPaths(home)
  try {
    const branch = config.sync.branch
    const result = await withFileLock(paths.lock, () => syncLocked(home, remote, branch), options.waitMs ?? 60_000)
    await recordSyncState(home, { ok: true, at: new Date().toISOString(), error: null, branch })
    return result
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    await recordSyncState(home, { ok: false, at: new Date().toISOString(), error: message, branch: config.sync.branch }).catch(() => {})
    throw error
  }
}

async function syncLocked(home: string, remote: string, branch: string): Promise<SyncResult> {
  const { repo } = syncPaths(home)
  await ensureRepo(repo, branch)
  await clearStaleGitLocks(repo)
  const run: Run = { home, repo, remote, branch, view: newRepoView(repo), format: objectFormat(repo), conflicts: [], dropped: [], invalidFiles: new Set() }
  const refs = await readRefs(repo, [localRef(branch), IMPORTED_REF])
  let head = refs.get(localRef(branch)) ?? null
  const imported = refs.get(IMPORTED_REF) ?? null
  if (head !== null && head !== imported) await importInto(run, imported, head)
  const exported = await commitStore(run, head)
  const committed = exported !== head
  head = exported
  let merged = false
  for (let round = 1; round <= MAX_ROUNDS; round++) {
    const theirs = await fetchRemote(run)
    const apart = theirs === null ? "ahead" : head === null ? "behind" : await relation(repo, head, theirs)
    if (theirs !== null && (apart === "behind" || apart === "apart")) {
      const next = head !== null && apart === "apart" ? await mergeCommits(run, head, theirs) : theirs
      await moveRefs(repo, [[localRef(branch), next, head]])
      await importInto(run, head, next)
      head = next
      merged = true
    }
    if (head === null || head === theirs) return finish(run, head, committed, merged, false, round)
    if (await push(run, head)) return finish(run, head, committed, merged, true, round)
  }
  throw new TskError("conflict", `the remote kept moving: ${MAX_ROUNDS} rounds of fetch, merge and push did not catch up; run tsk sync again`)
}

async function finish(run: Run, head: string | null, committed: boolean, merged: boolean, pushed: boolean, rounds: number): Promise<SyncResult> {
  const tasks = (await readTasks(run.home)).tasks.length
  return {
    remote: run.remote,
    branch: run.branch,
    head,
    committed,
    merged,
    pushed,
    rounds,
    conflicts: run.conflicts,
    dropped: run.dropped,
    invalidFiles: [...run.invalidFiles],
    tasks,
  }
}

/** Commit the store's list on the branch when it differs from `head`; the branch's commit after. */
async function commitStore(run: Run, head: string | null): Promise<string | null> {
  const snapshot = await readTasks(run.home)
  // The store's tasks first, so reading the branch's tree parses only the files that differ.
  const wanted = new Map<string, { id: string; content: string }>()
  for (const task of snapshot.tasks) {
    const path = taskFilePath(task.id)
    if (wanted.has(path)) continue
    const content = serializeTaskFile(task)
    const id = blobIdOf(content, run.format)
    if (!run.view.blobs.has(id)) run.view.blobs.set(id, task)
    wanted.set(path, { id, content })
  }
  const at = await tasksAt(run.view, head)
  const changes: FileChange[] = []
  for (const [path, file] of wanted) if (at.files.get(path) !== file.id) changes.push({ path, content: file.content })
  // A file that is not a task (a newer tsk's, or hand-made) stays as it is.
  for (const path of at.invalid) run.invalidFiles.add(path)
  const kept = new Set(at.invalid)
  for (const path of at.files.keys()) if (!wanted.has(path) && !kept.has(path)) changes.push({ path, content: null })
  if (changes.length === 0 && head !== null) return head
  if (head === null && snapshot.tasks.length === 0) return null
  if (head === null) changes.push({ path: ".gitattributes", content: GITATTRIBUTES })
  const message = `tsk: ${changes.length} change${changes.length === 1 ? "" : "s"} from ${hostname()}`
  const commit = await writeCommit(run.repo, head === null ? [] : [head], changes, message)
  await moveRefs(run.repo, [
    [localRef(run.branch), commit, head],
    [IMPORTED_REF, commit],
  ])
  const files = new Map(at.files)
  for (const change of changes) if (change.path.startsWith("tasks/")) change.content === null ? files.delete(change.path) : files.set(change.path, wanted.get(change.path)!.id)
  run.view.trees.set(commit, files)
  return commit
}

/** Merge `theirs` into `ours` per task and field against their merge base: the merge commit. */
async function mergeCommits(run: Run, ours: string, theirs: string): Promise<string> {
  const base = await mergeBase(run.repo, ours, theirs)
  const o = await tasksAt(run.view, ours)
  const [b, t] = await Promise.all([tasksAt(run.view, base, ours), tasksAt(run.view, theirs, ours)])
  for (const path of t.invalid) run.invalidFiles.add(path)
  const result = mergeTaskLists(b.tasks, o.tasks, t.tasks)
  run.conflicts.push(...result.conflicts)
  run.dropped.push(...result.dropped)
  await recordMergeOutcome(run.home, `sync with ${run.remote}`, result.conflicts, result.dropped, result.tasks)
  const { changes, files } = changesFrom(run, o, result.tasks)
  const commit = await writeCommit(run.repo, [ours, theirs], changes, `tsk: merge ${theirs.slice(0, 8)} into ${ours.slice(0, 8)} on ${hostname()}`)
  run.view.trees.set(commit, files)
  return commit
}

/** The file changes that turn the tree `from` into one holding exactly `tasks`, and the files after. */
function changesFrom(run: Run, from: TreeTasks, tasks: readonly Task[]): { changes: FileChange[]; files: Map<string, string> } {
  const before = new Set(from.tasks)
  const changes: FileChange[] = []
  const files = new Map(from.files)
  const wanted = new Set<string>()
  for (const task of tasks) {
    const path = taskFilePath(task.id)
    wanted.add(path)
    // The very task object of `from`: its file is as it was.
    if (before.has(task)) continue
    const content = serializeTaskFile(task)
    const id = blobIdOf(content, run.format)
    if (!run.view.blobs.has(id)) run.view.blobs.set(id, task)
    if (from.files.get(path) !== id) {
      changes.push({ path, content })
      files.set(path, id)
    }
  }
  const kept = new Set(from.invalid)
  for (const path of from.files.keys()) {
    if (wanted.has(path) || kept.has(path)) continue
    changes.push({ path, content: null })
    files.delete(path)
  }
  return { changes, files }
}

/**
 * Take commit `to` into the store, which holds `from` (null: nothing yet) plus whatever changed
 * locally since: a three-way merge inside the store's locked change, so a change made while the
 * sync ran is kept. Then refs/tsk/imported names `to`.
 */
async function importInto(run: Run, from: string | null, to: string): Promise<void> {
  const before = await tasksAt(run.view, from)
  const after = await tasksAt(run.view, to, from)
  const outcome = await mutateTasks(run.home, (current) => {
    const result = mergeTaskLists(before.tasks, current, after.tasks)
    return { tasks: result.tasks, result, explicitDelete: after.tasks.length === 0 }
  })
  const { conflicts, dropped } = outcome.result
  run.conflicts.push(...conflicts)
  run.dropped.push(...dropped)
  await recordMergeOutcome(run.home, `sync with ${run.remote}`, conflicts, dropped, outcome.snapshot.tasks)
  await moveRefs(run.repo, [[IMPORTED_REF, to]])
}

/** Fetch the remote's branch; its commit, or null when the remote has no such branch yet. */
async function fetchRemote(run: Run): Promise<string | null> {
  const result = await git(["fetch", "--no-tags", "-q", run.remote, `+${localRef(run.branch)}:${remoteRef(run.branch)}`], {
    gitDir: run.repo,
    allowFail: true,
    timeoutMs: NETWORK_TIMEOUT_MS,
  })
  if (result.code === 0) return resolveRef(run.repo, remoteRef(run.branch))
  if (/couldn't find remote ref/i.test(result.stderr)) return null
  throw unreachable(run.remote, result)
}

const unreachable = (remote: string, result: Parameters<typeof gitComplaint>[0]) =>
  new TskError("io", `cannot sync with ${remote}: ${gitComplaint(result)} (nothing was lost: local changes stay committed for the next tsk sync)`)

/** Push the branch; false when the remote moved meanwhile (fetch and merge again). */
async function push(run: Run, head: string): Promise<boolean> {
  const result = await git(["push", "-q", "--porcelain", run.remote, `${localRef(run.branch)}:${localRef(run.branch)}`], {
    gitDir: run.repo,
    allowFail: true,
    timeoutMs: NETWORK_TIMEOUT_MS,
  })
  if (result.code === 0) {
    await moveRefs(run.repo, [[remoteRef(run.branch), head]])
    return true
  }
  const text = result.stdout.toString("utf8") + result.stderr
  if (/\[rejected\]|non-fast-forward|fetch first|\(stale info\)|cannot lock ref/i.test(text)) return false
  throw unreachable(run.remote, result)
}
