#!/usr/bin/env bun
// Entry point: no arguments opens the TUI, anything else is the CLI. Everything is imported only
// when needed, so a CLI command never loads the renderer and a hook never loads the command table.

export async function main(argv: string[]): Promise<number> {
  // A Claude Code hook runs on every agent event and must answer in a few milliseconds.
  if (argv[0] === "hook" && argv.length === 1) return (await import("./cli/hook-command.ts")).hookMain()
  if (argv.length === 0) {
    const { startTui } = await import("./tui/start-tui.ts")
    return startTui({
      env: process.env,
      // Loaded only when integrations.agent.enabled asks the TUI to host the bridge.
      startBridge: async (options) => (await import("./bridge/tui-bridge.ts")).tuiBridgeStarter(process.env)(options),
    })
  }
  const [{ runCli }, { rootCommand }] = await Promise.all([import("./cli/run-cli.ts"), import("./cli/commands.ts")])
  return runCli(rootCommand, argv)
}

if (import.meta.main) {
  const code = await main(process.argv.slice(2))
  await (await import("./cli/process-output.ts")).flushOutput()
  process.exit(code)
}
