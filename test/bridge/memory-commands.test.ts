import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempHome } from "../helpers/temp-home.ts"
import { answerTo, startTestRunner, writeInboxFile } from "./bridge-helpers.ts"
import type { BridgeRunner } from "../../src/bridge/runner.ts"
import { createMemoryManager } from "../../src/memory/memory-manager.ts"
import { restoreAgent } from "../../src/memory/restore-step.ts"

let home: string
let cleanup: () => void
let runner: BridgeRunner
let errors: string[]

beforeEach(() => {
  ;({ home, cleanup } = makeTempHome("tsk-memory-bridge-"))
  errors = []
  runner = startTestRunner(home, { onError: (message) => errors.push(message) })
})
afterEach(async () => {
  await runner.stop()
  cleanup()
})

type Data = Record<string, any>

async function send(...commands: Array<Record<string, unknown>>): Promise<Data[]> {
  writeInboxFile(home, commands)
  await runner.processNow()
  return commands.map((c) => answerTo(home, c.id as string) as Data)
}

describe("recording agent commands", () => {
  it("keeps each command's call and answer in the memory of its sender (source + agentId)", async () => {
    await send(
      { id: "c1", source: "claude-code", agentId: "w1", command: "create", payload: { title: "Fix login" } },
      { id: "c2", source: "claude-code", agentId: "w1", command: "show", payload: { taskId: "nope" } },
      { id: "c3", source: "codex", command: "list", payload: {} },
    )
    await runner.stop()
    const restored = await restoreAgent(createMemoryManager(home), "claude-code.w1")
    const tail = restored.all.slice(restored.memory_messages)
    expect(tail.map((m) => m.role)).toEqual(["assistant", "tool", "assistant", "tool"])
    expect(tail[0]).toMatchObject({ tool_calls: [{ id: "c1", name: "create", arguments: { title: "Fix login" } }] })
    expect(tail[1]).toMatchObject({ tool_payload: { tool_call_id: "c1", tool_name: "create", tool_result: { title: "Fix login" }, tool_error: null } })
    expect(tail[3]).toMatchObject({ tool_payload: { tool_name: "show", tool_result: null, tool_error: expect.stringMatching(/nope/) } })
    expect(createMemoryManager(home).exists("codex")).toBe(true)
  })

  it("never fails an agent's command when memory cannot be written", async () => {
    writeFileSync(join(home, "memory"), "not a folder")
    const [answer] = await send({ id: "c1", source: "claude-code", command: "create", payload: { title: "Still works" } })
    expect(answer!.status).toBe("ok")
    await runner.stop()
    expect(errors.some((e) => e.startsWith("agent memory:"))).toBe(true)
  })
})

describe("memory-* commands", () => {
  it("append, remember and restore an agent's working context", async () => {
    const [appended, remembered, restored] = await send(
      { id: "m1", command: "memory-append", payload: { agentId: "planner", messages: [{ role: "user", content: "Plan the release" }, { role: "assistant", content: "We decided to ship Friday" }] } },
      { id: "m2", command: "memory-remember", payload: { agentId: "planner", key: "release", value: "Friday" } },
      { id: "m3", command: "memory-restore", payload: { agentId: "planner" } },
    )
    expect(appended).toMatchObject({ status: "ok", data: { agentId: "planner", appended: 2 } })
    expect(remembered).toMatchObject({ status: "ok", data: { key: "release", forgotten: false } })
    expect(restored!.data.messages.slice(1)).toEqual([
      { role: "system", content: "Facts you recorded:\n- release: Friday" },
      { role: "user", content: "Plan the release" },
      { role: "assistant", content: "We decided to ship Friday" },
    ])
    expect(restored!.data.source).toBe("cache")
    expect(restored!.data.all).toBeUndefined()
  })

  it("restores as bounded Markdown on request", async () => {
    const many = Array.from({ length: 200 }, (_, i) => ({ role: "user", content: `message ${i} ${"x".repeat(100)}` }))
    const [, restored] = await send(
      { id: "m1", command: "memory-append", payload: { agentId: "planner", messages: many } },
      { id: "m2", command: "memory-restore", payload: { agentId: "planner", markdown: true, maxTokens: 500 } },
    )
    const markdown = restored!.data.markdown as string
    expect(markdown).toContain("## Restored working context: planner")
    expect(markdown).toContain("message 199")
    expect(markdown).not.toContain("message 0 ")
    expect(markdown.length / 4).toBeLessThanOrEqual(500)
  })

  it("refuses an agent id with a path in it, and a message of an unknown role", async () => {
    const [badId, badRole] = await send(
      { id: "m1", command: "memory-append", payload: { agentId: "../etc", message: { role: "user", content: "x" } } },
      { id: "m2", command: "memory-append", payload: { agentId: "ok", message: { role: "narrator", content: "x" } } },
    )
    expect(badId).toMatchObject({ status: "error", error: expect.stringMatching(/agentId: an agent id must not contain '\.\.'/) })
    expect(badRole).toMatchObject({ status: "error", error: expect.stringMatching(/invalid payload for 'memory-append'/) })
  })

  it("answers not found for an agent without memory", async () => {
    const [answer] = await send({ id: "m1", command: "memory-restore", payload: { agentId: "ghost" } })
    expect(answer).toMatchObject({ status: "error", error: "no memory for agent 'ghost'" })
  })
})
