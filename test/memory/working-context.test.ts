import { describe, expect, it } from "vitest"
import { WorkingContext, MAX_TAIL_MESSAGES } from "../../src/memory/working-context.ts"
import { runRestoreStep } from "../../src/memory/restore-step.ts"
import { createMemoryManager } from "../../src/memory/memory-manager.ts"
import { fitMessages } from "../../src/memory/token-budget.ts"
import { makeTempHome } from "../helpers/temp-home.ts"

const position = { epochId: 1, lastCompactionTs: "2026-01-01T00:00:00.000Z", logOffset: 10, factsOffset: 0 }

describe("the working context", () => {
  it("builds its messages from the memory prefix and each kind of append", () => {
    const context = new WorkingContext("a")
    context.reset([{ role: "system", content: "prompt" }], position)
    context.appendUser("hi", ["https://example.com/a.png"])
    context.appendToolCalls([{ id: "c1", name: "list", arguments: {} }])
    context.appendToolResult("c1", "list", [{ id: "t1" }])
    context.appendToolResult("c2", "show", null, "not found")
    context.appendAssistant("done", { reasoning: "because" })
    expect(context.buildMessages()).toEqual([
      { role: "system", content: "prompt" },
      { role: "user", content: "hi", media: ["https://example.com/a.png"] },
      { role: "assistant", content: "", tool_calls: [{ id: "c1", name: "list", arguments: {} }] },
      { role: "tool", content: "ok", tool_payload: { tool_call_id: "c1", tool_name: "list", tool_result: [{ id: "t1" }], tool_error: null } },
      { role: "tool", content: "error: not found", tool_payload: { tool_call_id: "c2", tool_name: "show", tool_result: null, tool_error: "not found" } },
      { role: "assistant", content: "done", reasoning_content: "because" },
    ])
    expect(context.toSnapshot()).toMatchObject({ agent_id: "a", epoch_id: 1, memory_messages: 1, log_offset: 10 })
  })

  it("keeps the newest messages and never starts the tail with a tool result cut off from its call", () => {
    const context = new WorkingContext("a")
    context.reset([], position)
    context.appendToolCalls([{ id: "c", name: "list", arguments: {} }])
    for (let i = 0; i < 3; i++) context.appendToolResult("c", "list", [])
    for (let i = 0; i < MAX_TAIL_MESSAGES - 2; i++) context.appendUser(`u${i}`)
    // The newest 200 start with two tool results whose call fell off: they go too.
    const messages = context.buildMessages()
    expect(messages[0]).toEqual({ role: "user", content: "u0" })
    expect(messages).toHaveLength(MAX_TAIL_MESSAGES - 2)
  })

  it("restarts from a snapshot with the same messages", () => {
    const context = new WorkingContext("a")
    context.reset([{ role: "system", content: "prompt" }], position)
    context.appendUser("hi")
    expect(WorkingContext.fromSnapshot(context.toSnapshot()).toSnapshot()).toEqual(context.toSnapshot())
  })

  it("reset replaces the prefix and clears the tail", () => {
    const context = new WorkingContext("a")
    context.appendUser("old")
    context.reset([{ role: "system", content: "new" }], { ...position, epochId: 2 })
    expect(context.buildMessages()).toEqual([{ role: "system", content: "new" }])
    expect(context.position.epochId).toBe(2)
  })
})

describe("restoring", () => {
  it("runs the restore step only when restore options are given, keeping the agent's id", async () => {
    const temp = makeTempHome()
    try {
      const manager = createMemoryManager(temp.home)
      await manager.append("worker-7", [{ role: "user", content: "x" }, { role: "assistant", content: "y" }])
      expect(await runRestoreStep(manager, undefined)).toBeNull()
      const restored = await runRestoreStep(manager, { agentId: "worker-7" })
      expect(restored?.agent_id).toBe("worker-7")
      await expect(runRestoreStep(manager, { agentId: "nobody" })).rejects.toThrow("no memory for agent 'nobody'")
    } finally {
      temp.cleanup()
    }
  })

  it("fits a budget: memory messages first, then the newest that fit", () => {
    const messages = [
      { role: "system" as const, content: "p".repeat(40) },
      ...Array.from({ length: 10 }, (_, i) => ({ role: "user" as const, content: `${i}`.padEnd(40, ".") })),
    ]
    const fitted = fitMessages(messages, 1, 60)
    expect(fitted.messages[0]).toBe(messages[0])
    // 17 tokens a message: the system prompt and the two newest fit in 60.
    expect(fitted.messages.slice(1).map((m) => m.content[0])).toEqual(["8", "9"])
    expect(fitted.dropped).toBe(8)
    expect(fitted.tokens).toBeLessThanOrEqual(60)
  })
})
