// The sync repository: TSK_HOME/sync, a bare git repository (no work tree: tsk writes commits
// with git's plumbing), the list on its own branch (`sync.branch`, `tsk` by default) as one file
// per task (`tasks/<xx>/<id>.json`, see domain/task-file.ts). Refs:
//   refs/heads/<branch>          this machine's list, committed
//   refs/remotes/origin/<branch> the remote's, as last fetched
//   refs/tsk/imported            the commit whose list the store holds (every change of it in)
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs"
import { join } from "node:path"
import { git } from "./git-command.ts"
import { tskCommandLine } from "../store/tsk-process.ts"
import { diffTree, listTree, readBlobs } from "./git-objects.ts"
import { TASKS_FOLDER } from "../domain/task-file.ts"
import { isCanonicalTask } from "../domain/canonical-tasks.ts"
import type { Task } from "../domain/task.ts"

export const MERGE_DRIVER_NAME = "tsk"
export const GITATTRIBUTES = `${TASKS_FOLDER}/**/*.json merge=${MERGE_DRIVER_NAME}\n`
export const IMPORTED_REF = "refs/tsk/imported"

export function syncPaths(home: string) {
  return {
    repo: join(home, "sync"),
    state: join(home, "sync-state.json"),
    /** The lock one sync at a time holds (`sync-run.lock`). */
    lock: join(home, "sync-run"),
  }
}

export const localRef = (branch: string) => `refs/heads/${branch}`
export const remoteRef = (branch: string) => `refs/remotes/origin/${branch}`

/** The command a merge driver entry runs (git fills in %O %A %B %P). */
export function mergeDriverCommand(tskCommand = "tsk"): string {
  return `${tskCommand} merge-driver %O %A %B %P`
}

/** A shell word for git's config (the driver line is run by a shell). */
const shellWord = (word: string) => (/^[A-Za-z0-9_./:=@%+-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`)

/** The command line that runs this very tsk, for git's config. */
export function thisTskCommand(): string {
  return tskCommandLine([]).map(shellWord).join(" ")
}

/** Create the repository (with the merge driver in its config) when it is not there; set the branch. */
export async function ensureRepo(repo: string, branch: string): Promise<void> {
  if (!existsSync(join(repo, "HEAD"))) {
    await git(["init", "--bare", "-q", repo])
    await installMergeDriver(repo, thisTskCommand())
  }
  const head = `ref: ${localRef(branch)}\n`
  if (readFileSync(join(repo, "HEAD"), "utf8") !== head) await git(["symbolic-ref", "HEAD", localRef(branch)], { gitDir: repo })
}

/** The merge driver in a repository's config (`git config merge.tsk.driver`). */
export async function installMergeDriver(gitDir: string, tskCommand = "tsk"): Promise<void> {
  await git(["config", `merge.${MERGE_DRIVER_NAME}.name`, "tsk task files: merged per task and field"], { gitDir })
  await git(["config", `merge.${MERGE_DRIVER_NAME}.driver`, mergeDriverCommand(tskCommand)], { gitDir })
}

/**
 * A git that was killed (with the sync that ran it) leaves its lock files behind, and every later
 * git refuses to move that ref. Called while this process holds the sync lock: no other sync
 * runs, so a lock file that stays put for a moment belongs to a dead git.
 */
export async function clearStaleGitLocks(repo: string): Promise<void> {
  const found: string[] = []
  const walk = (dir: string) => {
    let names: string[]
    try {
      names = readdirSync(dir)
    } catch {
      return
    }
    for (const name of names) {
      const path = join(dir, name)
      if (name.endsWith(".lock")) found.push(path)
      else if (dir !== repo || name === "refs") {
        try {
          if (statSync(path).isDirectory()) walk(path)
        } catch {
          // gone meanwhile
        }
      }
    }
  }
  walk(repo)
  for (const path of found) {
    // An orphaned git still finishing its step lets go within a moment.
    for (let waited = 0; waited < 2000 && existsSync(path); waited += 100) await Bun.sleep(100)
    rmSync(path, { force: true })
  }
}

let taskSchema: Promise<typeof import("../domain/task.ts")["Task"]> | null = null

/** A task file's text as a task; null when it is not one (reported, never written to the store). */
export async function parseTaskFile(text: string): Promise<Task | null> {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return null
  }
  if (isCanonicalTask(raw)) return raw
  taskSchema ??= import("../domain/task.ts").then((m) => m.Task)
  const parsed = (await taskSchema).safeParse(raw)
  return parsed.success ? parsed.data : null
}

export interface TreeTasks {
  tasks: Task[]
  /** path → blob id of the task files. */
  files: Map<string, string>
  /** Paths whose file is not a task. */
  invalid: string[]
}

/**
 * What one sync knows of the repository: parsed task files by blob id (most blobs are the same in
 * every commit it reads), and the task files of the commits it read or wrote.
 */
export interface RepoView {
  repo: string
  blobs: Map<string, Task | null>
  trees: Map<string, Map<string, string>>
}

export function newRepoView(repo: string): RepoView {
  return { repo, blobs: new Map(), trees: new Map() }
}

/** The task files of a commit: known, or a known commit's changed by diff-tree, or listed. */
async function filesAt(view: RepoView, commit: string, near: string | null): Promise<Map<string, string>> {
  const known = view.trees.get(commit)
  if (known) return known
  const from = near !== null ? view.trees.get(near) : undefined
  const files = from ? await diffTree(view.repo, near!, commit, from, TASKS_FOLDER) : await listTree(view.repo, commit, TASKS_FOLDER)
  view.trees.set(commit, files)
  return files
}

/** The tasks of a commit (none for null), reading only the blobs not read before. `near`: a commit whose files are known, to diff against. */
export async function tasksAt(view: RepoView, commit: string | null, near: string | null = null): Promise<TreeTasks> {
  if (commit === null) return { tasks: [], files: new Map(), invalid: [] }
  const files = await filesAt(view, commit, near)
  const unknown = [...new Set(files.values())].filter((id) => !view.blobs.has(id))
  if (unknown.length > 0) {
    const texts = await readBlobs(view.repo, unknown)
    for (const id of unknown) view.blobs.set(id, await parseTaskFile(texts.get(id) ?? ""))
  }
  const tasks: Task[] = []
  const invalid: string[] = []
  for (const [path, id] of files) {
    const task = view.blobs.get(id)
    if (task) tasks.push(task)
    else invalid.push(path)
  }
  return { tasks, files, invalid }
}
