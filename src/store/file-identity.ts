import { statSync } from "node:fs"
import { TskError } from "../domain/errors.ts"

/**
 * Which content a path holds right now, without reading it: inode, size, mtime and ctime. tsk
 * replaces files by rename (a new inode every write) and any other writer changes mtime/ctime, so
 * an unchanged identity means unchanged content. Null when the file does not exist.
 */
export function fileIdentity(path: string): string | null {
  try {
    return identityOf(statSync(path))
  } catch {
    return null
  }
}

/** fileIdentity through Bun's file API (see bun-files.ts): for readers, which load no node:fs. */
export async function readFileIdentity(path: string): Promise<string | null> {
  try {
    return identityOf(await Bun.file(path).stat())
  } catch {
    return null
  }
}

/**
 * readFileIdentity for tasks.json and other files tsk reads whole: throws an `io` error naming the
 * file when the path holds something other than a regular file (a FIFO would block the read for
 * good, a device never ends). The stat is the one the identity needs anyway, so the check is free;
 * a symbolic link is followed by this stat and refused by the read that follows an unknown identity
 * (see readRegularTextSync).
 */
export async function readRegularFileIdentity(path: string): Promise<string | null> {
  let s: Awaited<ReturnType<ReturnType<typeof Bun.file>["stat"]>>
  try {
    s = await Bun.file(path).stat()
  } catch {
    return null
  }
  if (!s.isFile()) throw notRegularFile(path, s.isDirectory() ? "a folder" : s.isFIFO() ? "a FIFO" : s.isSocket() ? "a socket" : "a device")
  return identityOf(s)
}

/** The error every ordinary command gives for an odd file in place of one of tsk's own. */
export function notRegularFile(path: string, what: string): TskError {
  return new TskError("io", `${path} is ${what}, not a regular file; tsk reads only regular files (tsk doctor --repair fixes it)`, { file: path })
}

const identityOf = (s: { ino: number; size: number; mtimeMs: number; ctimeMs: number }) => `${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}`

/**
 * Which content a path holds, ignoring ctime (a hard link into backups/ changes ctime only): what a
 * guarded write compares just before its rename. Null when the file does not exist.
 */
export function contentIdentity(path: string): string | null {
  try {
    const s = statSync(path)
    return `${s.ino}:${s.size}:${s.mtimeMs}`
  } catch {
    return null
  }
}

/** The content identity (see contentIdentity) inside an identity fileIdentity gave. */
export function contentPart(identity: string): string {
  return identity.slice(0, identity.lastIndexOf(":"))
}
