// `tsk sync init <remote>`: any git URL (ssh, https, a path to a bare repository). The remote is
// asked once (git ls-remote, with git's own credentials) before it is stored as `sync.remote`, so
// a typo is an error now rather than at the first sync. The sync repository is created and the
// merge driver put in its config; the branch's first commit carries the .gitattributes that name it.
import { updateConfig, readConfig } from "../store/config-store.ts"
import { invalid, TskError } from "../domain/errors.ts"
import { git, gitComplaint } from "./git-command.ts"
import { ensureRepo, installMergeDriver, mergeDriverCommand, syncPaths, thisTskCommand } from "./sync-repo.ts"

export interface SyncInitResult {
  remote: string
  branch: string
  /** The remote already holds the branch (another machine synced first). */
  remoteHasBranch: boolean
  mergeDriver: string
}

export async function initSync(home: string, remote: string): Promise<SyncInitResult> {
  const url = remote.trim()
  if (url.length === 0 || url.startsWith("-")) throw invalid("the remote must be a git URL or the path of a repository")
  const branch = (await readConfig(home)).sync.branch
  const probe = await git(["ls-remote", "--heads", url, branch], { allowFail: true, timeoutMs: 60_000 })
  if (probe.code !== 0) throw new TskError("io", `cannot reach ${url}: ${gitComplaint(probe)}`)
  const { repo } = syncPaths(home)
  await ensureRepo(repo, branch)
  const command = thisTskCommand()
  await installMergeDriver(repo, command)
  await updateConfig(home, "sync.remote", url)
  return { remote: url, branch, remoteHasBranch: probe.stdout.toString("utf8").trim().length > 0, mergeDriver: mergeDriverCommand(command) }
}
