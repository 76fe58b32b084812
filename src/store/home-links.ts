// No write follows a link planted inside the home. A symbolic link put where tsk keeps a folder
// (backups/, checkpoints/, os/, memory/agents/<id>/, agent-inbox.d/ …) would send new files
// wherever it points, and one put where tsk appends to a file (tasks.journal, messages.jsonl,
// facts.jsonl …) would append to another file. So every folder between the home and the place
// written is checked with lstat before tsk creates or writes anything in it, and appends open
// with O_NOFOLLOW. The home itself may be a link (a home kept on another disk, or in a synced
// folder): the rule starts below it. Refusals are `io` errors that name the link.
import { closeSync, constants, fsyncSync, lstatSync, mkdirSync, openSync, writeSync } from "node:fs"
import { dirname, join, relative, resolve, sep } from "node:path"
import { TskError } from "../domain/errors.ts"
import { tskHome } from "./paths.ts"

/** An `io` error for a write refused because `path` is a link; `shown` names it in the message. */
export function linkRefused(path: string, shown = path): TskError {
  return new TskError("io", `${shown} is a symbolic link; tsk does not write through links inside its home (move the link away and try again)`, { file: path })
}

/**
 * Throws when `dir`, or any folder between `home` and it, is a symbolic link. Folders not made
 * yet are fine (tsk makes them as real folders); a `dir` outside the home is not checked.
 */
export function refuseLinkedFolders(dir: string, home: string = tskHome()): void {
  const top = resolve(home)
  const target = resolve(dir)
  const rel = relative(top, target)
  if (rel === "" || rel.startsWith("..") || rel === target) return
  let current = top
  for (const part of rel.split(sep)) {
    current = join(current, part)
    const stat = lstatSync(current, { throwIfNoEntry: false })
    if (!stat) return
    if (stat.isSymbolicLink()) throw linkRefused(current, `${relative(top, current)} in ${top}`)
  }
}

/** O_NOFOLLOW's refusal (ELOOP) as an `io` error naming the file; any other error as it is. */
export function appendError(error: unknown, path: string): unknown {
  return (error as NodeJS.ErrnoException).code === "ELOOP" ? linkRefused(path) : error
}

/** appendFileSync, never through a link planted in the file's place. */
export function appendNoFollow(path: string, text: string): void {
  let fd: number
  try {
    fd = openSync(path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW, 0o600)
  } catch (error) {
    throw appendError(error, path)
  }
  try {
    writeSync(fd, text)
  } finally {
    closeSync(fd)
  }
}

/**
 * The folders whose entries a `mkdir -p` of `dir` added, `created` being the first folder it made
 * (what mkdir returns): the parent of each new folder, outermost first.
 */
export function parentsOfNewFolders(created: string | undefined, dir: string): string[] {
  if (created === undefined) return []
  const parents: string[] = []
  for (let folder = dir; ; folder = dirname(folder)) {
    parents.unshift(dirname(folder))
    if (folder === created || dirname(folder) === folder) return parents
  }
}

/**
 * `dir` as a real folder below `home` (a link on the way is refused), made with its parents where
 * missing, 0700; each new folder's entry is fsynced in its parent, so that a power cut keeps the
 * folder and what is then written durably in it.
 */
export function makeFolderSync(dir: string, home: string = tskHome()): void {
  refuseLinkedFolders(dir, home)
  const created = mkdirSync(dir, { recursive: true, mode: 0o700 })
  for (const parent of parentsOfNewFolders(created, dir)) {
    const fd = openSync(parent, "r")
    try {
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
  }
}
