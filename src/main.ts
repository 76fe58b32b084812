#!/usr/bin/env bun
// Entry point: no arguments opens the TUI, anything else is the CLI. The TUI and its renderer are
// imported only when needed so CLI commands start fast.
import { runCli } from "./cli/run-cli.ts"
import { rootCommand } from "./cli/commands.ts"

export async function main(argv: string[]): Promise<number> {
  // A Claude Code hook runs on every agent event and must answer in a few milliseconds: it skips
  // the command table entirely.
  if (argv[0] === "hook" && argv.length === 1) return (await import("./cli/hook-command.ts")).hookMain()
  if (argv.length === 0) {
    const { startTui } = await import("./tui/start-tui.ts")
    return startTui({
      env: process.env,
      // Loaded only when integrations.agent.enabled asks the TUI to host the bridge.
      startBridge: async (options) => (await import("./bridge/tui-bridge.ts")).tuiBridgeStarter(process.env)(options),
    })
  }
  return runCli(rootCommand, argv)
}

if (import.meta.main) {
  const code = await main(process.argv.slice(2))
  process.exit(code)
}
