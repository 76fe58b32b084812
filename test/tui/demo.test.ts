import { afterEach, describe, expect, it } from "vitest"
import { readdirSync, rmSync } from "node:fs"
import { join } from "node:path"
import { startBridgeRunner, type BridgeRunner } from "../../src/bridge/runner.ts"
import { createAppStore } from "../../src/store/app-store.ts"
import { readConfig } from "../../src/store/config-store.ts"
import { prepareDemoHome } from "../../src/tui/demo-home.ts"
import { demoContext, runDemoScript, TASK_AGENT_STEPS, type DemoStep } from "../../src/tui/demo-script.ts"
import { makeHome } from "./app-harness.tsx"

const homes: string[] = []
let runner: BridgeRunner | null = null
afterEach(async () => {
  await runner?.stop()
  runner = null
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true })
})

function home() {
  const dir = makeHome()
  homes.push(dir)
  return dir
}

describe("the demo", () => {
  it("prepares a home with the bridge on and a realistic task list", async () => {
    const dir = home()
    await prepareDemoHome(dir, new Date(2026, 2, 10, 9, 0))
    expect((await readConfig(dir)).integrations.agent).toMatchObject({ enabled: true })
    const tasks = createAppStore({ home: dir })
    await tasks.getState().reload()
    const all = tasks.getState().tasks
    expect(all.length).toBeGreaterThanOrEqual(15)
    expect(all.some((t) => t.parentId !== null)).toBe(true)
    expect(all.some((t) => t.blockedBy.length > 0)).toBe(true)
    expect(all.some((t) => t.dueDate !== null && t.dueDate < "2026-03-10")).toBe(true)
    expect(all.some((t) => t.notes.some((n) => n.source === "claude-code"))).toBe(true)
  })

  it("runs its steps in time order and reports a failing step without stopping the rest", async () => {
    const ran: string[] = []
    const failed: string[] = []
    const steps: DemoStep[] = [
      { atMs: 20, what: "second", run: async () => void ran.push("second") },
      { atMs: 10, what: "broken", run: async () => Promise.reject(new Error("boom")) },
      { atMs: 0, what: "first", run: async () => void ran.push("first") },
    ]
    const stop = runDemoScript(steps, demoContext(home()), { onError: (step) => failed.push(step.what) })
    await new Promise((resolve) => setTimeout(resolve, 60))
    await stop()
    expect(ran).toEqual(["first", "second"])
    expect(failed).toEqual(["broken"])
  })

  it("drives the real bridge: the agent's commands change the tasks", async () => {
    const dir = home()
    await prepareDemoHome(dir)
    const store = createAppStore({ home: dir })
    runner = startBridgeRunner({ home: dir, store, pollIntervalMs: 50 })
    expect(runner).not.toBeNull()
    await runner!.ready
    const summaries: string[] = []
    runner!.onEvent((event) => summaries.push(`${event.status} ${event.summary}`))
    const errors: unknown[] = []
    const stop = runDemoScript(TASK_AGENT_STEPS, demoContext(dir), { speed: 8, onError: (_, error) => errors.push(error) })
    const last = Math.max(...TASK_AGENT_STEPS.map((s) => s.atMs)) / 8
    await new Promise((resolve) => setTimeout(resolve, last + 800))
    await stop()
    await runner!.processNow()
    expect(errors).toEqual([])
    expect(summaries.every((s) => s.startsWith("ok"))).toBe(true)
    expect(summaries).toHaveLength(TASK_AGENT_STEPS.length)
    await store.getState().reload()
    const byTitle = new Map(store.getState().tasks.map((t) => [t.title, t]))
    expect(byTitle.get("Fix login bug on Safari")?.status).toBe("done")
    expect(byTitle.get("Reproduce on Safari 17")?.parentId).toBe(byTitle.get("Fix login bug on Safari")?.id)
    expect(byTitle.has("Document the cookie SameSite change")).toBe(true)
    expect(readdirSync(join(dir, "agent-inbox.d")).filter((f) => f.endsWith(".json"))).toEqual([])
  })
})
