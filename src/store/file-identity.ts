import { statSync } from "node:fs"

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
