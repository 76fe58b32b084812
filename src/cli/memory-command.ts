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
import { DEFAULT_MARKDOWN_TOKENS, restoreMarkdown } from "../memory/restore-markdown.ts"
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
  if (!Number.isSafeInteger(value) || value < 100) throw new TskError("invalid", `--max-tokens must be a whole number of 100 or more, not '${text}'`)
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

const restoreCommand: CommandSpec = {
  name: "restore",
  summary: "An agent's working context: from the cache when valid, else rebuilt from memory",
  usage: "tsk memory restore <agent> [--markdown] [--max-tokens N] [--json]  |  tsk memory restore --session-start < event.json",
  description: `--json prints the messages and whether the cache was used (source "cache" or "rebuild", with the reason). --markdown prints a bounded Markdown summary (default ${DEFAULT_MARKDOWN_TOKENS} tokens). --session-start is the Claude Code SessionStart hook: it reads the hook event on stdin, restores that session's memory as Markdown (after a compaction or a resume) and prints nothing when the session has none.`,
  options: {
    markdown: { type: "boolean", description: "print bounded Markdown" },
    "session-start": { type: "boolean", description: "SessionStart hook: the agent is the session_id of the event on stdin; no memory prints nothing" },
    "max-tokens": { type: "string", valueName: "N", description: "keep the context within about N tokens (newest messages first)" },
  },
  async run(ctx, input) {
    const maxTokens = maxTokensOption(input)
    if (input.options["session-start"] === true) return sessionStartRestore(ctx, maxTokens)
    const { manager, agentId } = agentArg(ctx, input)
    const restored = await restoreAgent(manager, agentId, maxTokens !== undefined ? { maxTokens } : {})
    const markdown = input.options.markdown === true
    const data = restoreAnswer(restored, markdown ? (maxTokens !== undefined ? { maxTokens } : {}) : null)
    return { data, text: restoreMarkdown(restored, maxTokens).trimEnd() }
  },
}

/** The SessionStart hook: never fails the session, prints nothing without memory. */
async function sessionStartRestore(ctx: CommandContext, maxTokens: number | undefined) {
  const { readStdin } = await import("./hook-command.ts")
  let sessionId: unknown
  try {
    sessionId = (JSON.parse(await readStdin()) as { session_id?: unknown }).session_id
  } catch {
    sessionId = undefined
  }
  if (typeof sessionId !== "string" || agentIdProblem(sessionId) !== null) return { data: null, text: "" }
  const manager = createMemoryManager(ctx.home)
  // A session that starts fresh has nothing to restore: the restore step is given no options.
  const restored = await runRestoreStep(manager, manager.exists(sessionId) ? { agentId: sessionId, ...(maxTokens !== undefined ? { maxTokens } : {}) } : undefined)
  if (!restored) return { data: null, text: "" }
  return { data: restoreAnswer(restored, maxTokens !== undefined ? { maxTokens } : {}), text: restoreMarkdown(restored, maxTokens).trimEnd() }
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
    "Each agent (bridge source + agentId, or a Claude Code session id) has memory under TSK_HOME/memory/agents/<agent>/: an append-only raw log, facts, episodes per compaction, and a snapshot cache that restore prefers when valid.",
  subcommands: [listCommand, showCommand, restoreCommand, compactCommand, rebuildCommand, forgetCommand],
  examples: ["tsk memory list", "tsk memory restore claude-code --markdown --max-tokens 2000", "tsk memory restore claude-code --json"],
}
