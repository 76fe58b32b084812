// Real temporary folders for C64 state, removed after each test.
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"

export async function makeTempHome(prefix = "tsk-c64-"): Promise<{ home: string; cleanup(): Promise<void> }> {
  const home = await mkdtemp(join(tmpdir(), prefix))
  return { home, cleanup: () => rm(home, { recursive: true, force: true }) }
}

/** Resolves once `predicate` holds, checking every few ms; fails the test after `timeoutMs`. */
export async function waitFor<T>(predicate: () => Promise<T | false | null | undefined> | T | false | null | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await predicate()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
