// The MCP server: `tools/list` shows the chosen tools with input schemas derived from the bridge's
// payload schemas (strict, every parameter described), output schemas and annotations; `tools/call`
// validates, runs the row's bridge command and bounds the answer, as text and as structured
// content. Failures are tool errors whose text is the CLI's error object,
// `{"error":{"kind","message"}}`, so an agent tells not_found from conflict without parsing prose.
import { Server } from "@modelcontextprotocol/sdk/server/index.js"
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult, type Tool as ListedTool } from "@modelcontextprotocol/sdk/types.js"
import type * as z from "zod"
import { agentSourceOf, createBridgeExecutor, type BridgeExecutor } from "./bridge-executor.ts"
import { boundAnswer, boundFullTask } from "./answer-bounds.ts"
import { taskPage } from "./task-page.ts"
import { defaultsAgent, splitPaging, toolInput, toolJsonSchema } from "./tool-schema.ts"
import { outputJsonSchema, structuredOf } from "./tool-output.ts"
import type { ToolEffect, ToolRow } from "./tool-table.ts"
import { mcpMemoryId, type McpRecorder } from "./mcp-memory.ts"
import { mcpIdentity } from "./mcp-identity.ts"
import { describePayloadIssues } from "../bridge/protocol.ts"
import { invalid, sanitizeErrorMessage, toTskError } from "../domain/errors.ts"

export interface TskMcpOptions {
  home: string
  env: NodeJS.ProcessEnv
  /** The tools to offer (see selectTools in tool-table.ts). */
  tools: readonly ToolRow[]
  version: string
  /** The project folder: part of the agent's memory key (default: the process's folder). */
  folder?: string
}

const INSTRUCTIONS =
  "tsk is the task list this project shares with a person, who sees every change live. Record what you plan, start and finish. " +
  "Lists come in pages of 50 compact tasks: read total and nextOffset, pass offset for more, task_show for one whole task. " +
  "Ids: the full id or a unique prefix. Errors are JSON {error:{kind,message}} with kind not_found, ambiguous, invalid, conflict, io or corrupt. " +
  "memory_restore gives back what you remembered and did in this project folder, also in earlier sessions."

const ANNOTATIONS: Record<ToolEffect, NonNullable<ListedTool["annotations"]>> = {
  read: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  write: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  idempotent: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  destructive: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
}

interface Tool {
  row: ToolRow
  input: z.ZodObject
  listed: ListedTool
}

/** The tools as `tools/list` shows them (also what docs/mcp.md's table is made from). */
export function buildTools(executor: Pick<BridgeExecutor, "payloadOf">, rows: readonly ToolRow[]): Map<string, Tool> {
  const tools = new Map<string, Tool>()
  for (const row of rows) {
    const payload = executor.payloadOf(row.command)
    if (!payload) throw new Error(`tool ${row.name}: no bridge command '${row.command}'`)
    const input = toolInput(row, payload)
    const listed: ListedTool = {
      name: row.name,
      description: row.description,
      inputSchema: toolJsonSchema(input),
      outputSchema: outputJsonSchema(row.output),
      annotations: ANNOTATIONS[row.effect],
    }
    tools.set(row.name, { row, input, listed })
  }
  return tools
}

const text = (value: unknown): CallToolResult["content"] => [{ type: "text", text: JSON.stringify(value) }]

interface Answered {
  result: CallToolResult
  /** The answer as memory records it. */
  answer: { status: "ok"; data: unknown } | { status: "error"; error: string }
}

function errorAnswer(error: unknown): Answered {
  const failure = toTskError(error)
  const message = sanitizeErrorMessage(failure)
  return {
    result: { isError: true, content: text({ error: { kind: failure.kind, message, ...(failure.details ?? {}) } }) },
    answer: { status: "error", error: `${failure.kind}: ${message}` },
  }
}

async function callTool(tool: Tool, executor: BridgeExecutor, args: Record<string, unknown>): Promise<unknown> {
  // An unknown key is named first, whatever else is wrong (a misspelt name explains the rest).
  const known = tool.input.shape
  const unknown = Object.keys(args).filter((key) => !Object.hasOwn(known, key))
  if (unknown.length > 0) throw invalid(`invalid arguments for '${tool.row.name}': unknown parameter${unknown.length === 1 ? "" : "s"} ${unknown.map((k) => `'${k}'`).join(", ")} (it takes ${Object.keys(known).join(", ") || "none"})`)
  const checked = tool.input.safeParse(args)
  if (!checked.success) throw invalid(`invalid arguments for '${tool.row.name}': ${describePayloadIssues(checked.error)}`)
  const { row } = tool
  if (row.answer === "page") {
    const { payload, paging } = splitPaging(args)
    return taskPage(executor, row.command, payload, paging)
  }
  // The executor validates the raw arguments again with the bridge's own schema, as the runner does.
  const data = await executor.run(row.command, args)
  if (row.answer === "budgeted") return data
  return row.answer === "task" ? boundFullTask(data as Record<string, unknown>) : boundAnswer(data)
}

/** `recorder`: where each tools/call goes in the calling agent's memory (none: not recorded). */
export function createTskMcpServer(options: TskMcpOptions, recorder?: McpRecorder): Server {
  const server = new Server({ name: "tsk", version: options.version }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS })
  const clientName = () => server.getClientVersion()?.name
  const executor = createBridgeExecutor({ home: options.home, env: options.env, source: () => agentSourceOf(clientName()), identity: mcpIdentity(options.env, clientName) })
  const tools = buildTools(executor, options.tools)
  const folder = options.folder ?? process.cwd()
  const memoryId = () => mcpMemoryId(server.getClientVersion()?.name, options.env, folder)

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [...tools.values()].map((tool) => tool.listed) }))
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = tools.get(request.params.name)
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `unknown tool '${request.params.name}' (not offered; start with --tools all for every tool)`)
    const given = request.params.arguments ?? {}
    // Memory tools default to the caller's own memory: its name plus this project folder.
    const args = defaultsAgent(tool.row) && given.agentId === undefined ? { ...given, agentId: memoryId() } : given
    // A memory tool sees every call recorded before it (memory_restore hands them back).
    if (recorder && tool.row.command.startsWith("memory-")) await recorder.idle()
    let answered: Answered
    try {
      const data = await callTool(tool, executor, args)
      answered = { result: { content: text(data), structuredContent: structuredOf(data) }, answer: { status: "ok", data } }
    } catch (error) {
      answered = errorAnswer(error)
    }
    recorder?.record({ agentId: memoryId(), tool: tool.row.name, command: tool.row.command, args: given, answer: answered.answer })
    return answered.result
  })
  return server
}
