// Artifact locations belong to the agent's project. The project is the configured `os.projectRoot`
// when the command's folder lies inside it (or the command carries no folder), otherwise the
// nearest folder at or above the one the command came from (the CLI's working folder, or `cwd` in
// a bridge payload) that holds a `.git`. A relative `loc` is taken from the command's folder, so
// every surface resolves it the same wherever its process started, and a location outside the
// project is refused: nothing outside the project is ever read. The project is never `/` nor the
// user's home, whatever names it: an agent that sends `cwd: "/"` cannot widen its own confinement.
import { statSync } from "node:fs"
import { realpath } from "node:fs/promises"
import { homedir } from "node:os"
import { dirname, isAbsolute, parse, relative, resolve, sep } from "node:path"
import { TskError } from "../domain/errors.ts"

export interface ProjectFolders {
  /** The folder the command came from, when it carries one. */
  cwd?: string | undefined
  /** `os.projectRoot`, when configured. */
  configured?: string | undefined
}

export const isInside = (folder: string, path: string) => {
  const rel = relative(folder, path)
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel))
}

/** `/` (a drive's root) or the user's home: too wide to be anyone's project. */
export function isTooWide(folder: string): boolean {
  const absolute = resolve(folder)
  return absolute === parse(absolute).root || absolute === resolve(homedir())
}

/** The nearest folder at or above `folder` that holds a `.git` (a folder or a work tree's file), below the home and `/`. */
export function gitProjectOf(folder: string): string | null {
  for (let current = resolve(folder); !isTooWide(current); current = dirname(current)) {
    if (statSync(`${current}${sep}.git`, { throwIfNoEntry: false })) return current
  }
  return null
}

/** The project folder and the folder relative locations start from; null without a project. */
export function projectFor(folders: ProjectFolders): { project: string; base: string } | null {
  const cwd = folders.cwd !== undefined ? resolve(folders.cwd) : undefined
  const configured = folders.configured !== undefined ? resolve(folders.configured) : undefined
  if (configured && !isTooWide(configured) && (!cwd || isInside(configured, cwd))) return { project: configured, base: cwd ?? configured }
  const project = cwd ? gitProjectOf(cwd) : null
  return project && cwd ? { project, base: cwd } : null
}

/** Why `folders` name no project, for the message. */
function noProjectReason(folders: ProjectFolders): string {
  if (folders.configured !== undefined && isTooWide(folders.configured)) return `os.projectRoot is ${resolve(folders.configured)}, which is too wide to be a project (never / nor the home folder)`
  if (folders.cwd === undefined) return "the command carries no project folder. Send 'cwd' (the agent's working folder) with the command, or set os.projectRoot"
  if (isTooWide(folders.cwd)) return `its folder ${resolve(folders.cwd)} is too wide to be a project (never / nor the home folder); send the project's folder as 'cwd', or set os.projectRoot`
  return `its folder ${resolve(folders.cwd)} is in no project (no folder holding a .git at or above it); run it from a git project, or set os.projectRoot`
}

/** `db:users`, `https://…`: a data reference, not a file (a Windows drive letter is a file). */
export const isDataReference = (loc: string) => /^[A-Za-z][A-Za-z0-9+.-]+:/.test(loc)

/** The location as a path relative to the project (forward slashes); refuses anything outside it. */
export function confineLocation(loc: string, folders: ProjectFolders): { project: string; rel: string } {
  const where = projectFor(folders)
  if (!where) {
    throw new TskError(
      "invalid",
      `cannot place artifact location ${loc}: ${noProjectReason(folders)}`,
      { field: "loc" },
    )
  }
  const absolute = resolve(where.base, loc)
  if (!isInside(where.project, absolute) || absolute === where.project) {
    throw new TskError("invalid", `artifact location ${loc} is outside the project; artifacts must be files inside it`, { field: "loc" })
  }
  return { project: where.project, rel: relative(where.project, absolute).split(sep).join("/") }
}

/**
 * The real file behind a registered location, or the reason it cannot be read: a symbolic link
 * that leads out of the project counts as outside.
 */
export async function realArtifactPath(project: string, rel: string): Promise<{ path: string } | { reason: string; missing?: true }> {
  const absolute = resolve(project, rel)
  if (!isInside(project, absolute)) return { reason: `artifact location ${rel} is outside the project` }
  const [realProject, realFile] = await Promise.all([realpath(project).catch(() => null), realpath(absolute).catch(() => null)])
  if (!realProject || !realFile) return { reason: `artifact file not found: ${rel}`, missing: true }
  if (!isInside(realProject, realFile)) return { reason: `artifact location ${rel} leads outside the project` }
  return { path: realFile }
}

/**
 * `confineLocation` through symbolic links: a location inside the project whose link leads out of
 * it is refused as one outside. A file not there yet is left to `validate`.
 */
export async function confineRealLocation(loc: string, placed: { project: string; rel: string }): Promise<void> {
  const real = await realArtifactPath(placed.project, placed.rel)
  if ("reason" in real && !real.missing) {
    throw new TskError("invalid", `artifact location ${loc} leads outside the project (a symbolic link); artifacts must be files inside it`, { field: "loc" })
  }
}
