import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { runTskJson } from "../helpers/run-tsk.ts"
import { resultJson, startMcp, type McpSession } from "./mcp-client.ts"
import { createMcpRecorder, MAX_WAIT_MS, mcpMemoryId, QUIET_MS } from "../../src/mcp/mcp-memory.ts"
import { memoryKey } from "../../src/memory/memory-key.ts"
import type { MemoryManager } from "../../src/memory/memory-manager.ts"

let temp: ReturnType<typeof makeTempHome>
let session: McpSession | null = null

beforeEach(() => {
  temp = makeTempHome("tsk-mcp-memory-")
})
afterEach(async () => {
  await session?.close()
  session = null
  temp.cleanup()
})

interface Msg {
  role: string
  content: string
  tool_calls?: Array<{ id: string; name: string; arguments: unknown }>
  tool_payload?: { tool_call_id: string; tool_name: string; tool_result: any; tool_error: string | null }
}

/** The tool traffic among restored messages: [tool name, arguments, result, error] per call. */
function calls(messages: Msg[]): Array<[string, unknown, unknown, string | null]> {
  const out: Array<[string, unknown, unknown, string | null]> = []
  messages.forEach((message, i) => {
    const call = message.tool_calls?.[0]
    if (!call) return
    const answer = messages[i + 1]!.tool_payload!
    expect(answer.tool_call_id).toBe(call.id)
    out.push([call.name, call.arguments, answer.tool_result, answer.tool_error])
  })
  return out
}

describe("MCP traffic in agent memory", () => {
  it("records each tool call with its answer or error in the agent's memory for this folder, and memory_restore hands them back", async () => {
    session = await startMcp(temp.home, ["--tools", "standard"], "agent-x", temp.home)
    const created = resultJson(await session.client.callTool({ name: "task_create", arguments: { title: "Remember me" } }))
    const failed = await session.client.callTool({ name: "task_show", arguments: { taskId: "zzzzzzzz" } })
    expect(failed.isError).toBe(true)

    const restored = resultJson(await session.client.callTool({ name: "memory_restore", arguments: {} }))
    const key = memoryKey("agent-x", temp.home)
    expect(restored.agent_id).toBe(key)
    const seen = calls(restored.messages)
    expect(seen).toEqual([
      ["task_create", { title: "Remember me" }, expect.objectContaining({ id: created.id, title: "Remember me" }), null],
      ["task_show", { taskId: "zzzzzzzz" }, null, expect.stringMatching(/^not_found: /)],
    ])
    await session.close()
    session = null

    // The CLI sees the same history; the memory tool itself was not recorded.
    const shown = runTskJson<Record<string, any>>(temp.home, ["memory", "show", key])
    expect(shown).toMatchObject({ agent_id: key })
    const fromCli = runTskJson<{ messages: Msg[] }>(temp.home, ["memory", "restore", key])
    expect(calls(fromCli.messages)).toEqual(seen)
  })

  it("records a client without a usable name as agent 'agent' of the folder", async () => {
    session = await startMcp(temp.home, [], "..", temp.home)
    await session.client.callTool({ name: "task_create", arguments: { title: "Nameless" } })
    await session.close()
    session = null
    const restored = runTskJson<{ messages: Msg[] }>(temp.home, ["memory", "restore", memoryKey("agent", temp.home)])
    expect(calls(restored.messages).map(([name]) => name)).toEqual(["task_create"])
  })

  it("answers the call when memory cannot be written, and reports that on stderr only", async () => {
    // A file where the memory folder should be: every append fails.
    writeFileSync(join(temp.home, "memory"), "not a folder")
    session = await startMcp(temp.home, [], "agent-x")
    const created = resultJson(await session.client.callTool({ name: "task_create", arguments: { title: "Still works" } }))
    expect(created).toMatchObject({ title: "Still works" })
    // The protocol on stdout is intact: the next call answers too.
    expect(resultJson(await session.client.callTool({ name: "task_show", arguments: { taskId: created.id } }))).toMatchObject({ id: created.id })
    await session.close()
    expect(session.stderr()).toContain("not recorded in agent memory")
    session = null
  })
})

describe("mcpMemoryId", () => {
  it("is the client's family or valid name plus the project folder", () => {
    expect(mcpMemoryId("claude-code", {}, "/projects/app")).toBe(memoryKey("claude-code", "/projects/app"))
    expect(mcpMemoryId("Claude Code", {}, "/projects/app")).toMatch(/^claude-code@app-[0-9a-f]{8}$/)
    expect(mcpMemoryId("codex-mcp-client", {}, "/projects/app")).toMatch(/^codex@app-/)
    expect(mcpMemoryId("../etc/passwd", {}, "/w")).toMatch(/^etc-passwd@w-/)
    expect(mcpMemoryId(undefined, {}, "/w")).toMatch(/^agent@w-/)
    expect(mcpMemoryId("...", {}, "/w")).toMatch(/^agent@w-/)
  })

  it("takes TSK_AGENT as the agent's name, and tells two folders of one name apart", () => {
    expect(mcpMemoryId("claude-code", { TSK_AGENT: "reviewer" }, "/a/app")).toMatch(/^reviewer@app-/)
    expect(mcpMemoryId("claude-code", {}, "/a/app")).not.toBe(mcpMemoryId("claude-code", {}, "/b/app"))
  })
})

describe("createMcpRecorder", () => {
  const call = (tool: string, command: string) => ({ agentId: "a", tool, command, args: {}, answer: { status: "ok" as const, data: 1 } })

  it("reports a failed append without throwing, then writes calls in order and skips memory tools", async () => {
    const appended: unknown[][] = []
    const errors: unknown[] = []
    let fail = true
    const manager = {
      append: async (_agentId: string, messages: unknown[]) => {
        if (fail) {
          fail = false
          throw new Error("disk full")
        }
        appended.push(messages)
        return { agentId: "a", appended: messages.length, persisted: true }
      },
    } as unknown as MemoryManager
    const recorder = createMcpRecorder(manager, (error) => errors.push(error))
    recorder.record(call("task_create", "task-add"))
    await recorder.idle()
    expect(errors.map((e) => (e as Error).message)).toEqual(["disk full"])
    // Calls recorded together go in one append, in order.
    recorder.record(call("memory_restore", "memory-restore"))
    recorder.record(call("task_show", "task-show"))
    recorder.record(call("task_list", "task-list"))
    await recorder.idle()
    const names = appended.map((messages) => messages.flatMap((m) => (m as { tool_calls?: Array<{ name: string }> }).tool_calls?.map((c) => c.name) ?? []))
    expect(names).toEqual([["task_show", "task_list"]])
  })

  it("writes a burst of calls once, when the client pauses, and a steady stream at least every MAX_WAIT_MS", async () => {
    vi.useFakeTimers()
    try {
      const appended: unknown[][] = []
      const manager = { append: async (_id: string, messages: unknown[]) => void appended.push(messages) } as unknown as MemoryManager
      const recorder = createMcpRecorder(manager, () => undefined)
      recorder.record(call("task_create", "task-add"))
      await vi.advanceTimersByTimeAsync(QUIET_MS / 2)
      recorder.record(call("task_show", "task-show"))
      await vi.advanceTimersByTimeAsync(QUIET_MS / 2)
      expect(appended).toEqual([])
      await vi.advanceTimersByTimeAsync(QUIET_MS)
      expect(appended.map((m) => m.length)).toEqual([4])

      for (let waited = 0; waited < MAX_WAIT_MS; waited += QUIET_MS / 2) {
        recorder.record(call("task_show", "task-show"))
        await vi.advanceTimersByTimeAsync(QUIET_MS / 2)
      }
      expect(appended.length).toBe(2)
      await recorder.idle()
    } finally {
      vi.useRealTimers()
    }
  })
})
