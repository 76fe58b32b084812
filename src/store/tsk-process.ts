// How this tsk process runs: as dist/tsk-cli, cli.js's code compiled with Bun into one executable
// (see build-dist.ts), or as Bun running a script (a bundle of dist/, or the sources). A process
// that starts tsk again, or a Bun script, asks here how: in the executable, process.execPath is
// tsk itself, which runs its own code whatever the arguments.
declare const __TSK_EXECUTABLE__: boolean | undefined

const EXECUTABLE = Symbol.for("tsk.executable")
const state = globalThis as { [EXECUTABLE]?: true }
// The build defines it in the executable only. The bundles the executable loads (more.js, tui.js,
// ...) are built apart, each with its own copy of this module: the executable's says so for them.
if (typeof __TSK_EXECUTABLE__ === "boolean" && __TSK_EXECUTABLE__) state[EXECUTABLE] = true

/** True in dist/tsk-cli, and in every bundle it loads. */
export function runsAsExecutable(): boolean {
  return state[EXECUTABLE] === true
}

/** The folder of the executable: dist/, where the bundles it loads are. */
export function executableFolder(): string {
  return process.execPath.slice(0, process.execPath.lastIndexOf("/"))
}

/** The command line that runs tsk with `args`, as this process was started (the runner's `tsk serve`). */
export function tskCommandLine(args: string[]): string[] {
  return runsAsExecutable() ? [process.execPath, ...args] : [process.execPath, ...process.execArgv, process.argv[1]!, ...args]
}

/**
 * How to run a Bun script (a rebuild, the sources): Bun running this process; in the executable,
 * the Bun the launcher found (TSK_BUN, the one in node_modules: a rebuild by it records that
 * Bun's version and builds the executable from it), or where it was started by hand, the
 * executable itself acting as Bun (BUN_BE_BUN, for that one child only).
 */
export function bunCommand(): { bun: string; env: NodeJS.ProcessEnv } {
  if (!runsAsExecutable()) return { bun: process.execPath, env: process.env }
  const bun = process.env.TSK_BUN
  return bun ? { bun, env: process.env } : { bun: process.execPath, env: { ...process.env, BUN_BE_BUN: "1" } }
}

/**
 * In the executable, the modules it loads at run time read `process.env.NODE_ENV` as it was when
 * the process started, whatever the process sets later, and as "development" while it was unset
 * (a Bun executable built without .env loading, as ours is so that a project's variables never
 * become tsk's; Bun 1.4.5). React from node_modules then loads its development build beside
 * OpenTUI's production reconciler, and the TUI draws nothing. The launcher starts it with
 * NODE_ENV=production; started otherwise (by hand), it runs itself again so for the TUI (`tsk`,
 * `tsk demo`) and gives that run's exit code.
 */
export function rerunWithNodeEnv(argv: string[]): number | undefined {
  if (!runsAsExecutable() || Object.getOwnPropertyDescriptor(process.env, "NODE_ENV")?.value === "production") return undefined
  const child = Bun.spawnSync([process.execPath, ...argv], { stdio: ["inherit", "inherit", "inherit"], env: { ...process.env, NODE_ENV: "production" } })
  return child.exitCode ?? 1
}
