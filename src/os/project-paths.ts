// Artifact locations belong to the agent's project. The project is the configured `os.projectRoot`
// when the command's folder lies inside it (or the command carries no folder), otherwise the folder
// the command came from (the CLI's working folder, or `cwd` in a bridge payload). A relative `loc` is
// taken from that folder, so every surface resolves it the same wherever its process started, and a
// location outside the project is refused: nothing outside the project is ever read.
import { realpath } from "node:fs/promises"
import { isAbsolute, relative, resolve, sep } from "node:path"
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

/** The project folder and the folder relative locations start from; null without either. */
export function projectFor(folders: ProjectFolders): { project: string; base: string } | null {
  const cwd = folders.cwd !== undefined ? resolve(folders.cwd) : undefined
  const configured = folders.configured !== undefined ? resolve(folders.configured) : undefined
  if (configured && (!cwd || isInside(configured, cwd))) return { project: configured, base: cwd ?? configured }
  if (cwd) return { project: cwd, base: cwd }
  return null
}

/** `db:users`, `https://…`: a data reference, not a file (a Windows drive letter is a file). */
export const isDataReference = (loc: string) => /^[A-Za-z][A-Za-z0-9+.-]+:/.test(loc)

/** The location as a path relative to the project (forward slashes); refuses anything outside it. */
export function confineLocation(loc: string, folders: ProjectFolders): { project: string; rel: string } {
  const where = projectFor(folders)
  if (!where) {
    throw new TskError(
      "invalid",
      `cannot place artifact location ${loc}: the command carries no project folder. Send 'cwd' (the agent's working folder) with the command, or set os.projectRoot`,
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
