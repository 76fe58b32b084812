#!/usr/bin/env bun
// Entry point: no arguments opens the TUI, anything else is the CLI. Everything is imported only
// when needed, so a CLI command never loads the renderer and a hook never loads the command table.
import { bundleIsFresh, checkoutOf } from "./setup/dist-paths.mjs"

export async function main(argv: string[]): Promise<number> {
  // A Claude Code hook runs on every agent event and must answer in a few milliseconds.
  if (argv[0] === "hook" && argv.length === 1) return (await import("./cli/hook-command.ts")).hookMain()
  if (argv.length === 0) {
    const { startTui } = await import("./tui/start-tui.ts")
    return startTui({
      env: process.env,
      loadApp: async () => (await import("../components/app.tsx")).App,
      // Loaded only when integrations.agent.enabled asks the TUI to host the bridge.
      startBridge: async (options) => (await import("./bridge/tui-bridge.ts")).tuiBridgeStarter(process.env)(options),
    })
  }
  const [{ runCli }, { rootCommand }] = await Promise.all([import("./cli/run-cli.ts"), import("./cli/commands.ts")])
  return runCli(rootCommand, argv)
}

/** What a `tsk` process runs: main, then the output drained. Returns the exit code. */
export async function run(argv: string[]): Promise<number> {
  const code = await main(argv)
  await (await import("./cli/process-output.ts")).flushOutput()
  return code
}

/**
 * The bundle (dist/main.js) runs only while no source changed since it was built (the launcher
 * does no check of its own, to start faster). A stale one is rebuilt and the new one runs in
 * this same process; where that fails (a read-only install) the sources run in a child process.
 */
async function freshEntry(): Promise<{ run: (argv: string[]) => Promise<number> }> {
  const dist = import.meta.dir
  if (!import.meta.path.endsWith(".js") || bundleIsFresh(dist)) return { run }
  const root = checkoutOf(dist)
  const build = Bun.spawnSync([process.execPath, `${root}/src/setup/build-dist.ts`], { stdio: ["ignore", "ignore", "ignore"] })
  if (build.exitCode === 0) return import(`${root}/dist/main.js?built=${Date.now()}`)
  return {
    run: async (argv) => {
      const child = Bun.spawn([process.execPath, `--tsconfig-override=${root}/tsconfig.json`, `${root}/src/main.ts`, ...argv], { stdio: ["inherit", "inherit", "inherit"] })
      return child.exited
    },
  }
}

if (import.meta.main) {
  process.exit(await (await freshEntry()).run(process.argv.slice(2)))
}
