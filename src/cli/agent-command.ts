// tsk agent start | stop | status | send | outbox | clear | snippet — the agent bridge from the
// command line (DESIGN section 7).
import type { CommandContext, CommandSpec } from "./command.ts"
import { startBridgeRunner, type BridgeRunner, type ProcessedEvent } from "../bridge/runner.ts"
import { sendAgentCommand } from "../bridge/send-command.ts"
import { givenName } from "../domain/agent-identity.ts"
import { clearOutbox, readOutbox } from "../bridge/outbox.ts"
import { describeResponse, outboxLine } from "../bridge/response-text.ts"
import { agentSnippet } from "../bridge/agent-snippet.ts"
import { defaultRunnerServices } from "../bridge/default-services.ts"
import { readRunnerStatus, requestRunnerStop, type RunnerStatus } from "../store/runner-role.ts"
import { TskError, errorKindOf, exitCodeFor, invalid } from "../domain/errors.ts"
import { errorObject } from "./run-cli.ts"
import { escapeControls } from "../domain/text-safety.ts"

/** `2s`, `1.5s`, `500ms`. */
export function formatPoll(ms: number): string {
  return ms >= 1000 ? `${Number((ms / 1000).toFixed(1))}s` : `${ms}ms`
}

export function statusLine(status: RunnerStatus): string {
  if (!status.running) return "Agent bridge: stopped"
  const n = status.processed
  return `Agent bridge: running (poll: ${formatPoll(status.pollIntervalMs ?? 2000)}, processed: ${n} command${n === 1 ? "" : "s"})`
}

export function processingLine(event: ProcessedEvent): string {
  const what = [event.command, event.subject].filter((part) => part.length > 0).join(" ")
  return escapeControls(`Processing: ${what} → ${event.status === "ok" ? "ok" : `error: ${event.error ?? event.summary}`}`)
}

/** Print each processed command, then wait for Ctrl+C or for the runner to stop on its own. */
export async function runInForeground(ctx: CommandContext, runner: BridgeRunner): Promise<string> {
  runner.onEvent((event) => ctx.print(ctx.json ? JSON.stringify(event) : processingLine(event)))
  const interrupted = new Promise<"interrupted">((resolve) => {
    if (ctx.signal.aborted) resolve("interrupted")
    ctx.signal.addEventListener("abort", () => resolve("interrupted"), { once: true })
  })
  const reason = await Promise.race([interrupted, runner.stopped])
  if (reason !== "interrupted") {
    await runner.stop()
    return reason
  }
  // A signal stops the runner within 2 s whatever it is doing: a unit cut short is finished by the
  // next runner from its journal (the same as after a kill), so waiting longer buys nothing.
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), STOP_GRACE_MS)))
  const outcome = await Promise.race([runner.stop().then(() => "stopped" as const), late])
  clearTimeout(timer)
  if (outcome === "late") {
    ctx.printErr(`tsk: the runner did not stop within ${STOP_GRACE_MS} ms of the signal; exiting now (the next runner finishes its work from the journal)`)
    process.exit(0)
  }
  return reason
}

/** How long a signalled runner may take to stop before its process exits anyway. */
const STOP_GRACE_MS = 1500

const waitFor = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const start: CommandSpec = {
  name: "start",
  summary: "Run the agent bridge in the foreground (Ctrl+C stops it)",
  usage: "tsk agent start",
  examples: ["tsk agent start"],
  async run(ctx) {
    let runner: BridgeRunner | null = null
    // A one-shot `tsk agent send` holds the role for a moment; wait it out.
    for (let tries = 0; !runner && tries < 50; tries++) {
      runner = startBridgeRunner({ home: ctx.home, services: defaultRunnerServices(ctx.env), onError: (m) => ctx.printErr(`agent bridge: ${m}`) })
      const status = readRunnerStatus(ctx.home)
      if (!runner && status.running) throw new TskError("conflict", `an agent bridge is already running (pid ${status.pid} on ${status.host})`)
      if (!runner) await waitFor(100)
    }
    if (!runner) throw new TskError("conflict", "another tsk process holds the runner role; try again")
    await runner.ready
    if (!ctx.json) ctx.print(`Agent bridge listening... (poll: ${formatPoll(runner.pollIntervalMs)})`)
    const reason = await runInForeground(ctx, runner)
    const text = `Agent bridge stopped${reason === "taken-over" ? " (another process took over)" : ""} (processed ${runner.processed} command${runner.processed === 1 ? "" : "s"})`
    return { data: { stopped: reason, processed: runner.processed }, text }
  },
}

const stop: CommandSpec = {
  name: "stop",
  summary: "Stop the agent bridge running in another process",
  usage: "tsk agent stop",
  async run(ctx) {
    const before = await requestRunnerStop(ctx.home)
    if (!before.live) return { data: { stopped: false, status: before }, text: "Agent bridge: not running" }
    const deadline = Date.now() + 6000
    while (readRunnerStatus(ctx.home).live && Date.now() < deadline) await waitFor(50)
    if (readRunnerStatus(ctx.home).live) throw new TskError("io", `the agent bridge (pid ${before.pid}) did not stop within 6 s`)
    return { data: { stopped: true, pid: before.pid, processed: readRunnerStatus(ctx.home).processed }, text: `Agent bridge stopped (pid ${before.pid})` }
  },
}

const status: CommandSpec = {
  name: "status",
  summary: "Say whether a bridge runs, its poll interval and how many commands it processed",
  usage: "tsk agent status",
  async run(ctx) {
    const current = readRunnerStatus(ctx.home)
    const details = current.running ? `\n  ${ctx.style.dim(`pid ${current.pid} on ${current.host}, since ${current.started}`)}` : ""
    return { data: current, text: statusLine(current) + details }
  },
}

function parseCommandJson(text: string | undefined): Record<string, unknown> {
  if (text === undefined || text.trim().length === 0) throw invalid(`missing command. Usage: tsk agent send '<json>', e.g. tsk agent send '{"command":"list"}'`)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw invalid(`the command is not valid JSON (${error instanceof Error ? error.message : String(error)})`)
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw invalid('the command must be a JSON object like {"command":"list","payload":{}}')
  return value as Record<string, unknown>
}

const send: CommandSpec = {
  name: "send",
  summary: "Send one command through the bridge and print its answer (works without a runner)",
  usage: "tsk agent send '<json>'",
  examples: [
    `tsk agent send '{"command":"create","payload":{"title":"Fix bug","priority":"high"}}'`,
    `tsk agent send '{"command":"complete","payload":{"taskId":"a1b2"}}' --json`,
  ],
  async run(ctx, { positionals }) {
    const raw = parseCommandJson(positionals.join(" "))
    // TSK_AGENT names the sender, as on every surface, unless the command names its own agentId.
    const agent = givenName(ctx.env.TSK_AGENT)
    if (raw.agentId === undefined && agent !== undefined) raw.agentId = agent
    const { command, response } = await sendAgentCommand(ctx.home, raw, { services: defaultRunnerServices(ctx.env) })
    const name = typeof command.command === "string" ? command.command : "command"
    const text = describeResponse(name, response, ctx.style)
    if (response.status === "ok") return { data: response, text }
    // A failed command reads like a failed CLI command: the CLI's error object and exit code, with
    // the command's id and whatever detail the answer carried (an os command's resulting state).
    const details = { commandId: response.commandId, ...(response.data !== undefined ? { data: response.data } : {}) }
    const error = new TskError(errorKindOf(response.errorKind, "io"), response.error ?? "failed", details)
    return { data: errorObject(error), text, exitCode: exitCodeFor(error) }
  },
}

const outbox: CommandSpec = {
  name: "outbox",
  summary: "Show the last 10 responses",
  usage: "tsk agent outbox",
  async run(ctx) {
    const last = (await readOutbox(ctx.home)).slice(-10)
    return { data: last, text: last.length === 0 ? ctx.style.dim("The outbox is empty.") : last.map((r) => outboxLine(r, ctx.style)).join("\n") }
  },
}

const clear: CommandSpec = {
  name: "clear",
  summary: "Empty the outbox",
  usage: "tsk agent clear",
  async run(ctx) {
    const removed = await clearOutbox(ctx.home)
    return { data: { cleared: removed }, text: `${ctx.style.green("✓")} Outbox cleared (${removed} response${removed === 1 ? "" : "s"})` }
  },
}

const snippet: CommandSpec = {
  name: "snippet",
  summary: "Print a CLAUDE.md section that teaches an agent tsk (--hooks: Claude Code hooks, --codex for Codex's; --mcp: MCP set-up)",
  usage: "tsk agent snippet [--hooks [--codex] | --mcp]",
  options: {
    hooks: { type: "boolean", description: "print the Claude Code hooks settings block (tsk hook, tsk prime; PermissionRequest answered from tsk) instead" },
    codex: { type: "boolean", description: "with --hooks: Codex's hooks.json (~/.codex/hooks.json) instead of Claude Code's settings" },
    mcp: { type: "boolean", description: "print the MCP server configuration for Claude Code, .mcp.json and Codex instead" },
  },
  async run(ctx, { options }) {
    if (options.hooks === true || options.mcp === true) {
      const { agentHookSettings, codexAgentHookSettings, launcherPath, mcpServerEntry, mcpSnippet } = await import("./agent-setup.ts")
      const target = { launcher: launcherPath(), ...(ctx.env.TSK_HOME ? { home: ctx.home } : {}) }
      if (options.mcp === true) return { data: { mcpServers: { tsk: mcpServerEntry(target) } }, text: mcpSnippet(target) }
      const settings = options.codex === true ? codexAgentHookSettings(target) : agentHookSettings(target)
      return { data: settings, text: JSON.stringify(settings, null, 2) }
    }
    const text = agentSnippet(ctx.home)
    return { data: { markdown: text }, text }
  },
}

export const agentCommand: CommandSpec = {
  name: "agent",
  summary: "The agent bridge: agents create and update tasks through files",
  usage: "tsk agent <command>",
  description:
    "Agents write commands to agent-inbox.json or agent-inbox.d/ in TSK_HOME and read answers from agent-outbox.json. A runner (tsk agent start, tsk serve, or the TUI with integrations.agent.enabled) processes them; tsk agent send works without one.",
  examples: ["tsk agent start", `tsk agent send '{"command":"list"}'`, "tsk agent status", "tsk agent snippet >> CLAUDE.md"],
  subcommands: [start, stop, status, send, outbox, clear, snippet],
}
