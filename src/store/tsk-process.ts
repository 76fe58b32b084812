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
 * The TUI draws nothing from the executable: in it, React from node_modules loads its development
 * build whatever NODE_ENV says (Bun 1.4.5), and OpenTUI's reconciler (opentui.js) the production
 * one. The launcher runs the TUI (`tsk`, `tsk demo`) with Bun; the executable, asked for it all
 * the same (run by hand, or `tsk --json demo`), runs the same command line with Bun on cli.js
 * beside it, in the same terminal, and gives its exit code.
 */
export function rerunWithBun(argv: string[]): number {
  const { bun, env } = bunCommand()
  // No .env and no bunfig.toml of the current folder, as the launcher runs Bun; a bundle needs no bunfig.
  const child = Bun.spawnSync([bun, "--no-env-file", "--config=/dev/null", `${executableFolder()}/cli.js`, ...argv], { stdio: ["inherit", "inherit", "inherit"], env })
  return child.exitCode ?? 1
}
