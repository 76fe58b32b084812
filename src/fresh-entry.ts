// How an entry point of the bundle (dist/main.js, dist/cli.js) starts: it runs only while no
// source changed since it was built (the launcher does no check of its own, to start faster). A
// stale bundle is rebuilt and the new code runs in this same process; where the build fails (a
// read-only install) the sources run in a child process. The sources themselves just run.
// cli.js and main.js compare only their own sources when they start (~80 and ~30 files instead of
// ~400: ~1 ms of every command and hook), through Bun's file API (node:fs is loaded only when a
// command needs it: see build-dist.ts); before one loads another bundle it compares that one's
// (cli.js: more.js's, tui.js's), or all of them (main.js, before cli.js).
import { mkdirSync, rmSync, statSync } from "node:fs"
import { BUN_FILES, bundleFreshness, bundleIsFresh, bunManifestText, bunRunFlags, checkoutOf, DIST_HOOK_MANIFEST, HOOK_PART, manifestBuild } from "./setup/dist-paths.mjs"
import { TskError } from "./domain/errors.ts"
import { bunCommand } from "./store/tsk-process.ts"

export type RunArgv = (argv: string[]) => Promise<number>

/** An entry point of dist/ just loaded: what it runs, and which build it is (its TSK_BUILD). */
export interface LoadedEntry {
  run: RunArgv
  build: string | null
}

declare const __TSK_BUILD__: string | undefined
/** Which build of dist/ this bundle is (build-dist.ts writes its id into each); null in the sources. */
export const TSK_BUILD: string | null = typeof __TSK_BUILD__ === "string" ? __TSK_BUILD__ : null

/**
 * What the entry point of this process compared: the bundle's folder, whether every bundle's
 * sources, which bundles' own, and the build every bundle it loads must be of.
 */
interface Checked {
  dist: string
  whole: boolean
  parts: Set<string>
  build: string | null
}
const CHECKED = Symbol.for("tsk.entry.checked")
const state = globalThis as { [CHECKED]?: Checked }

/**
 * `self`: the file running now (Bun writes import.meta's paths into a CommonJS bundle as the
 * sources', so the caller asks the module system). `load`: the entry point of the new build.
 * `part`: the manifest's list to compare, when the command runs less than the whole bundle (the
 * hook); by default the bundle's own.
 */
export async function runFresh(self: string, argv: string[], run: RunArgv, load: (entry: string) => Promise<LoadedEntry>, part?: string): Promise<number> {
  if (!self.endsWith(".js")) return run(argv)
  const dist = self.slice(0, self.lastIndexOf("/"))
  const file = self.slice(self.lastIndexOf("/") + 1)
  // The hook reads the manifest of its own list (one of an older build may be missing: the whole one).
  const manifest = (part === HOOK_PART ? await bunManifestText(dist, DIST_HOOK_MANIFEST) : undefined) ?? (await bunManifestText(dist))
  // A manifest of another build (one that landed while this process started) is a stale bundle.
  const fresh = manifest !== undefined && bundleFreshness(dist, part ?? file, { ...BUN_FILES, text: () => manifest }, TSK_BUILD ?? undefined)
  if (fresh) {
    state[CHECKED] = { dist, whole: fresh === "all", parts: new Set([part ?? file]), build: TSK_BUILD }
    return run(argv)
  }
  const root = checkoutOf(dist)
  if (!rebuild(root)) return runSources(root, argv)
  // The bundles it loads must be of the build of the entry that runs (the manifest may still be
  // the one before it, for the moment a build takes to rename its files in).
  const loaded = await load(`${root}/dist/${file}`)
  state[CHECKED] = { dist: `${root}/dist`, whole: true, parts: new Set(), build: loaded.build }
  return loaded.run(argv)
}

/**
 * Runs before an entry loads another bundle of dist/, `part` (in cli.js the build puts the call
 * there; main.ts makes it, without a part, before it imports cli-main.ts, cli.js in the bundle):
 * when a source of that bundle (of any, without a part) changed since the build, dist/ is
 * rebuilt first, so the bundle loaded is the new one; where the build fails, the command runs
 * from the sources instead (nothing of it ran yet: the bundles are loaded before a command runs,
 * or the TUI opens). tui.js has ~320 sources and folders of the ~410, more.js ~260.
 * `beforeRebuild` runs before a rebuild starts (the first screen gives the shell's screen back).
 */
export function freshParts(part?: string, beforeRebuild?: () => void): void {
  const checked = state[CHECKED]
  if (!checked || checked.whole || (part !== undefined && checked.parts.has(part))) return
  const fresh = bundleFreshness(checked.dist, part)
  if (fresh === "all") checked.whole = true
  else if (fresh === "own") checked.parts.add(part!)
  if (fresh) return
  beforeRebuild?.()
  const root = checkoutOf(checked.dist)
  if (!rebuild(root)) process.exit(runSources(root, process.argv.slice(2)))
  checked.build = manifestBuild(checked.dist)
}

/**
 * A bundle of dist/ just required (change.js, more.js, tui.js: the build puts the call there),
 * when it is of the build this process runs; else (a build landed between this process's start
 * and now) the command stops before any of it ran, rather than run two builds' code together.
 */
export function sameBuild<T extends { tskBuild?: string | null }>(bundle: T): T {
  const build = state[CHECKED]?.build
  if (build && bundle.tskBuild !== build) throw new TskError("conflict", "tsk was rebuilt (dist/) while this command started, and nothing of it ran: run it again")
  return bundle
}

/**
 * Rebuilds dist/ of the checkout at `root`; false when the build failed. Processes that start
 * together on the same stale bundle (an agent's hooks and commands after an edit) build it once:
 * the others wait for the lock and find it fresh.
 */
function rebuild(root: string): boolean {
  const out = `${root}/dist`
  let built = true
  holding(`${out}/.rebuild.lock`, () => {
    if (bundleIsFresh(out)) return
    process.stderr.write("tsk: the sources changed since dist/ was built; rebuilding it (a few seconds, once)\n")
    const { bun, env } = bunCommand()
    built = Bun.spawnSync([bun, ...bunRunFlags(root), `${root}/src/setup/build-dist.ts`], { stdio: ["ignore", "ignore", "ignore"], env }).exitCode === 0
  })
  return built
}

/** The command from the sources, in a child process that has the terminal; its exit code. */
function runSources(root: string, argv: string[]): number {
  const { bun, env } = bunCommand()
  const child = Bun.spawnSync([bun, ...bunRunFlags(root), `--tsconfig-override=${root}/tsconfig.json`, `${root}/src/main.ts`, ...argv], { stdio: ["inherit", "inherit", "inherit"], env })
  return child.exitCode ?? 1
}

/** A lock older than this was left by a build that died (a build takes a few seconds). */
const REBUILD_LOCK_STALE_MS = 120_000

/** Runs `work` while holding the lock folder `lock`; where it cannot be made at all (no dist/, read-only), without. */
function holding(lock: string, work: () => void): void {
  for (;;) {
    try {
      mkdirSync(lock)
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") return work()
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs
      if (since !== undefined && Date.now() - since > REBUILD_LOCK_STALE_MS) removeQuietly(lock)
      else Bun.sleepSync(50)
    }
  }
  try {
    work()
  } finally {
    removeQuietly(lock)
  }
}

/** Another start may have removed it first. */
const removeQuietly = (lock: string) => rmSync(lock, { recursive: true, force: true })

const STARTED = Symbol.for("tsk.entry.started")

/**
 * True the first time an entry point asks in this process. Bun counts a bundle that freshness
 * reloaded under its own name as the main module again: it must not start a second time.
 */
export function firstStart(): boolean {
  const started = globalThis as { [STARTED]?: true }
  if (started[STARTED]) return false
  return (started[STARTED] = true)
}
