// Backups of recent good versions of a file, for `tsk doctor --repair`. Every version tsk writes in
// full is also copied into `backups/` (a copy, not a hard link: a corruption that rewrites the file
// in place would reach a linked backup too), so the newest good version is always recoverable. For
// tasks.json that is every compacted base: the changes since are in tasks.journal, which the
// repair replays on the newest backup (see doctor.ts).
// Names sort by time and are unique (`<file>.<ms>-<revision>-<random>.bak`): a revision that went
// back after a repair never makes a new version look "already backed up". Written to a temp file
// and renamed: the kernel cuts a large write short when its process is killed (a 1.4 MB copy was
// left at 1 MiB), and then only the temp file is left, which `tsk doctor` clears. Not fsynced: the
// live file is, and a backup torn by a power cut fails validation and the next one is used.
import { readdirSync, unlinkSync } from "node:fs"
import { basename, join } from "node:path"
import { ensureDirSync, replaceFileSync } from "./atomic-file.ts"

export const BACKUPS_KEPT = 10

/** The Web Crypto global: importing node:crypto costs a CLI command milliseconds of start-up. */
function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("")
}

function backupName(file: string, revision: number): string {
  const stamp = String(Date.now()).padStart(15, "0")
  return `${basename(file)}.${stamp}-${String(revision).padStart(10, "0")}-${randomHex(3)}.bak`
}

/** Keep a copy of the version of `file` just written. */
export function backupVersion(file: string, backupsDir: string, content: string, revision: number): void {
  ensureDirSync(backupsDir)
  const target = join(backupsDir, backupName(file, revision))
  // Atomic, not fsynced: a copy of the file just written durably (or already on disk).
  replaceFileSync(target, content, false)
  for (const old of listBackups(file, backupsDir).slice(BACKUPS_KEPT)) {
    try {
      unlinkSync(old)
    } catch {
      // pruned by another writer
    }
  }
}

/** Backups of `file`, newest first. */
export function listBackups(file: string, backupsDir: string): string[] {
  const prefix = `${basename(file)}.`
  let names: string[]
  try {
    names = readdirSync(backupsDir)
  } catch {
    return []
  }
  return names
    .filter((n) => n.startsWith(prefix) && n.endsWith(".bak"))
    .sort()
    .reverse()
    .map((n) => join(backupsDir, n))
}
