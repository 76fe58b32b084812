// memory-append takes messages in the shapes agents hold them (the snapshot document's own tool
// message, OpenAI chat messages, Anthropic content blocks) and stores the one shape, which a
// restore hands back.
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempHome } from "../helpers/temp-home.ts"
import { createMemoryManager } from "../../src/memory/memory-manager.ts"
import { createMemoryBridgeCommands } from "../../src/bridge/memory-commands.ts"
import { restoreAgent } from "../../src/memory/restore-step.ts"
import { readMessageRecords } from "../../src/memory/record-parse.ts"
import { resultJson, startMcp, type McpSession } from "../mcp/mcp-client.ts"

let temp: ReturnType<typeof makeTempHome>
let session: McpSession | null = null
beforeEach(() => (temp = makeTempHome("tsk-shapes-")))
afterEach(async () => {
  await session?.close()
  session = null
  temp.cleanup()
})

/** Append through the bridge command (its payload schema, then the manager), restore the tail. */
async function appendAndRestore(messages: unknown[]) {
  const manager = createMemoryManager(temp.home)
  const append = createMemoryBridgeCommands(manager).find((d) => d.command === "memory-append")!
  const parsed = append.payload.parse({ agentId: "shapes", messages })
  await append.run(parsed)
  const restored = await restoreAgent(manager, "shapes")
  const stored = readMessageRecords(manager.paths("shapes").messages).records.map((r) => r.message)
  return { restored: restored.messages.slice(restored.memory_messages), stored }
}

describe("memory-append shapes", () => {
  it("takes the snapshot document's tool message without content, result or error", async () => {
    const { restored, stored } = await appendAndRestore([
      { role: "assistant", content: "", tool_calls: [{ id: "call_1", name: "c64-peek", arguments: { address: "$0400" } }] },
      { role: "tool", tool_payload: { tool_call_id: "call_1", tool_name: "c64-peek" } },
    ])
    const expected = { role: "tool", content: "ok", tool_payload: { tool_call_id: "call_1", tool_name: "c64-peek", tool_result: null, tool_error: null } }
    expect(stored[1]).toEqual(expected)
    expect(restored[1]).toEqual(expected)
  })

  it("takes an OpenAI assistant message with tool_calls and the role tool reply", async () => {
    const { restored } = await appendAndRestore([
      { role: "developer", content: "Be brief." },
      { role: "user", content: [{ type: "text", text: "What is due today?" }] },
      { role: "assistant", content: null, tool_calls: [{ id: "call_a", type: "function", function: { name: "task_query", arguments: '{"due":"today"}' } }] },
      { role: "tool", tool_call_id: "call_a", content: '{"total":2}' },
      { role: "assistant", content: "Two tasks are due today." },
    ])
    expect(restored).toEqual([
      { role: "system", content: "Be brief." },
      { role: "user", content: "What is due today?" },
      { role: "assistant", content: "", tool_calls: [{ id: "call_a", name: "task_query", arguments: { due: "today" } }] },
      { role: "tool", content: "ok", tool_payload: { tool_call_id: "call_a", tool_name: "task_query", tool_result: { total: 2 }, tool_error: null } },
      { role: "assistant", content: "Two tasks are due today." },
    ])
  })

  it("takes Anthropic text, thinking, tool_use and tool_result blocks, an error result too", async () => {
    const { restored } = await appendAndRestore([
      {
        role: "assistant",
        content: [
          { type: "thinking", thinking: "Look at the task first." },
          { type: "text", text: "Checking the task." },
          { type: "tool_use", id: "toolu_1", name: "task_show", input: { taskId: "a1b2" } },
          { type: "tool_use", id: "toolu_2", name: "task_show", input: { taskId: "zzzz" } },
        ],
      },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "toolu_1", content: [{ type: "text", text: '{"title":"Fix login"}' }] },
          { type: "tool_result", tool_use_id: "toolu_2", content: "no task matches 'zzzz'", is_error: true },
          { type: "text", text: "Thanks." },
        ],
      },
    ])
    expect(restored).toEqual([
      {
        role: "assistant",
        content: "Checking the task.",
        reasoning_content: "Look at the task first.",
        tool_calls: [
          { id: "toolu_1", name: "task_show", arguments: { taskId: "a1b2" } },
          { id: "toolu_2", name: "task_show", arguments: { taskId: "zzzz" } },
        ],
      },
      { role: "tool", content: "ok", tool_payload: { tool_call_id: "toolu_1", tool_name: "task_show", tool_result: { title: "Fix login" }, tool_error: null } },
      { role: "tool", content: "error: no task matches 'zzzz'", tool_payload: { tool_call_id: "toolu_2", tool_name: "task_show", tool_result: null, tool_error: "no task matches 'zzzz'" } },
      { role: "user", content: "Thanks." },
    ])
  })

  it("still refuses what is no message: a user message without content, an unknown role", async () => {
    await expect(appendAndRestore([{ role: "user" }])).rejects.toThrow(/invalid message/)
    await expect(appendAndRestore([{ role: "narrator", content: "Once upon a time" }])).rejects.toThrow()
  })

  it("takes all three shapes over MCP memory_append and restores them", async () => {
    session = await startMcp(temp.home, ["--tools", "all"], "claude-code", temp.home)
    const appended = await session.client.callTool({
      name: "memory_append",
      arguments: {
        messages: [
          { role: "tool", tool_payload: { tool_call_id: "c0", tool_name: "c64-screen" } },
          { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "task_stats", arguments: "{}" } }] },
          { role: "tool", tool_call_id: "c1", content: "{}" },
          { role: "assistant", content: [{ type: "tool_use", id: "c2", name: "task_query", input: {} }] },
          { role: "user", content: [{ type: "tool_result", tool_use_id: "c2", content: "[]" }] },
        ],
      },
    })
    expect(appended.isError).toBeFalsy()
    expect(resultJson(appended)).toMatchObject({ appended: 5 })
    const restored = resultJson(await session.client.callTool({ name: "memory_restore", arguments: {} }))
    const tools = restored.messages.filter((m: { role: string }) => m.role === "tool").map((m: { tool_payload: { tool_name: string } }) => m.tool_payload.tool_name)
    expect(tools).toEqual(["task_stats", "task_query"])
  }, 60_000)
})
