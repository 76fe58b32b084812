// How an entry point of the bundle (dist/main.js, dist/cli.js) starts: it runs only while no
// source changed since it was built (the launcher does no check of its own, to start faster). A
// stale bundle is rebuilt and the new code runs in this same process; where the build fails (a
// read-only install) the sources run in a child process. The sources themselves just run.
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
  const build = Bun.spawnSync([process.execPath, `${root}/src/setup/build-dist.ts`], { stdio: ["ignore", "ignore", "ignore"] })
  if (build.exitCode === 0) return (await load(`${root}/dist/${self.slice(self.lastIndexOf("/") + 1)}`))(argv)
  const child = Bun.spawn([process.execPath, `--tsconfig-override=${root}/tsconfig.json`, `${root}/src/main.ts`, ...argv], { stdio: ["inherit", "inherit", "inherit"] })
  return child.exited
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
