// `tsk mcp`: the MCP server (stdio) for agents; the server itself lives in src/mcp/
import type { CommandSpec } from "./command.ts"
import { invalid } from "../domain/errors.ts"
import { TIERS, type Tier } from "../mcp/tool-table.ts"

function tierOf(value: unknown): Tier {
  if (value === undefined) return "core"
  const tier = TIERS.find((t) => t === value)
  if (!tier) throw invalid(`--tools takes ${TIERS.join(", ")} (got '${String(value)}')`)
  return tier
}

export const mcpCommand: CommandSpec = {
  name: "mcp",
  summary: "Run the MCP server on stdio for agents (Claude Code, Codex, ...)",
  usage: "tsk mcp [--tools core|standard|all]",
  description:
    "Speaks the Model Context Protocol on stdin/stdout until the client closes it. Tools run the same commands as the agent bridge; lists come in pages of 50 compact tasks with total and nextOffset. Tiers: core (about 8 task tools, the default), standard (+ list, delete, bulk, timers, projects, tags, os_status, C64 reads), all (+ C64 runs and the os-* workflow). Set it up with 'tsk agent snippet --mcp'.",
  examples: ["tsk mcp", "tsk mcp --tools all", "claude mcp add tsk -- tsk mcp"],
  options: { tools: { type: "string", description: "tool tier: core (default), standard or all", valueName: "tier" } },
  async run(ctx, { options }) {
    const tier = tierOf(options.tools)
    const { runMcpStdio } = await import("../mcp/stdio-server.ts")
    await runMcpStdio({ home: ctx.home, env: ctx.env, tier, signal: ctx.signal })
  },
}
