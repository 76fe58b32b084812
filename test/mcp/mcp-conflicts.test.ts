// Conflicts of outside changes reach agents as they reach people: the bridge commands
// conflicts-list and conflicts-clear (through `tsk agent send`, a real process) and the MCP tools
// conflicts_list and conflicts_clear (standard tier) show the same records `tsk conflicts` shows,
// with both values, and clear them.
import { copyFileSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { runTskJson } from "../helpers/run-tsk.ts"
import { makeTempHome } from "../helpers/temp-home.ts"
import { resultJson, startMcp, type McpSession } from "./mcp-client.ts"

let temp: ReturnType<typeof makeTempHome>
let session: McpSession | null = null
beforeEach(() => {
  temp = makeTempHome("tsk-mcp-conflicts-")
})
afterEach(async () => {
  await session?.close()
  session = null
  temp.cleanup()
})

interface Record_ {
  id: string
  field: string
  kept: unknown
  lost: unknown
}

/** A title changed by tsk (journal) and, earlier, from outside (a new tasks.json in its place). */
function titleConflict(home: string): void {
  const a = runTskJson<{ id: string }>(home, ["add", "a"])
  runTskJson(home, ["edit", a.id, "--title", "from tsk"])
  const file = join(home, "tasks.json")
  const value = JSON.parse(readFileSync(file, "utf8")) as { tasks: Array<Record<string, unknown>> }
  value.tasks[0]!.title = "from outside"
  value.tasks[0]!.updatedAt = "2000-01-01T00:00:00.000Z"
  writeFileSync(join(home, "t"), JSON.stringify(value))
  copyFileSync(join(home, "t"), file)
}

const send = (command: string, payload: object = {}) =>
  runTskJson<{ status: string; data: { conflicts?: Record_[]; total?: number; cleared?: Record_[]; count?: number } }>(temp.home, ["agent", "send", JSON.stringify({ command, payload })])

describe("conflicts on the bridge", () => {
  it("lists the merge's conflict with both values through conflicts-list, and conflicts-clear clears it", () => {
    titleConflict(temp.home)
    const listed = send("conflicts-list")
    expect(listed.status).toBe("ok")
    expect(listed.data.total).toBe(1)
    expect(listed.data.conflicts).toMatchObject([{ field: "title", kept: "from tsk", lost: "from outside" }])
    expect(runTskJson<Record_[]>(temp.home, ["conflicts"]).map((r) => r.id)).toEqual([listed.data.conflicts![0]!.id])
    const cleared = send("conflicts-clear", { ids: [listed.data.conflicts![0]!.id] })
    expect(cleared.data).toMatchObject({ count: 1, cleared: [{ field: "title" }] })
    expect(runTskJson<Record_[]>(temp.home, ["conflicts"])).toEqual([])
  })
})

describe("conflicts over MCP", () => {
  it("offers conflicts_list and conflicts_clear in the standard tier only, with the records tsk conflicts shows", async () => {
    titleConflict(temp.home)
    const core = await startMcp(temp.home)
    const coreNames = (await core.client.listTools()).tools.map((t) => t.name)
    await core.close()
    expect(coreNames).not.toContain("conflicts_list")
    session = await startMcp(temp.home, ["--tools", "standard"])
    const tools = (await session.client.listTools()).tools
    expect(tools.find((t) => t.name === "conflicts_clear")?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true })
    const listed = resultJson(await session.client.callTool({ name: "conflicts_list", arguments: {} }))
    expect(listed.conflicts).toMatchObject([{ field: "title", kept: "from tsk", lost: "from outside" }])
    const unknown = await session.client.callTool({ name: "conflicts_clear", arguments: { ids: ["no-such-id"] } })
    expect(unknown.isError).toBe(true)
    expect(resultJson(unknown).error.kind).toBe("not_found")
    const cleared = resultJson(await session.client.callTool({ name: "conflicts_clear", arguments: {} }))
    expect(cleared.count).toBe(1)
    expect(resultJson(await session.client.callTool({ name: "conflicts_list", arguments: {} })).conflicts).toEqual([])
  }, 60_000)
})
