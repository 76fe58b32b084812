// How an entry point of the bundle (dist/main.js, dist/cli.js) starts: it runs only while no
// source changed since it was built (the launcher does no check of its own, to start faster). A
// stale bundle is rebuilt and the new code runs in this same process; where the build fails (a
// read-only install) the sources run in a child process. The sources themselves just run.
import { mkdirSync, rmdirSync, statSync } from "node:fs"
import { bundleIsFresh, checkoutOf } from "./setup/dist-paths.mjs"

export type RunArgv = (argv: string[]) => Promise<number>

/**
 * `self`: the file running now (Bun writes import.meta's paths into a CommonJS bundle as the
 * sources', so the caller asks the module system). `load`: the entry point of the new build.
 */
export async function runFresh(self: string, argv: string[], run: RunArgv, load: (entry: string) => Promise<RunArgv>): Promise<number> {
  const dist = self.slice(0, self.lastIndexOf("/"))
  if (!self.endsWith(".js") || bundleIsFresh(dist)) return run(argv)
  const root = checkoutOf(dist)
  const out = `${root}/dist`
  let built = true
  // Processes that start together on the same stale bundle (an agent's hooks and commands after
  // an edit) build it once: the others wait for the lock and find it fresh.
  await holding(`${out}/.rebuild.lock`, () => {
    if (bundleIsFresh(out)) return
    process.stderr.write("tsk: the sources changed since dist/ was built; rebuilding it (a few seconds, once)\n")
    built = Bun.spawnSync([process.execPath, `${root}/src/setup/build-dist.ts`], { stdio: ["ignore", "ignore", "ignore"] }).exitCode === 0
  })
  if (built) return (await load(`${out}/${self.slice(self.lastIndexOf("/") + 1)}`))(argv)
  const child = Bun.spawn([process.execPath, `--tsconfig-override=${root}/tsconfig.json`, `${root}/src/main.ts`, ...argv], { stdio: ["inherit", "inherit", "inherit"] })
  return child.exited
}

/** A lock older than this was left by a build that died (a build takes a few seconds). */
const REBUILD_LOCK_STALE_MS = 120_000

/** Runs `work` while holding the lock folder `lock`; where it cannot be made at all (no dist/, read-only), without. */
async function holding(lock: string, work: () => void): Promise<void> {
  for (;;) {
    try {
      mkdirSync(lock)
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") return work()
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs
      if (since !== undefined && Date.now() - since > REBUILD_LOCK_STALE_MS) removeQuietly(lock)
      else await Bun.sleep(50)
    }
  }
  try {
    work()
  } finally {
    removeQuietly(lock)
  }
}

function removeQuietly(lock: string): void {
  try {
    rmdirSync(lock)
  } catch {
    // another start removed it first
  }
}

const STARTED = Symbol.for("tsk.entry.started")

/**
 * True the first time an entry point asks in this process. Bun counts a bundle that freshness
 * reloaded under its own name as the main module again: it must not start a second time.
 */
export function firstStart(): boolean {
  const state = globalThis as { [STARTED]?: true }
  if (state[STARTED]) return false
  return (state[STARTED] = true)
}
