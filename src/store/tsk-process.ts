// How this tsk process runs: as dist/tsk-cli, cli.js's code compiled with Bun into one executable
// (see build-dist.ts), or as Bun running a script (a bundle of dist/, or the sources). A process
// that starts tsk again, or a Bun script, asks here how: in the executable, process.execPath is
// tsk itself, which runs its own code whatever the arguments, and acts as Bun only when told to.
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

/** The command line that runs tsk with `args`, as this process was started (the runner's `tsk serve`). */
export function tskCommandLine(args: string[]): string[] {
  return runsAsExecutable() ? [process.execPath, ...args] : [process.execPath, ...process.execArgv, process.argv[1]!, ...args]
}

/** The environment that makes process.execPath the Bun it is built on: BUN_BE_BUN in the executable. */
export function bunEnvironment(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return runsAsExecutable() ? { ...env, BUN_BE_BUN: "1" } : env
}
