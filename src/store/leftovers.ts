// Files that crashed writers leave behind: temp files of every kind (ours `<name>.tmp-<pid>-<hex>`,
// write-file-atomic's own inside a temp of ours, `<temp>.<n>`, the older namings `<name>.<digits>`,
// `.<name>.<pid>[.<hex>].tmp`, `.<name>.validated.<pid>.tmp`, any other `*.tmp` and
// `*.tmp.<n>`, such as a command an interrupted `tsk agent send` was writing; the
// bridge's journaled `tasks.json.bridge-*.tmp` are the runner's to judge),
// broken-lock leftovers, locks whose holder is dead, and the `runner.json.corrupt-*` that a runner
// start moves aside (runner.json is rewritten by every start; the copy tells nothing). A file is a
// leftover only when its writer is provably gone (its pid is dead) or, without a pid, when it is
// older than a minute: a live writer's temp file is never touched.
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs"
import { join, relative } from "node:path"
import { TEMP_NAME } from "./atomic-file.ts"
import { isAbandoned, type LockHolder } from "./file-lock.ts"

const NO_PID_AGE_MS = 60_000

function pidDead(pid: number): boolean {
  if (pid === process.pid) return false
  try {
    process.kill(pid, 0)
    return false
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH"
  }
}

function readLockHolder(path: string): LockHolder | null {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as LockHolder
  } catch {
    return null
  }
}

/** Why `name` (in a folder) is a leftover, or null. */
function leftoverReason(path: string, name: string, now: number): string | null {
  const stat = statSync(path, { throwIfNoEntry: false })
  if (!stat) return null
  const old = now - stat.mtimeMs > NO_PID_AGE_MS
  const match = TEMP_NAME.exec(name) ?? /^\..+\.(\d+)(?:\.[0-9a-f]+)?\.tmp$/.exec(name)
  if (match) return pidDead(Number(match[1])) ? "temp file of a dead writer" : null
  if (/\.json\.\d+$/.test(name) || /\.tmp\.\d+$/.test(name) || (name.endsWith(".tmp") && !name.startsWith("tasks.json.bridge-"))) return old ? "temp file of an interrupted write" : null
  if (/\.lock\.broken-[0-9a-f]+$/.test(name)) return old ? "broken lock" : null
  if (/^runner\.json\.corrupt-/.test(name)) return "unreadable runner.json set aside at a runner start"
  if (name.endsWith(".lock") && stat.isFile() && isAbandoned(readLockHolder(path), stat.mtimeMs, now)) return "lock of a dead holder"
  return null
}

export interface Leftover {
  path: string
  reason: string
}

/** Leftovers under `root` (a few levels deep), with paths relative to it. */
export function findLeftovers(root: string, depth = 4, now = Date.now()): Leftover[] {
  const found: Leftover[] = []
  const walk = (dir: string, level: number) => {
    let entries
    try {
      entries = readdirSync(dir, { withFileTypes: true })
    } catch {
      return
    }
    for (const entry of entries) {
      const path = join(dir, entry.name)
      const reason = leftoverReason(path, entry.name, now)
      if (reason) found.push({ path: relative(root, path), reason })
      else if (entry.isDirectory() && level < depth && !entry.name.endsWith(".lock")) walk(path, level + 1)
    }
  }
  walk(root, 0)
  return found
}

export function removeLeftovers(root: string, leftovers: readonly Leftover[]): void {
  for (const leftover of leftovers) rmSync(join(root, leftover.path), { recursive: true, force: true })
}
