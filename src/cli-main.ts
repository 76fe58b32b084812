// `tsk` and `tsk <command>`: the TUI (tui-entry.ts) and every command. The bundle builds this file
// (and what it imports) as CommonJS with its bytecode, dist/cli.js, and compiled into the
// executable dist/tsk-cli (see build-dist.ts), which the launcher runs; main.js imports it too;
// so it drains its own output (that bundle holds its own copy of process-output.ts).
import "./jit-at-start.ts"
import { flushOutput, stdoutIsTTY } from "./cli/process-output.ts"
import { firstStart, runFresh, type LoadedEntry } from "./fresh-entry.ts"
import { executableFolder, rerunWithNodeEnv, runsAsExecutable, tskCommandLine } from "./store/tsk-process.ts"
import { tskHome } from "./store/paths.ts"
import { nothingAt } from "./store/bun-files.ts"
import { HOOK_PART } from "./setup/dist-paths.mjs"
import { launchMark } from "./store/launch-trace.ts"

const COMPACTOR_ARG = "__compact-tasks"

/**
 * A command that left task changes in tasks.journal with no runner up starts the background
 * compactor, so tasks.json is current within 2 s (store/background-compaction.ts). Its module is
 * loaded only when a journal is there.
 */
async function keepTasksFileCurrent(): Promise<void> {
  if (process.env.TSK_BACKGROUND_COMPACTION === "0") return
  const home = tskHome(process.env)
  if (nothingAt(`${home}/tasks.journal`)) return
  try {
    const { needsCompactor, startCompactor } = await import("./store/background-compaction.ts")
    if (await needsCompactor(home)) await startCompactor(home, tskCommandLine([]))
  } catch {
    // The runner's or the next command's compaction folds the journal in.
  }
}

/** Which build of dist/ this bundle is (see sameBuild in fresh-entry.ts). */
export { TSK_BUILD as tskBuild } from "./fresh-entry.ts"

export async function runCommandLine(argv: string[]): Promise<number> {
  // The TUI hosts the agent bridge itself when integrations.agent.enabled asks (run-tui.ts).
  if (argv.length === 0) {
    launchMark("cli: command line")
    return rerunWithNodeEnv(argv) ?? (await import("./cli/tui-launch.ts")).launchTui(process.env)
  }
  if (argv[0] === COMPACTOR_ARG && argv.length === 1) {
    await (await import("./store/background-compaction.ts")).runCompactor(tskHome(process.env))
    return 0
  }
  // A Claude Code hook runs on every agent event and must answer in a few milliseconds: its code
  // is part of this bundle, so neither the command table (imported below) nor more.js (and the
  // look at its ~260 sources first) loads for it.
  if (argv[0] === "hook" && argv.length === 1) {
    const code = await (await import("./cli/hook-command.ts")).hookMain()
    await flushOutput()
    return code
  }
  // Imported here, past the hook, which never evaluates the command table (~0.4 ms of its start).
  const [{ runCli }, { rootCommand }] = await Promise.all([import("./cli/run-cli.ts"), import("./cli/commands.ts")])
  const code = await runCli(rootCommand, argv)
  await flushOutput()
  await keepTasksFileCurrent()
  return code
}

// No top-level await in CommonJS. require.main is the file Bun runs (import.meta.path is the
// source's); the executable (dist/tsk-cli) is cli.js's code, and runs as cli.js beside it would.
const self = runsAsExecutable() ? `${executableFolder()}/cli.js` : (require.main?.filename ?? import.meta.path)
if ((runsAsExecutable() || import.meta.main) && firstStart()) {
  launchMark("cli: loaded")
  const load = async (entry: string): Promise<LoadedEntry> => {
    delete require.cache[entry]
    const fresh = require(entry) as { runCommandLine: typeof runCommandLine; tskBuild: string | null }
    return { run: fresh.runCommandLine, build: fresh.tskBuild }
  }
  // Bun drops a `--` right after the script it runs; the executable gets it: the same command line either way.
  const argv = process.argv.slice(2)
  if (runsAsExecutable() && argv[0] === "--") argv.shift()
  const hook = argv[0] === "hook" && argv.length === 1
  // Asked early, off the main thread, for a command's output; the hook prints nothing it needs it for.
  if (!hook) void stdoutIsTTY()
  // The hook runs only its own sources and cli-main.ts: it compares those alone (~45 of ~120 files).
  void runFresh(self, argv, runCommandLine, load, hook ? HOOK_PART : undefined).then((code) => process.exit(code))
}
