// Cross-process locks: `<name>.lock` created with O_EXCL, holding the holder's pid, host, process
// start time and a token. A holder on this host whose pid is gone (or was reused by another
// process: the start time differs) is dead and its lock is taken at once; a holder that stopped
// refreshing the lock's mtime for STALE_MS (paused, or on another host) is taken over too. A
// holder that was taken over learns it through `stillHeld()`, which every guarded write checks
// just before its rename (see atomic-file.ts): a paused writer gives up instead of writing back
// an old copy. Pure synchronous fs calls: no module loads, no signal handlers.
import { closeSync, linkSync, openSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, utimesSync, writeSync } from "node:fs"
import { dirname } from "node:path"
import { ensureDirSync } from "./durable-file.ts"
import { contentIdentity } from "./file-identity.ts"
import { LockLostError, runHolding, type HeldLock } from "./lock-context.ts"
import { TskError } from "../domain/errors.ts"
import { processIsAlive } from "./process-alive.ts"

/** This machine's name, asked when a lock is taken or judged: node:os is not loaded by every read. */
const hostname = () => process.getBuiltinModule("node:os").hostname()

export const LOCK_STALE_MS = 5000
const REFRESH_MS = 1000

export interface LockHolder {
  pid: number
  host: string
  /** The holder's process start time (Linux /proc), "" where unknown. */
  start: string
  token: string
}

export { LockLostError, type HeldLock } from "./lock-context.ts"

export function processStartTime(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? ""
  } catch {
    return ""
  }
}

let ownStart: string | undefined
const myStart = () => (ownStart ??= processStartTime(process.pid))


function readHolder(lockPath: string): LockHolder | null {
  try {
    const parsed = JSON.parse(readFileSync(lockPath, "utf8")) as LockHolder
    return typeof parsed.pid === "number" && typeof parsed.token === "string" ? parsed : null
  } catch {
    return null
  }
}

/** Dead for sure (this host, pid gone or reused), or silent past the stale time. */
export function isAbandoned(holder: LockHolder | null, mtimeMs: number, now = Date.now()): boolean {
  if (holder && holder.host === hostname() && holder.pid !== process.pid) {
    if (!processIsAlive(holder.pid)) return true
    const start = processStartTime(holder.pid)
    if (holder.start !== "" && start !== "" && start !== holder.start) return true
  }
  return now - mtimeMs > LOCK_STALE_MS
}

/** Remove an abandoned lock; if another waiter replaced it meanwhile, put that one back. */
function breakLock(lockPath: string, judged: LockHolder | null): void {
  const aside = `${lockPath}.broken-${crypto.randomUUID().slice(0, 8)}`
  try {
    renameSync(lockPath, aside)
  } catch {
    return
  }
  const moved = readHolder(aside)
  if (moved && judged && moved.token !== judged.token) {
    try {
      linkSync(aside, lockPath)
    } catch {
      // Someone holds a newer lock already; the one we moved learns it at its guarded write.
    }
  }
  rmSync(aside, { recursive: true, force: true })
}

/** One attempt: the lock, or null when a live holder has it. */
export function tryLock(path: string, depth = 0): HeldLock | null {
  if (depth > 8) return null
  const lockPath = `${path}.lock`
  const holder: LockHolder = { pid: process.pid, host: hostname(), start: myStart(), token: crypto.randomUUID() }
  let fd: number
  try {
    fd = openSync(lockPath, "wx", 0o600)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === "ENOENT") {
      ensureDirSync(dirname(path))
      return tryLock(path, depth + 1)
    }
    if (code !== "EEXIST") throw error
    const current = readHolder(lockPath)
    const mtime = statSync(lockPath, { throwIfNoEntry: false })?.mtimeMs
    if (mtime === undefined) return tryLock(path, depth + 1)
    // An empty file is a holder between its open and its write: give it the stale time.
    if (isAbandoned(current, mtime)) {
      breakLock(lockPath, current)
      return tryLock(path, depth + 1)
    }
    return null
  }
  try {
    writeSync(fd, JSON.stringify(holder))
  } finally {
    closeSync(fd)
  }
  return {
    path,
    token: holder.token,
    stillHeld: () => readHolder(lockPath)?.token === holder.token,
  }
}

export function unlock(lock: HeldLock): void {
  const lockPath = `${lock.path}.lock`
  if (lock.stillHeld()) {
    try {
      unlinkSync(lockPath)
    } catch {
      // already gone
    }
  }
}

function refreshWhileHeld(lock: HeldLock): () => void {
  const timer = setInterval(() => {
    const now = new Date()
    try {
      if (lock.stillHeld()) utimesSync(`${lock.path}.lock`, now, now)
    } catch {
      // gone: the guarded write notices
    }
  }, REFRESH_MS)
  timer.unref?.()
  return () => clearInterval(timer)
}

const conflictError = (path: string) => new TskError("conflict", `another tsk process holds the lock on ${path.split("/").pop()}; try again`)

/**
 * Run `fn` while holding the lock for `path` (the file itself need not exist). Waits for other
 * holders for up to about `waitMs`.
 */
export async function withFileLock<T>(path: string, fn: (lock: HeldLock) => Promise<T>, waitMs = 30000): Promise<T> {
  const deadline = Date.now() + waitMs
  let pause = 1
  let lock = tryLock(path)
  while (!lock) {
    if (Date.now() > deadline) throw conflictError(path)
    await new Promise((resolve) => setTimeout(resolve, pause + Math.random() * pause))
    pause = Math.min(pause * 2, 25)
    lock = tryLock(path)
  }
  const stopRefresh = refreshWhileHeld(lock)
  try {
    const held = lock
    return await runHolding(held, () => fn(held))
  } finally {
    stopRefresh()
    lock.released = true
    unlock(lock)
  }
}

/** Synchronous variant for locks held a few milliseconds (runner.json). Returns the release. */
export function lockSync(path: string, waitMs = 3000): () => void {
  const deadline = Date.now() + waitMs
  const pause = new Int32Array(new SharedArrayBuffer(4))
  for (;;) {
    const lock = tryLock(path)
    if (lock) return () => unlock(lock)
    if (Date.now() > deadline) throw conflictError(path)
    Atomics.wait(pause, 0, 0, 2)
  }
}

/**
 * Run a locked read-modify-write; when the lock was lost before anything was written (this
 * process was paused past the stale time), run it again from the start: the re-read then sees
 * what the other holder wrote.
 */
export async function withFileLockRetrying<T>(path: string, fn: (lock: HeldLock) => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await withFileLock(path, fn)
    } catch (error) {
      if (!(error instanceof LockLostError) || attempt >= attempts) throw error
    }
  }
}

/**
 * The guard of a locked write (see atomic-file.ts): the lock must still be ours and, when
 * `expected` is given, `file` must still be the content read inside the lock.
 */
export function lockGuard(lock: HeldLock, file?: string, expected?: string | null): () => void {
  return () => {
    if (!lock.stillHeld()) throw new LockLostError(lock.path)
    if (file !== undefined && expected !== undefined && contentIdentity(file) !== expected) throw new LockLostError(lock.path)
  }
}
