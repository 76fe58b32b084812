// A small cross-process lock for appends to an agent's memory: an atomic mkdir of `<name>.lock`
// (the proper-lockfile convention), synchronous and import-free so `tsk hook` stays fast. A lock
// older than the stale time belongs to a dead holder and is taken over.
import { mkdirSync, rmSync, statSync } from "node:fs"
import { TskError } from "../domain/errors.ts"

const STALE_MS = 5000
const DEFAULT_WAIT_MS = 3000

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)

export function withAppendLock<T>(lockPath: string, fn: () => T, waitMs = DEFAULT_WAIT_MS): T {
  const deadline = Date.now() + waitMs
  let pause = 1
  for (;;) {
    try {
      mkdirSync(lockPath, { mode: 0o700 })
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error
      const mtime = statSync(lockPath, { throwIfNoEntry: false })?.mtimeMs
      if (mtime !== undefined && Date.now() - mtime > STALE_MS) {
        rmSync(lockPath, { recursive: true, force: true })
        continue
      }
      if (Date.now() > deadline) throw new TskError("conflict", "another process holds the agent memory lock; try again")
      sleepSync(pause)
      pause = Math.min(pause * 2, 8)
    }
  }
  try {
    return fn()
  } finally {
    rmSync(lockPath, { recursive: true, force: true })
  }
}
