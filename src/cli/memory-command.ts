// `tsk memory list | show | restore | compact | rebuild | forget`: agent working-context memory
// from the command line, through the same manager as the memory-* bridge commands.
import type { CommandContext, CommandInput, CommandSpec } from "./command.ts"
import { TskError } from "../domain/errors.ts"
import { formatDuration } from "../domain/duration.ts"
import { agentIdProblem, checkAgentId } from "../memory/agent-id.ts"
import { listAgentMemories, summarizeAgent, type AgentMemorySummary } from "../memory/agent-list.ts"
import { describeSummary } from "../memory/compaction.ts"
import { readEpisodes } from "../memory/episodes.ts"
import { createMemoryManager, type MemoryManager } from "../memory/memory-manager.ts"
import { foldFacts, readFactRecords } from "../memory/record-parse.ts"
import { restoreAgent, runRestoreStep } from "../memory/restore-step.ts"
import { restoreMarkdown } from "../memory/restore-markdown.ts"
import { DEFAULT_RESTORE_TOKENS } from "../memory/token-budget.ts"
import { hookMemoryId, HOOK_AGENT_NAME } from "../memory/hook-messages.ts"
import { agentName, memoryKey, surfaceAgentName } from "../memory/memory-key.ts"
import { resolve } from "node:path"
import { deserialize } from "../memory/serializer.ts"
import { readSnapshotText } from "../memory/snapshot-store.ts"
import { restoreAnswer } from "../bridge/memory-commands.ts"

function agentArg(ctx: CommandContext, input: CommandInput, given?: string): { manager: MemoryManager; agentId: string } {
  const agentId = given ?? input.positionals[0]
  if (!agentId) throw new TskError("invalid", "an agent id is required (see tsk memory list)")
  checkAgentId(agentId)
  const manager = createMemoryManager(ctx.home)
  if (!manager.exists(agentId)) throw new TskError("not_found", `no memory for agent '${agentId}' (see tsk memory list)`)
  return { manager, agentId }
}

function maxTokensOption(input: CommandInput): number | undefined {
  const text = input.options["max-tokens"]
  if (typeof text !== "string") return undefined
  const value = Number(text)
  if (!Number.isInteger(value) || value < 100) throw new TskError("invalid", `--max-tokens must be a whole number of 100 or more, not '${text}'`)
  return value
}

const ago = (iso: string | null, now: number) => (iso === null ? "never" : `${formatDuration(Math.max(0, now - Date.parse(iso)))} ago`)

export function agentLine(agent: AgentMemorySummary, now = Date.now(), idWidth = 0): string {
  return `${agent.agent_id.padEnd(idWidth)}  epoch ${agent.epoch_id}, ${agent.messages} messages, active ${ago(agent.last_activity, now)}, snapshot ${ago(agent.snapshot_at, now)}`
}

const listCommand: CommandSpec = {
  name: "list",
  summary: "Agents with memory: last activity, epoch, raw messages, snapshot age",
  usage: "tsk memory list [--json]",
  async run(ctx) {
    const agents = listAgentMemories(ctx.home)
    return { data: agents, text: agents.length === 0 ? "No agent memory yet." : agents.map((a) => agentLine(a, Date.now(), Math.max(...agents.map((b) => b.agent_id.length)))).join("\n") }
  },
}

const showCommand: CommandSpec = {
  name: "show",
  summary: "One agent's memory: facts, episodes, and whether its snapshot cache can be trusted",
  usage: "tsk memory show <agent> [--json]",
  async run(ctx, input) {
    const { manager, agentId } = agentArg(ctx, input)
    const paths = manager.paths(agentId)
    const facts = Object.fromEntries(foldFacts(readFactRecords(paths.facts).records))
    const episodes = (await readEpisodes(paths.episodes)).epochs
    const text = await readSnapshotText(paths.snapshot)
    const check = text === null ? { ok: false as const, reason: "there is no cache yet" } : deserialize(text, agentId)
    const snapshot = check.ok ? { valid: true, epoch_id: check.snapshot.epoch_id, messages: check.snapshot.messages.length } : { valid: false, reason: check.reason }
    const data = { ...summarizeAgent(ctx.home, agentId), facts, episodes, snapshot }
    const lines = [
      agentLine(data),
      `Snapshot: ${snapshot.valid ? `valid (epoch ${snapshot.epoch_id}, ${snapshot.messages} messages)` : `not used: ${snapshot.reason}`}`,
      Object.keys(facts).length === 0 ? "Facts: none" : "Facts:",
      ...Object.entries(facts).map(([k, v]) => `  ${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`),
      ...episodes.map((e) => `Epoch ${e.epoch_id} (${e.messages} messages, ${e.ts}):\n${describeSummary(e.summary).replace(/^/gm, "  ")}`),
    ]
    return { data, text: lines.join("\n") }
  },
}

function beforeOption(input: CommandInput): number | undefined {
  const text = input.options.before
  if (typeof text !== "string") return undefined
  const value = Number(text)
  if (!Number.isInteger(value) || value < 0) throw new TskError("invalid", `--before must be a whole number of 0 or more, not '${text}'`)
  return value
}

const restoreCommand: CommandSpec = {
  name: "restore",
  summary: "An agent's working context: from the cache when valid, else rebuilt from memory",
  usage: "tsk memory restore <agent> [--markdown] [--max-tokens N] [--before N] [--json]  |  tsk memory restore --session-start < event.json",
  description: `Memory first (facts, episode summaries), then the newest messages within the budget (default ${DEFAULT_RESTORE_TOKENS} tokens); the answer says how many older ones were left out and the --before that pages back to them. --json prints the messages and whether the cache was used (source "cache" or "rebuild", with the reason). --markdown prints the same as Markdown. --session-start is the Claude Code SessionStart hook: it reads the hook event on stdin and restores the memory of the agent in the event's folder (see docs/agent-memory.md; a session recorded before the key existed by its session_id), as Markdown, and prints nothing when there is none.`,
  options: {
    markdown: { type: "boolean", description: "print bounded Markdown" },
    "session-start": { type: "boolean", description: "SessionStart hook: the agent and folder come from the event on stdin; no memory prints nothing" },
    "max-tokens": { type: "string", valueName: "N", description: `keep the answer within about N tokens (default ${DEFAULT_RESTORE_TOKENS}; memory first, then the newest messages)` },
    before: { type: "string", valueName: "N", description: "page back: only messages older than position N (an earlier answer's before)" },
  },
  async run(ctx, input) {
    const maxTokens = maxTokensOption(input) ?? DEFAULT_RESTORE_TOKENS
    if (input.options["session-start"] === true) return sessionStartRestore(ctx, maxTokens)
    const { manager, agentId } = agentArg(ctx, input)
    const before = beforeOption(input)
    const window = { maxTokens, ...(before !== undefined ? { before } : {}) }
    const restored = await restoreAgent(manager, agentId, window)
    const data = restoreAnswer(restored, input.options.markdown === true ? window : null)
    return { data, text: restoreMarkdown(restored, maxTokens, before).trimEnd() }
  },
}

/** The SessionStart hook: never fails the session, prints nothing without memory. */
async function sessionStartRestore(ctx: CommandContext, maxTokens: number) {
  const { readStdin } = await import("./hook-command.ts")
  let event: Record<string, unknown> = {}
  try {
    const parsed: unknown = JSON.parse(await readStdin())
    if (parsed && typeof parsed === "object") event = parsed as Record<string, unknown>
  } catch {
    event = {}
  }
  const manager = createMemoryManager(ctx.home)
  // The agent's memory in this folder; a session recorded under its own id before the key existed.
  const sessionId = typeof event.session_id === "string" && agentIdProblem(event.session_id) === null ? event.session_id : null
  const candidates = [hookMemoryId(event, ctx.env), sessionId].filter((id): id is string => id !== null)
  const agentId = candidates.find((id) => manager.exists(id))
  // A session that starts fresh has nothing to restore: the restore step is given no options.
  const restored = await runRestoreStep(manager, agentId !== undefined ? { agentId, maxTokens } : undefined)
  if (!restored) return { data: null, text: "" }
  return { data: restoreAnswer(restored, { maxTokens }), text: restoreMarkdown(restored, maxTokens).trimEnd() }
}

const keyCommand: CommandSpec = {
  name: "key",
  summary: "The memory key of an agent in a folder (the one every surface uses)",
  usage: "tsk memory key [--agent NAME] [--folder DIR] [--json]",
  description: "The agent's name plus the project folder: TSK_AGENT, else --agent, else claude-code; the folder is the current one unless --folder. An MCP server, the hooks and memory_* tools use this key by default.",
  options: {
    agent: { type: "string", valueName: "NAME", description: "the agent's name (default: TSK_AGENT, else claude-code)" },
    folder: { type: "string", valueName: "DIR", description: "the project folder (default: the current folder)" },
  },
  async run(ctx, input) {
    const named = typeof input.options.agent === "string" ? agentName(input.options.agent) : HOOK_AGENT_NAME
    const name = surfaceAgentName(ctx.env, named)
    const folder = resolve(typeof input.options.folder === "string" ? input.options.folder : process.cwd())
    const key = memoryKey(name, folder)
    return { data: { agentId: key, agent: name, folder, exists: createMemoryManager(ctx.home).exists(key) }, text: key }
  },
}

const compactCommand: CommandSpec = {
  name: "compact",
  summary: "Close the current epoch: summarise its raw messages into an episode (the log is kept)",
  usage: "tsk memory compact <agent> [--json]",
  async run(ctx, input) {
    const { manager, agentId } = agentArg(ctx, input)
    const result = await manager.compact(agentId)
    const text = result.epoch ? `Compacted ${agentId}: epoch ${result.epoch.epoch_id} (${result.epoch.messages} messages)` : `Nothing to compact for ${agentId}`
    return { data: result, text }
  },
}

const rebuildCommand: CommandSpec = {
  name: "rebuild",
  summary: "Rewrite the snapshot cache from memory (episodes, facts, raw tail)",
  usage: "tsk memory rebuild <agent> [--json]",
  async run(ctx, input) {
    const { manager, agentId } = agentArg(ctx, input)
    const { text, previous, context } = await manager.rebuild(agentId)
    const data = { agent_id: agentId, epoch_id: context.position.epochId, messages: context.buildMessages().length, bytes: Buffer.byteLength(text), unchanged: previous === text }
    return { data, text: `Rebuilt ${agentId}: ${data.messages} messages${data.unchanged ? " (the cache was already identical)" : ""}` }
  },
}

const forgetCommand: CommandSpec = {
  name: "forget",
  summary: "Delete an agent's memory (raw log, facts, episodes, cache)",
  usage: "tsk memory forget <agent> [--json]",
  async run(ctx, input) {
    const { manager, agentId } = agentArg(ctx, input)
    await manager.forget(agentId)
    return { data: { agent_id: agentId, forgotten: true }, text: `Forgot ${agentId}` }
  },
}

export const memoryCommand: CommandSpec = {
  name: "memory",
  summary: "Agent working-context memory: list, show, restore, compact, rebuild, forget",
  usage: "tsk memory <command>",
  description:
    "Each agent (its name plus the project folder, see tsk memory key; a bridge source + agentId; older Claude Code sessions by session id) has memory under TSK_HOME/memory/agents/<agent>/: an append-only raw log, facts, episodes per compaction, and a snapshot cache that restore prefers when valid.",
  subcommands: [listCommand, showCommand, restoreCommand, keyCommand, compactCommand, rebuildCommand, forgetCommand],
  examples: ["tsk memory list", "tsk memory restore claude-code --markdown --max-tokens 2000", "tsk memory restore claude-code --json"],
}
