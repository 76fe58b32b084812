// Cross-process locks (proper-lockfile: an atomic mkdir of `<name>.lock`, refreshed while held and
// considered stale when its holder died). Every read-modify-write of a shared file runs inside one.
import { dirname } from "node:path"
import { ensureDir } from "./durable-file.ts"
import { TskError } from "../domain/errors.ts"

const STALE_MS = 5000

/**
 * Run `fn` while holding the lock for `path` (the file itself need not exist). Waits for other
 * holders for up to about `waitMs`.
 */
export async function withFileLock<T>(path: string, fn: () => Promise<T>, waitMs = 30000): Promise<T> {
  await ensureDir(dirname(path))
  const maxTimeout = 25
  let release: (() => Promise<void>) | undefined
  try {
    const { default: lockfile } = await import("proper-lockfile")
    release = await lockfile.lock(path, {
      realpath: false,
      stale: STALE_MS,
      retries: { retries: Math.ceil(waitMs / maxTimeout), minTimeout: 2, maxTimeout, factor: 1.5, randomize: true },
      onCompromised: () => {
        // The lock was taken over because we were too slow to refresh it; the write that follows is
        // still atomic, and the re-read inside the lock of the next holder sees it.
      },
    })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === "ELOCKED") throw new TskError("conflict", `another tsk process holds the lock on ${path.split("/").pop()}; try again`)
    throw error
  }
  try {
    return await fn()
  } finally {
    await release().catch(() => {})
  }
}
