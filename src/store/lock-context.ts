// The locks the current async call chain holds (AsyncLocalStorage), so every write made inside a
// `withFileLock` — whoever wrote the caller — checks before its rename that those locks are still
// its own: a process paused past the lock's stale time gives its write up instead of renaming an
// old copy over what the next holder wrote. node:async_hooks is loaded when a lock is first taken,
// not by every command that reads (a few ms of start-up).
import type { AsyncLocalStorage } from "node:async_hooks"
import { TskError } from "../domain/errors.ts"

export interface HeldLock {
  readonly path: string
  readonly token: string
  /** True while the lock file still names this holder. */
  stillHeld(): boolean
  /** Set when the holder let go: a timer started inside the lock and firing later is not inside it. */
  released?: boolean
}

/** Thrown by a guarded write whose lock was taken over: nothing was written. */
export class LockLostError extends TskError {
  constructor(file: string) {
    super("conflict", `the lock on ${file.split("/").pop()} was taken over while this process was paused; nothing was written`)
  }
}

let held: AsyncLocalStorage<readonly HeldLock[]> | undefined

export function runHolding<T>(lock: HeldLock, fn: () => Promise<T>): Promise<T> {
  held ??= new (process.getBuiltinModule("node:async_hooks").AsyncLocalStorage)<readonly HeldLock[]>()
  return held.run([...(held.getStore() ?? []), lock], fn)
}

/** Throws LockLostError when a lock this call chain holds was taken over (none before the first lock). */
export function checkHeldLocks(): void {
  for (const lock of held?.getStore() ?? []) if (!lock.released && !lock.stillHeld()) throw new LockLostError(lock.path)
}
