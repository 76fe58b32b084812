// Backups of recent good versions of a file, for `tsk doctor --repair`. Before a good file is
// replaced, its inode is hard-linked into `backups/` (no copy: the atomic rename leaves the old
// content there), and only the newest few are kept.
import { link, readdir, unlink, copyFile } from "node:fs/promises"
import { basename, join } from "node:path"
import { ensureDir } from "./durable-file.ts"

export const BACKUPS_KEPT = 10

function backupName(file: string, revision: number): string {
  return `${basename(file)}.${String(revision).padStart(10, "0")}.bak`
}

export async function backupBeforeReplace(file: string, backupsDir: string, revision: number): Promise<void> {
  await ensureDir(backupsDir)
  const target = join(backupsDir, backupName(file, revision))
  try {
    await link(file, target)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === "ENOENT" || code === "EEXIST") return
    if (code === "EXDEV" || code === "EPERM" || code === "ENOTSUP") await copyFile(file, target)
    else throw error
  }
  await pruneBackups(file, backupsDir)
}

/** Backups of `file`, newest first. */
export async function listBackups(file: string, backupsDir: string): Promise<string[]> {
  const prefix = `${basename(file)}.`
  let names: string[]
  try {
    names = await readdir(backupsDir)
  } catch {
    return []
  }
  return names
    .filter((n) => n.startsWith(prefix) && n.endsWith(".bak"))
    .sort()
    .reverse()
    .map((n) => join(backupsDir, n))
}

async function pruneBackups(file: string, backupsDir: string): Promise<void> {
  const all = await listBackups(file, backupsDir)
  await Promise.all(all.slice(BACKUPS_KEPT).map((path) => unlink(path).catch(() => {})))
}
