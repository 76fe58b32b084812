// Every tool the server offers, whatever its tier or who added it: every top-level parameter has
// a description, the input schema refuses unknown keys (and the call does), an output schema and
// the three behaviour hints are declared, and answers carry structured content.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Tool } from "@modelcontextprotocol/sdk/types.js"
import { makeTempHome } from "../helpers/temp-home.ts"
import { resultJson, startMcp, type McpSession } from "./mcp-client.ts"
import { runTskJson } from "../helpers/run-tsk.ts"
import { TOOL_TABLE } from "../../src/mcp/tool-table.ts"

let temp: ReturnType<typeof makeTempHome>
let session: McpSession
let tools: Tool[]

beforeAll(async () => {
  temp = makeTempHome("tsk-mcp-quality-")
  session = await startMcp(temp.home, ["--tools", "all"])
  tools = (await session.client.listTools()).tools
}, 60_000)
afterAll(async () => {
  await session.close()
  temp.cleanup()
})

const properties = (tool: Tool) => Object.entries((tool.inputSchema.properties ?? {}) as Record<string, { description?: string }>)

describe("MCP tools/list, every tool", () => {
  it("lists every row of the tool table", () => {
    expect(tools.map((t) => t.name).sort()).toEqual(TOOL_TABLE.map((r) => r.name).sort())
  })

  it("describes every top-level parameter of every tool", () => {
    const all = tools.flatMap((tool) => properties(tool).map(([name, schema]) => ({ param: `${tool.name}.${name}`, description: schema.description })))
    const missing = all.filter((p) => typeof p.description !== "string" || p.description.trim().length === 0).map((p) => p.param)
    expect(missing).toEqual([])
    // The count is of every tool's parameters: more than the hundred the table has today.
    expect(all.length).toBeGreaterThan(100)
  })

  it("declares readOnlyHint, destructiveHint and idempotentHint on every tool, and read-only tools do not destroy", () => {
    for (const tool of tools) {
      const hints = tool.annotations ?? {}
      expect(typeof hints.readOnlyHint, tool.name).toBe("boolean")
      expect(typeof hints.destructiveHint, tool.name).toBe("boolean")
      expect(typeof hints.idempotentHint, tool.name).toBe("boolean")
      if (hints.readOnlyHint) expect(hints.destructiveHint, tool.name).toBe(false)
    }
    const hint = (name: string) => tools.find((t) => t.name === name)!.annotations!
    expect(hint("task_query").readOnlyHint).toBe(true)
    expect(hint("task_delete").destructiveHint).toBe(true)
    expect(hint("task_create").idempotentHint).toBe(false)
  })

  it("gives every tool a strict input schema and an object output schema", () => {
    for (const tool of tools) {
      expect(tool.inputSchema.additionalProperties, tool.name).toBe(false)
      expect(tool.outputSchema?.type, tool.name).toBe("object")
    }
  })

  it("refuses an unknown key on every tool with kind invalid, naming the key", async () => {
    for (const tool of tools) {
      const result = await session.client.callTool({ name: tool.name, arguments: { notAParameter: 1 } })
      expect(result.isError, tool.name).toBe(true)
      expect(resultJson(result).error.kind, tool.name).toBe("invalid")
      expect(resultJson(result).error.message, tool.name).toContain("notAParameter")
    }
  }, 60_000)
})

describe("MCP answers", () => {
  it("carry structured content beside the text, and keep what a write says beside its task", async () => {
    const created = await session.client.callTool({ name: "task_create", arguments: { title: "Water plants", recurrence: "daily", dueDate: "today" } })
    expect(created.structuredContent).toEqual(resultJson(created))
    const { id } = resultJson(created)
    const done = resultJson(await session.client.callTool({ name: "task_complete", arguments: { taskId: id } }))
    expect(done).toMatchObject({ id, status: "done", nextOccurrence: { title: "Water plants", status: "todo" } })
    const parent = resultJson(await session.client.callTool({ name: "task_create", arguments: { title: "Release" } }))
    const kid = resultJson(await session.client.callTool({ name: "task_create_subtask", arguments: { parentId: parent.id, title: "Changelog" } }))
    expect(resultJson(await session.client.callTool({ name: "task_complete", arguments: { taskId: parent.id } }))).toMatchObject({ openSubtaskIds: [kid.id] })
    await session.client.callTool({ name: "timer_start", arguments: { taskId: kid.id } })
    expect(resultJson(await session.client.callTool({ name: "timer_stop", arguments: {} }))).toMatchObject({ id: kid.id, elapsed: 0 })
    const logged = resultJson(await session.client.callTool({ name: "task_log_time", arguments: { taskId: kid.id, duration: "1h30m" } }))
    expect(logged).toMatchObject({ id: kid.id, logged: 90, trackedMinutes: 90 })
  }, 60_000)

  it("honour fields: all on a page, and answer the one compact shape otherwise", async () => {
    const all = resultJson(await session.client.callTool({ name: "task_query", arguments: { fields: "all", limit: 1 } }))
    expect(all.tasks[0]).toHaveProperty("createdAt")
    expect(all.tasks[0]).toHaveProperty("timeEntries")
    const compact = resultJson(await session.client.callTool({ name: "task_query", arguments: { limit: 1 } }))
    expect(Object.keys(compact.tasks[0])).not.toContain("createdAt")
    expect(compact.tasks[0]).toMatchObject({ id: expect.any(String), title: expect.any(String), status: expect.any(String), priority: expect.any(String) })
  }, 60_000)

  it("answer the same compact task as the CLI's --fields compact", async () => {
    const made = resultJson(await session.client.callTool({ name: "task_create", arguments: { title: "Same shape", project: "web", tags: ["ui"], dueDate: "2031-01-02", priority: "high" } }))
    const page = resultJson(await session.client.callTool({ name: "task_query", arguments: { search: "Same shape" } }))
    const cli = runTskJson<Array<Record<string, unknown>>>(temp.home, ["list", "--fields", "compact", "--search", "Same shape"])
    expect(page.tasks).toEqual([{ id: made.id, title: "Same shape", status: "todo", priority: "high", project: "web", dueDate: "2031-01-02", tags: ["ui"] }])
    expect(cli).toEqual(page.tasks)
  }, 60_000)
})
