// The MCP tools mean what the CLI and the bridge mean: the same error kinds for the same mistakes,
// the operating state and the C64 tasks of the same homes.
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempHome } from "../helpers/temp-home.ts"
import { makeTask } from "../helpers/task-fixtures.ts"
import { runTsk } from "../helpers/run-tsk.ts"
import { stopRunner } from "../helpers/stop-runner.ts"
import { resultJson, startMcp, type McpSession } from "./mcp-client.ts"
import { mutateTasks } from "../../src/store/tasks-repository.ts"

let temp: ReturnType<typeof makeTempHome>
let session: McpSession | null = null

beforeEach(() => {
  temp = makeTempHome("tsk-mcp-surfaces-")
})
afterEach(async () => {
  await session?.close()
  session = null
  // A C64 tool starts the runner that owns the simulated machine.
  await stopRunner(temp.home)
  temp.cleanup()
})

const cliKind = (args: string[]) => JSON.parse(runTsk(temp.home, [...args, "--json"]).stdout).error.kind

describe("tsk mcp beside the CLI", () => {
  it("gives the same error kind as the CLI for a missing, an ambiguous and an invalid request", async () => {
    await mutateTasks(temp.home, () => ({ tasks: [makeTask({ id: "abcd1111", order: 1 }), makeTask({ id: "abcd2222", order: 2 })], result: null }))
    session = await startMcp(temp.home)
    const mcpKind = async (name: string, args: Record<string, unknown>) => resultJson(await session!.client.callTool({ name, arguments: args })).error.kind
    expect([await mcpKind("task_show", { taskId: "zzzz" }), cliKind(["show", "zzzz"])]).toEqual(["not_found", "not_found"])
    expect([await mcpKind("task_show", { taskId: "abcd" }), cliKind(["show", "abcd"])]).toEqual(["ambiguous", "ambiguous"])
    expect([await mcpKind("task_update", { taskId: "abcd1", priority: "huge" }), cliKind(["edit", "abcd1", "-p", "huge"])]).toEqual(["invalid", "invalid"])
  })

  it("drives the agent operating state the CLI reads", async () => {
    session = await startMcp(temp.home, ["--tools", "all"])
    const analyzed = await session.client.callTool({ name: "os_analyze", arguments: { goal: "Ship the MCP server" } })
    expect(analyzed.isError).toBeFalsy()
    const status = JSON.parse(runTsk(temp.home, ["os", "status", "--json"]).stdout)
    expect(status.phase).toBe("A")
    const refused = resultJson(await session.client.callTool({ name: "os_next", arguments: {} }))
    expect(refused.error.kind).toBe("invalid")
  })

  it("runs C64 commands through the runner's bridge and answers its C64 tasks", async () => {
    session = await startMcp(temp.home, ["--tools", "all"])
    const ran = await session.client.callTool({ name: "c64_run", arguments: { operation: "read", args: { address: "0x0400", length: 8 } } })
    expect(ran.isError).toBeFalsy()
    const listed = resultJson(await session.client.callTool({ name: "c64_list", arguments: {} }))
    expect(listed).toHaveLength(1)
    const missing = await session.client.callTool({ name: "c64_show", arguments: { taskId: "no-such-task" } })
    expect(missing.isError).toBe(true)
    const bad = resultJson(await session.client.callTool({ name: "c64_start", arguments: { operation: "read", count: "many" } }))
    expect(bad.error.kind).toBe("invalid")
  })
})

describe("tsk mcp with other writers", () => {
  it("loses no task when two MCP servers and the CLI create tasks at the same time", async () => {
    const [a, b] = await Promise.all([startMcp(temp.home), startMcp(temp.home)])
    try {
      const creates = (s: McpSession, who: string) =>
        Promise.all(Array.from({ length: 8 }, (_, i) => s.client.callTool({ name: "task_create", arguments: { title: `${who} ${i}` } })))
      const { runTskAsync } = await import("../helpers/run-tsk.ts")
      const [fromA, fromB] = await Promise.all([creates(a, "a"), creates(b, "b"), ...Array.from({ length: 4 }, (_, i) => runTskAsync(temp.home, ["add", `cli ${i}`]))])
      expect([...fromA, ...fromB].filter((r) => r.isError)).toEqual([])
      const titles = (JSON.parse(runTsk(temp.home, ["list", "--json"]).stdout) as Array<{ title: string }>).map((t) => t.title)
      expect(titles).toHaveLength(20)
      expect(new Set(titles).size).toBe(20)
    } finally {
      await Promise.all([a.close(), b.close()])
    }
  })
})
