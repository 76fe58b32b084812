import { afterEach, describe, expect, it } from "vitest"
import { createValueFeed } from "../../src/tui/monitor-feeds.ts"
import type { AgentMemoryFeed, AgentMemorySummary } from "../../src/tui/memory-feed.ts"
import { openMemoryFeed } from "../../src/tui/memory-feed.ts"
import { createMemoryManager } from "../../src/memory/memory-manager.ts"
import { FIXED_NOW, makeHome, renderApp, type Harness } from "../tui/app-harness.tsx"

let app: Harness | undefined
afterEach(async () => {
  await app?.destroy()
  app = undefined
})

const minutesAgo = (m: number) => new Date(FIXED_NOW.getTime() - m * 60_000).toISOString()
const planner: AgentMemorySummary = { agent_id: "claude-code.planner", last_activity: minutesAgo(3), epoch_id: 2, messages: 140, snapshot_at: minutesAgo(1) }
const session: AgentMemorySummary = { agent_id: "sess-42", last_activity: minutesAgo(90), epoch_id: 0, messages: 7, snapshot_at: null }

function memoryFeed(agents: AgentMemorySummary[], restore: (id: string) => Promise<string>): AgentMemoryFeed {
  return { ...createValueFeed<readonly AgentMemorySummary[]>(agents), restore }
}

describe("the Monitor's agents pane", () => {
  it("lists each agent with last activity, epoch, messages and snapshot age", async () => {
    app = await renderApp({ feeds: { c64: null, os: null, memory: memoryFeed([planner, session], async () => "") } })
    const frame = await app.press("4")
    expect(frame).toContain("Agents (memory)")
    expect(frame).toMatch(/› claude-code\.planner\s+active 3m ago · epoch 2 · 140 msgs · snapshot 1m ago/)
    expect(frame).toMatch(/sess-42\s+active 1h 30m ago · epoch 0 · 7 msgs · snapshot none/)
  })

  it("says when agent memory is not connected", async () => {
    app = await renderApp({ feeds: { c64: null, os: null } })
    expect(await app!.press("4")).toContain("Agent memory not connected.")
  })

  it("moves with j and k once focused (Tab) and shows the restored context on Enter", async () => {
    const asked: string[] = []
    const feed = memoryFeed([planner, session], async (id) => {
      asked.push(id)
      return `## Restored working context: ${id}\n\n- **user**: fix the \u001b[31mflaky\u001b[0m test\n`
    })
    app = await renderApp({ feeds: { c64: null, os: null, memory: feed } })
    await app.press("4")
    await app.press("TAB")
    await app.press("TAB")
    expect(await app.press("j")).toMatch(/› sess-42/)
    await app.press("RETURN")
    const frame = await app.waitForFrame((f) => f.includes("Restored working context: sess-42"))
    expect(asked).toEqual(["sess-42"])
    expect(frame).toContain("Context of sess-42")
    expect(frame).toContain("fix the ?[31mflaky?[0m test")
  })
})

describe("the agents feed", () => {
  it("reads agents from memory and restores one as Markdown", async () => {
    const home = makeHome()
    await createMemoryManager(home).append("codex", [{ role: "user", content: "ship it" }, { role: "assistant", content: "shipped" }])
    const feed = openMemoryFeed(home, 60_000)
    try {
      expect(feed.get().map((a) => [a.agent_id, a.messages])).toEqual([["codex", 2]])
      expect(await feed.restore("codex")).toContain("- **assistant**: shipped")
    } finally {
      feed.close()
    }
  })
})
