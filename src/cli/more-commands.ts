// The commands that most runs never use (the C64, the agent's operating state and memory, the
// bridge, MCP, checkpoints, the demo): the bundle compiles this file apart from cli.js, into
// dist/more.js, which cli.js requires only when one of them runs. A start of `tsk list` or
// `tsk add` then instantiates a third of the code it did (see build-dist.ts). Each command is
// still imported on its own, so running from the sources loads only the one asked for.
import type { CommandSpec } from "./command.ts"

/** Which build this bundle is (see sameBuild in fresh-entry.ts). */
export { TSK_BUILD as tskBuild } from "../fresh-entry.ts"

export async function c64(): Promise<CommandSpec> {
  const [{ c64Command, setC64StartHandOff, setC64MachineRoute }, { handC64StartToRunner }, { c64MachineRoute }] = await Promise.all([
    import("./c64-command.ts"),
    import("../bridge/c64-start-handoff.ts"),
    import("../bridge/c64-machine-route.ts"),
  ])
  // With a runner up, `tsk c64 start` hands the task to it instead of running in the foreground.
  setC64StartHandOff(handC64StartToRunner)
  // Machine commands act on the runner's machine (one is started for the sim when none is up).
  setC64MachineRoute(c64MachineRoute)
  return c64Command
}

export const os = async (): Promise<CommandSpec> => (await import("./os-command.ts")).osCommand
export const memory = async (): Promise<CommandSpec> => (await import("./memory-command.ts")).memoryCommand
export const approvals = async (): Promise<CommandSpec> => (await import("./approvals-command.ts")).approvalsCommand
export const hook = async (): Promise<CommandSpec> => (await import("./hook-command.ts")).hookCommand
export const agent = async (): Promise<CommandSpec> => (await import("./agent-command.ts")).agentCommand
export const prime = async (): Promise<CommandSpec> => (await import("./prime-command.ts")).primeCommand
export const mcp = async (): Promise<CommandSpec> => (await import("./mcp-command.ts")).mcpCommand
export const serve = async (): Promise<CommandSpec> => (await import("./serve-command.ts")).serveCommand
export const checkpoint = async (): Promise<CommandSpec> => (await import("./checkpoint-command.ts")).checkpointCommand
export const recover = async (): Promise<CommandSpec> => (await import("./checkpoint-command.ts")).recoverCommand
export const demo = async (): Promise<CommandSpec> => (await import("./demo-command.ts")).demoCommand
export const sync = async (): Promise<CommandSpec> => (await import("./sync-command.ts")).syncCommand
export const mergeDriver = async (): Promise<CommandSpec> => (await import("./sync-command.ts")).mergeDriverCommand
