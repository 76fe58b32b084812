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

/**
 * The TUI draws nothing from the executable: in it, React from node_modules loads its development
 * build whatever NODE_ENV says (Bun 1.4.5), and OpenTUI's reconciler (opentui.js) the production
 * one. The launcher runs the TUI (`tsk`, `tsk demo`) with Bun; the executable, asked for it all
 * the same (run by hand, or `tsk --json demo`), runs the same command line with Bun on cli.js
 * beside it, in the same terminal, and gives its exit code.
 */
export function rerunWithBun(argv: string[]): number {
  const dist = process.execPath.slice(0, process.execPath.lastIndexOf("/"))
  // No .env and no bunfig.toml of the current folder, as the launcher runs Bun; a bundle needs no bunfig.
  const child = Bun.spawnSync([process.execPath, "--no-env-file", "--config=/dev/null", `${dist}/cli.js`, ...argv], { stdio: ["inherit", "inherit", "inherit"], env: bunEnvironment() })
  return child.exitCode ?? 1
}

/** The environment that makes process.execPath the Bun it is built on: BUN_BE_BUN in the executable. */
export function bunEnvironment(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return runsAsExecutable() ? { ...env, BUN_BE_BUN: "1" } : env
}
