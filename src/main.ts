#!/usr/bin/env bun
// Entry point: no arguments opens the TUI, anything else is the CLI. Everything is imported only
// when needed, so a CLI command never loads the renderer and a hook never loads the command table.
// The launcher runs the executable (or dist/cli.js, cli-main.ts); this file is the entry of the
// sources, which the launcher runs where no bundle can be built, and of dist/main.js.
import "./jit-at-start.ts"
import { firstStart, freshParts, runFresh, type LoadedEntry } from "./fresh-entry.ts"

/** Which build of dist/ this bundle is (see sameBuild in fresh-entry.ts). */
export { TSK_BUILD as tskBuild } from "./fresh-entry.ts"

export async function main(argv: string[]): Promise<number> {
  // A Claude Code hook runs on every agent event and must answer in a few milliseconds.
  if (argv[0] === "hook" && argv.length === 1) return (await import("./cli/hook-command.ts")).hookMain()
  // dist/main.js compared only its own sources (the hook's) when it started: cli.js's too, first.
  freshParts()
  return (await import("./cli-main.ts")).runCommandLine(argv)
}

/** What a `tsk` process runs: main, then the output drained (the CLI drains its own). Returns the exit code. */
export async function run(argv: string[]): Promise<number> {
  const code = await main(argv)
  await (await import("./cli/process-output.ts")).flushOutput()
  return code
}

if (import.meta.main && firstStart()) {
  const load = async (entry: string): Promise<LoadedEntry> => {
    const fresh = (await import(`${entry}?built=${Date.now()}`)) as { run: typeof run; tskBuild: string | null }
    return { run: fresh.run, build: fresh.tskBuild }
  }
  process.exit(await runFresh(import.meta.path, process.argv.slice(2), run, load))
}
