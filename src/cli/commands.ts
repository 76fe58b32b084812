// The command table: every `tsk` command, in the order `tsk --help` lists them.
import { lazyCommand, type CommandSpec } from "./command.ts"
import { addCommand, editCommand, listCommand, showCommand } from "./task-commands.ts"
import {
  archiveCommand,
  blockTaskCommand,
  doneCommand,
  noteCommand,
  rmCommand,
  startCommand,
  unblockTaskCommand,
  undoneCommand,
} from "./task-change-commands.ts"
import { logCommand, timerCommand } from "./timer-commands.ts"
import { projectsCommand, statsCommand, tagsCommand } from "./summary-commands.ts"
import { configCommand, doctorCommand } from "./admin-commands.ts"

export const rootCommand: CommandSpec = {
  name: "tsk",
  summary: "A keyboard-driven task manager for people and AI coding agents. Run without arguments to open the TUI.",
  usage: "tsk [command] [options]",
  description: "Data lives in TSK_HOME (default ~/.tsk). Exit codes: 0 ok, 1 error, 2 not found, 3 ambiguous id, 4 invalid input.",
  subcommands: [
    addCommand,
    listCommand,
    showCommand,
    editCommand,
    doneCommand,
    undoneCommand,
    startCommand,
    archiveCommand,
    rmCommand,
    noteCommand,
    blockTaskCommand,
    unblockTaskCommand,
    timerCommand,
    logCommand,
    projectsCommand,
    tagsCommand,
    statsCommand,
    configCommand,
    doctorCommand,
    lazyCommand("c64", "C64 tasks and the machine: run, start, stop, list, show, peek, poke, screen", async () => {
      const [{ c64Command, setC64StartHandOff }, { handC64StartToRunner }] = await Promise.all([
        import("./c64-command.ts"),
        import("../bridge/c64-start-handoff.ts"),
      ])
      // With a runner up, `tsk c64 start` hands the task to it instead of running in the foreground.
      setC64StartHandOff(handC64StartToRunner)
      return c64Command
    }),
    lazyCommand("os", "Agent operating state: phases, plans, artifacts, issues", async () => (await import("./os-command.ts")).osCommand),
    lazyCommand("hook", "Record a Claude Code hook event read from stdin", async () => (await import("./hook-command.ts")).hookCommand),
    lazyCommand("agent", "The agent bridge: start, stop, status, send, outbox, clear, snippet", async () => (await import("./agent-command.ts")).agentCommand),
    lazyCommand("serve", "Run the agent bridge and the C64 scheduler headless", async () => (await import("./serve-command.ts")).serveCommand),
    lazyCommand("checkpoint", "Recovery checkpoints: list, show, create", async () => (await import("./checkpoint-command.ts")).checkpointCommand),
    lazyCommand("recover", "Reconcile the newest checkpoint with the files (--dry-run: only say what)", async () => (await import("./checkpoint-command.ts")).recoverCommand),
    lazyCommand("demo", "Open the TUI on a temporary home with sample tasks and a scripted agent", async () => (await import("./demo-command.ts")).demoCommand),
  ],
  examples: ["tsk", 'tsk add "Fix login bug" -p high -P web', "tsk list --json", "tsk done a1b2"],
}
