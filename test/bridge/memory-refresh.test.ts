import { describe, expect, it } from "vitest"
import { createTrafficRecorder, type AnsweredCommand } from "../../src/bridge/memory-recording.ts"
import type { MemoryManager } from "../../src/memory/memory-manager.ts"

/** A memory that keeps what is appended and counts the refreshes of each agent's context. */
function fakeMemory() {
  const appended: string[] = []
  const settled: string[] = []
  const manager = {
    home: "unused",
    paths: () => ({ messages: "unused" }),
    append: async (agentId: string, messages: readonly unknown[]) => {
      appended.push(`${agentId}:${messages.length}`)
      return { agentId, appended: messages.length, persisted: false }
    },
    settle: async (agentId: string) => {
      settled.push(agentId)
    },
  } as unknown as MemoryManager
  return { manager, appended, settled }
}

const answered = (id: string, agentId: string): AnsweredCommand => ({
  command: { id, timestamp: "2026-05-01T12:00:00.000Z", command: "create", payload: { title: id }, source: "custom", agentId },
  response: { commandId: id, status: "ok", data: { id }, timestamp: "2026-05-01T12:00:00.000Z" },
})

const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve))
}

describe("recording bridge commands into agent memory", () => {
  it("appends each unit's commands at once and refreshes the contexts once the runner is idle, not after every unit", async () => {
    const { manager, appended, settled } = fakeMemory()
    let busy = true
    const errors: unknown[] = []
    const recorder = createTrafficRecorder(manager, (error) => errors.push(error), () => busy)
    for (let unit = 0; unit < 5; unit++) {
      await recorder.record([answered(`a-${unit}`, "planner"), answered(`b-${unit}`, "coder")])
      await turns(3)
    }
    // Every unit's lines are in the raw logs (durable) before the unit goes on.
    expect(appended).toHaveLength(10)
    // While the queue is being processed, no context is loaded and checked between units.
    expect(settled).toEqual([])
    busy = false
    await recorder.idle()
    expect([...settled].sort()).toEqual(["custom.coder", "custom.planner"])
    expect(errors).toEqual([])
  })

  it("refreshes a context by itself once the runner is idle", async () => {
    const { manager, settled } = fakeMemory()
    const recorder = createTrafficRecorder(manager, () => {}, () => false)
    await recorder.record([answered("a", "planner")])
    // No stop, no idle(): the quiet timer alone takes the lines in (waited for as an event).
    for (let waited = 0; settled.length === 0 && waited < 600; waited++) await new Promise((resolve) => setTimeout(resolve, 50))
    expect(settled).toEqual(["custom.planner"])
  })
})
