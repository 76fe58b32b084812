// `tsk mcp`: the MCP server (stdio) for agents; the server itself lives in src/mcp/
import type { CommandSpec } from "./command.ts"
import { invalid } from "../domain/errors.ts"
import { selectTools, type ToolRow } from "../mcp/tool-table.ts"

function toolsOf(value: unknown): ToolRow[] {
  try {
    return selectTools(typeof value === "string" ? value : "core")
  } catch (error) {
    throw invalid(error instanceof Error ? error.message : String(error))
  }
}

export const mcpCommand: CommandSpec = {
  name: "mcp",
  summary: "Run the MCP server on stdio for agents (Claude Code, Codex, ...)",
  usage: "tsk mcp [--tools core|standard|all|name,name,...]",
  description:
    "Speaks the Model Context Protocol on stdin/stdout until the client closes it. Tools run the same commands as the agent bridge; lists come in pages of 50 compact tasks with total and nextOffset. Tiers: core (the default: find, claim, block, log time, complete, note, memory restore and remember), standard (+ list, delete, bulk, timers, projects, tags, stats, os_status, C64 reads), all (+ C64 runs, memory_append and the os-* workflow); or name tools and tiers: --tools core,c64_screen. See docs/mcp.md; set it up with 'tsk agent snippet --mcp'.",
  examples: ["tsk mcp", "tsk mcp --tools all", "tsk mcp --tools core,timer_start,timer_stop", "claude mcp add tsk -- tsk mcp"],
  options: { tools: { type: "string", description: "a tier (core, the default; standard; all) or tool and tier names, comma-separated", valueName: "tier|names" } },
  async run(ctx, { options }) {
    const tools = toolsOf(options.tools)
    const { runMcpStdio } = await import("../mcp/stdio-server.ts")
    await runMcpStdio({ home: ctx.home, env: ctx.env, tools, signal: ctx.signal })
  },
}
