import { statSync } from "node:fs"

/**
 * Which content a path holds right now, without reading it: inode, size, mtime and ctime. tsk
 * replaces files by rename (a new inode every write) and any other writer changes mtime/ctime, so
 * an unchanged identity means unchanged content. Null when the file does not exist.
 */
export function fileIdentity(path: string): string | null {
  try {
    const s = statSync(path)
    return `${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}`
  } catch {
    return null
  }
}

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
