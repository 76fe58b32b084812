// `tsk` and `tsk <command>`: the TUI (tui-entry.ts) and every command. The bundle builds this file
// (and what it imports) as CommonJS with its bytecode, dist/cli.js, and compiled into the
// executable dist/tsk-cli (see build-dist.ts), which the launcher runs; main.js imports it too;
// so it drains its own output (that bundle holds its own copy of process-output.ts).
import "./jit-at-start.ts"
import { runCli } from "./cli/run-cli.ts"
import { rootCommand } from "./cli/commands.ts"
import { flushOutput, stdoutIsTTY } from "./cli/process-output.ts"
import { firstStart, runFresh, type LoadedEntry } from "./fresh-entry.ts"
import { executableFolder, rerunWithNodeEnv, runsAsExecutable } from "./store/tsk-process.ts"

/** Which build of dist/ this bundle is (see sameBuild in fresh-entry.ts). */
export { TSK_BUILD as tskBuild } from "./fresh-entry.ts"

export async function runCommandLine(argv: string[]): Promise<number> {
  // The TUI hosts the agent bridge itself when integrations.agent.enabled asks (run-tui.ts).
  if (argv.length === 0) return rerunWithNodeEnv(argv) ?? (await import("./tui-entry.ts")).openTui({ env: process.env })
  const code = await runCli(rootCommand, argv)
  await flushOutput()
  return code
}

// No top-level await in CommonJS. require.main is the file Bun runs (import.meta.path is the
// source's); the executable (dist/tsk-cli) is cli.js's code, and runs as cli.js beside it would.
const self = runsAsExecutable() ? `${executableFolder()}/cli.js` : (require.main?.filename ?? import.meta.path)
if ((runsAsExecutable() || import.meta.main) && firstStart()) {
  void stdoutIsTTY()
  const load = async (entry: string): Promise<LoadedEntry> => {
    delete require.cache[entry]
    const fresh = require(entry) as { runCommandLine: typeof runCommandLine; tskBuild: string | null }
    return { run: fresh.runCommandLine, build: fresh.tskBuild }
  }
  // Bun drops a `--` right after the script it runs; the executable gets it: the same command line either way.
  const argv = process.argv.slice(2)
  if (runsAsExecutable() && argv[0] === "--") argv.shift()
  void runFresh(self, argv, runCommandLine, load).then((code) => process.exit(code))
}
