import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempHome } from "../helpers/temp-home.ts"
import { runTskJson } from "../helpers/run-tsk.ts"
import { resultJson, startMcp, type McpSession } from "./mcp-client.ts"
import { TOOL_TABLE, toolsOfTier } from "../../src/mcp/tool-table.ts"

let temp: ReturnType<typeof makeTempHome>
let session: McpSession | null = null

beforeEach(() => {
  temp = makeTempHome("tsk-mcp-")
})
afterEach(async () => {
  await session?.close()
  session = null
  temp.cleanup()
})

describe("tsk mcp", () => {
  it("lists the core tools by default, a work loop of about a dozen, each with an object input schema", async () => {
    session = await startMcp(temp.home)
    const { tools } = await session.client.listTools()
    expect(tools.map((t) => t.name).sort()).toEqual(toolsOfTier("core").map((r) => r.name).sort())
    expect(tools.length).toBeGreaterThanOrEqual(10)
    expect(tools.length).toBeLessThanOrEqual(16)
    for (const tool of tools) expect(tool.inputSchema.type).toBe("object")
  })

  it("lists more tools per tier, every row of the table with --tools all", async () => {
    session = await startMcp(temp.home, ["--tools", "standard"])
    const standard = (await session.client.listTools()).tools.map((t) => t.name)
    await session.close()
    session = await startMcp(temp.home, ["--tools", "all"])
    const all = (await session.client.listTools()).tools.map((t) => t.name)
    expect(standard).toContain("task_delete")
    expect(standard).not.toContain("c64_run")
    expect(all.sort()).toEqual(TOOL_TABLE.map((r) => r.name).sort())
  })

  it("creates a task that the CLI then sees, and shows it", async () => {
    session = await startMcp(temp.home)
    const created = resultJson(await session.client.callTool({ name: "task_create", arguments: { title: "Fix login bug", priority: "high", tags: ["auth"] } }))
    expect(created).toMatchObject({ title: "Fix login bug", status: "todo", priority: "high", tags: ["auth"] })
    const listed = runTskJson<Array<{ id: string }>>(temp.home, ["list"])
    expect(listed.map((t) => t.id)).toEqual([created.id])
    const shown = resultJson(await session.client.callTool({ name: "task_show", arguments: { taskId: created.id.slice(0, 8) } }))
    expect(shown).toMatchObject({ id: created.id, description: "", notes: [], subtasks: [] })
  })

  it("records a note with the client's source and completes the task", async () => {
    session = await startMcp(temp.home, [], "claude-code")
    const { id } = resultJson(await session.client.callTool({ name: "task_create", arguments: { title: "Write docs" } }))
    await session.client.callTool({ name: "task_note", arguments: { taskId: id, content: "Started with the README" } })
    expect(resultJson(await session.client.callTool({ name: "task_complete", arguments: { taskId: id } }))).toMatchObject({ id, status: "done" })
    const task = runTskJson<{ notes: Array<{ content: string; source: string }>; externalSource: string }>(temp.home, ["show", id])
    expect(task.notes).toEqual([expect.objectContaining({ content: "Started with the README", source: "claude-code" })])
    expect(task.externalSource).toBe("claude-code")
  })

  it("answers errors as tool errors carrying the CLI's kind", async () => {
    session = await startMcp(temp.home)
    const missing = await session.client.callTool({ name: "task_show", arguments: { taskId: "ffffffff" } })
    expect(missing.isError).toBe(true)
    expect(resultJson(missing).error.kind).toBe("not_found")
    const bad = await session.client.callTool({ name: "task_create", arguments: { title: "" } })
    expect(bad.isError).toBe(true)
    expect(resultJson(bad).error.kind).toBe("invalid")
    const misspelt = await session.client.callTool({ name: "task_query", arguments: { statuss: "todo" } })
    expect(resultJson(misspelt).error).toMatchObject({ kind: "invalid" })
    expect(resultJson(misspelt).error.message).toContain("statuss")
  })

  it("refuses a tool outside the chosen tier", async () => {
    session = await startMcp(temp.home)
    await expect(session.client.callTool({ name: "task_delete", arguments: { taskId: "x" } })).rejects.toThrow(/unknown tool/)
  })

  it("writes nothing but protocol messages to stdout", async () => {
    session = await startMcp(temp.home, ["--tools", "all"])
    // Every line the client failed to parse would surface as a transport error.
    const errors: unknown[] = []
    session.client.onerror = (error) => errors.push(error)
    await session.client.callTool({ name: "os_status", arguments: {} })
    await session.client.callTool({ name: "task_stats", arguments: {} })
    expect(errors).toEqual([])
  })
})

describe("tsk mcp as a process", () => {
  it("exits with code 0 when the client closes stdin, and on SIGTERM", async () => {
    const { spawn } = await import("node:child_process")
    const { BUN, MAIN } = await import("../helpers/run-tsk.ts")
    const start = () => spawn(BUN, [MAIN, "mcp"], { env: { ...process.env, TSK_HOME: temp.home }, stdio: ["pipe", "pipe", "pipe"] })
    const exitOf = (child: ReturnType<typeof start>) => new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)))
    const closed = start()
    closed.stdin.end()
    expect(await exitOf(closed)).toBe(0)
    const stopped = start()
    const stdout: Buffer[] = []
    stopped.stdout.on("data", (chunk: Buffer) => stdout.push(chunk))
    stopped.stdin.write(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }) + "\n")
    await new Promise<void>((resolve) => stopped.stdout.once("data", () => resolve()))
    stopped.kill("SIGTERM")
    expect(await exitOf(stopped)).toBe(0)
    expect(Buffer.concat(stdout).toString()).toBe('{"result":{},"jsonrpc":"2.0","id":1}\n')
  })
})
