// The command table: every `tsk` command, in the order `tsk --help` lists them.
import { lazyCommand, type CommandSpec } from "./command.ts"
import { listCommand, nextCommand, readyCommand, showCommand } from "./list-commands.ts"
import { changeCommandHead, type ChangeCommandName } from "./change-command-names.ts"

/** The other commands of every day: a bundle of their own (dist/change.js), loaded when one runs. */
const change = (name: ChangeCommandName) => {
  const { summary, aliases } = changeCommandHead(name)
  return lazyCommand(name, summary, async () => (await import("./change-commands.ts")).changeCommands[name], aliases)
}

/** The rarely used commands: a bundle of their own (dist/more.js), loaded when one runs. */
const more = () => import("./more-commands.ts")

export const rootCommand: CommandSpec = {
  name: "tsk",
  summary: "A keyboard-driven task manager for people and AI coding agents. Run without arguments to open the TUI.",
  usage: "tsk [command] [options]",
  description: "Data lives in TSK_HOME (default ~/.tsk). Exit codes: 0 ok, 1 error, 2 not found, 3 ambiguous id, 4 invalid input. tsk --version prints the version.",
  subcommands: [
    change("add"),
    listCommand,
    readyCommand,
    nextCommand,
    showCommand,
    change("edit"),
    change("done"),
    change("undone"),
    change("start"),
    change("archive"),
    change("claim"),
    change("renew"),
    change("whoami"),
    change("rm"),
    change("note"),
    change("block"),
    change("unblock"),
    change("timer"),
    change("log"),
    change("projects"),
    change("tags"),
    change("stats"),
    change("export"),
    change("import"),
    change("config"),
    change("doctor"),
    lazyCommand("conflicts", "What merging outside changes of tasks.json could not keep; clear them once seen", async () => (await more()).conflicts()),
    lazyCommand("c64", "C64 tasks and the machine: run, start, stop, list, show, peek, poke, screen", async () => (await more()).c64()),
    lazyCommand("os", "Agent operating state: phases, plans, artifacts, issues", async () => (await more()).os()),
    lazyCommand("memory", "Agent working-context memory: list, show, restore, compact, rebuild, forget", async () => (await more()).memory()),
    lazyCommand("hook", "Record a Claude Code / Codex hook event read from stdin (answers permission requests)", async () => (await more()).hook()),
    lazyCommand("approvals", "Agents' permission requests: list, allow, deny, revoke", async () => (await more()).approvals()),
    lazyCommand("agent", "The agent bridge: start, stop, status, send, outbox, clear, snippet", async () => (await more()).agent()),
    lazyCommand("prime", "Print a short markdown summary of the work for an agent's context (hooks)", async () => (await more()).prime()),
    lazyCommand("mcp", "Run the MCP server on stdio for agents (--tools core|standard|all)", async () => (await more()).mcp()),
    lazyCommand("serve", "Run the agent bridge and the C64 scheduler headless", async () => (await more()).serve()),
    lazyCommand("checkpoint", "Recovery checkpoints: list, show, create", async () => (await more()).checkpoint()),
    lazyCommand("recover", "Reconcile the newest checkpoint with the files (--dry-run: only say what)", async () => (await more()).recover()),
    lazyCommand("sync", "Sync the list through git: init <remote>, status; alone: commit, fetch, merge, push", async () => (await more()).sync()),
    lazyCommand("merge-driver", "git's merge driver for tsk's task files (run by git)", async () => (await more()).mergeDriver()),
    lazyCommand("demo", "Open the TUI on a temporary home with sample tasks and a scripted agent", async () => (await more()).demo()),
  ],
  examples: ["tsk", 'tsk add "Fix login bug" -p high -P web', "tsk list --json", "tsk done a1b2"],
}
