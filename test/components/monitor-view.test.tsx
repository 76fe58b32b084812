import { afterEach, describe, expect, it } from "vitest"
import { act } from "react"
import { createValueFeed, type C64TaskSummary, type OsPanelStatus } from "../../src/tui/monitor-feeds.ts"
import { sparkline } from "../../components/monitor/sparkline.tsx"
import { checkpointLine } from "../../components/monitor/monitor-view.tsx"
import { renderApp, type Harness } from "../tui/app-harness.tsx"

let app: Harness
afterEach(async () => {
  await app.destroy()
})

const watcher: C64TaskSummary = {
  id: "0002_watch_screen",
  name: "watch_screen",
  type: "background",
  operation: "read",
  status: "running",
  iterations: 14,
  maxIterations: null,
  intervalMs: 1000,
  lastError: null,
  updatedAt: "2026-03-10T09:29:59Z",
  samples: [0, 3, 8, 1, 16],
  address: null,
  sampleHex: [],
  latestSample: null,
}
const failed: C64TaskSummary = { ...watcher, id: "0003_read_io", status: "error", lastError: "read failed: timeout", samples: [] }
const os: OsPanelStatus = {
  phase: "C",
  state: "BUSY",
  plan: {
    id: "plan-auth",
    dom: "auth",
    goal: "login flow",
    done: 2,
    total: 3,
    maxRetries: 3,
    tasks: [{ id: "t3", title: "write handler", state: "active", retries: 1, artifact: null, error: null }],
  },
  task: { id: "t3", title: "write handler", state: "active", retries: 1, artifact: null, error: null },
  retries: 1,
  maxRetries: 3,
  activeIssues: [{ id: "ISS-2", title: "flaky login test" }],
  lastError: null,
  log: [
    { level: "I", msg: "task t2 completed" },
    { level: "W", msg: "retry t3 (1/3)" },
  ],
  sessions: [],
}

describe("the monitor screen", () => {
  it("says plainly when the C64 service and the agent state are not connected", async () => {
    app = await renderApp()
    const frame = await app.press("4")
    expect(frame).toContain("C64 service not connected.")
    expect(frame).toContain("Agent operating state not connected.")
  })

  it("shows C64 tasks with status, iterations and a sparkline of their samples", async () => {
    app = await renderApp({ feeds: { c64: createValueFeed<readonly C64TaskSummary[]>([watcher, failed]), os: null } })
    const frame = await app.press("4")
    expect(frame).toMatch(/› 0002_watch_screen read\s+running 14×/)
    expect(frame).toContain(sparkline(watcher.samples, 5))
    expect(frame).toContain("read failed: timeout")
  })

  it("shows the phase strip, state, plan, task, retries, issues and log lines", async () => {
    app = await renderApp({ feeds: { c64: null, os: createValueFeed<OsPanelStatus | null>(os) } })
    const frame = await app.press("4")
    for (const text of ["C CONSTRUCT", "BUSY", "plan-auth 2/3 done", "t3 write handler", "retries  1/3", "ISS-2 flaky login test", "W retry t3 (1/3)"]) expect(frame).toContain(text)
  })

  it("updates live when a feed changes", async () => {
    const feed = createValueFeed<OsPanelStatus | null>(os)
    app = await renderApp({ feeds: { c64: null, os: feed } })
    await app.press("4")
    await act(async () => feed.set({ ...os, phase: "V", state: "BLK_MAX", lastError: "validation failed" }))
    const frame = await app.render()
    expect(frame).toContain("V VALIDATE")
    expect(frame).toContain("BLK_MAX")
    expect(frame).toContain("validation failed")
  })

  it("moves between C64 tasks with j and k", async () => {
    app = await renderApp({ feeds: { c64: createValueFeed<readonly C64TaskSummary[]>([watcher, failed]), os: null } })
    await app.press("4")
    const frame = await app.press("j")
    expect(frame).toMatch(/› 0003_read_io/)
  })

  it("shows when the last recovery checkpoint was written, and updates when a new one is", async () => {
    const at = new Date(Date.now() - 5000)
    const feed = createValueFeed<Date | null>(null)
    app = await renderApp({ feeds: { c64: null, os: null, checkpoint: feed } })
    expect(await app.press("4")).toContain("Checkpoint: none yet")
    await act(async () => feed.set(at))
    const frame = await app.render()
    expect(frame).toContain(`Checkpoint: ${at.toTimeString().slice(0, 8)} (`)
    expect(frame).toMatch(/\(\d+s ago\)/)
    const now = new Date("2026-03-10T10:00:00Z")
    expect(checkpointLine(new Date(now.getTime() - 125_000), now)).toMatch(/\(2m ago\)$/)
  })

  it("shows a compact strip of both under the list", async () => {
    app = await renderApp({ feeds: { c64: createValueFeed<readonly C64TaskSummary[]>([watcher]), os: createValueFeed<OsPanelStatus | null>(os) } })
    const frame = app.frame()
    expect(frame).toMatch(/C64 {2}1 running · 0002_watch_screen 14×/)
    expect(frame).toMatch(/OS {3}.*BUSY.*plan-auth 2\/3 · t3 write handler/)
  })
})

describe("sparkline", () => {
  it("scales values to the largest one shown and right-aligns them", () => {
    expect(sparkline([0, 4, 8], 5)).toBe("  ▁▅█")
    expect(sparkline([1, 2, 3, 4, 5, 6], 3)).toBe(sparkline([4, 5, 6], 3))
    expect(sparkline([0, 0], 2)).toBe("▁▁")
  })
})
