import { describe, expect, it } from "vitest"
import type { RegistryEntry, SampleLine } from "../../src/c64/state/task-schema.ts"
import type { OsStatus } from "../../src/os/engine-status.ts"
import { changesPerSample, createC64Feed, toC64Summary, type C64Reader } from "../../src/tui/c64-feed.ts"
import { createOsFeed, toOsPanelStatus, type OsReader } from "../../src/tui/os-feed.ts"

const entry = (over: Partial<RegistryEntry> = {}): RegistryEntry => ({
  id: "0001_read",
  name: "read",
  type: "background",
  operation: "read",
  args: {},
  intervalMs: 1000,
  iterations: 3,
  status: "running",
  startedAt: "2026-03-10T09-00-00Z",
  updatedAt: "2026-03-10T09-00-03Z",
  folder: "tasks/background/0001_read",
  ...over,
})
const sample = (i: number, hex: string): SampleLine => ({ i, at: "2026-03-10T09-00-00Z", ms: i * 1000, address: "$0400", length: hex.length / 2, hex })

describe("the C64 feed", () => {
  it("turns samples into bytes changed since the sample before", () => {
    expect(changesPerSample([sample(1, "000000"), sample(2, "000100"), sample(3, "ff01ff")])).toEqual([1, 2])
  })

  it("summarises a registry entry for the pane", () => {
    expect(toC64Summary(entry({ maxIterations: 10, lastError: null }), [])).toMatchObject({ id: "0001_read", status: "running", iterations: 3, maxIterations: 10, samples: [] })
  })

  it("reads the registry and the samples of background reads", async () => {
    const reader: C64Reader = {
      list: async () => [entry(), entry({ id: "0002_sprites", type: "foreground", operation: "extract_sprites_from_ram", status: "completed" })],
      show: async () => ({ samples: [sample(1, "00"), sample(2, "01")] }),
      close: async () => {},
    }
    const feed = createC64Feed(reader, 60_000)
    await feed.refresh()
    expect(feed.get().map((t) => [t.id, t.samples])).toEqual([
      ["0001_read", [1]],
      ["0002_sprites", []],
    ])
    await feed.close()
  })
})

const osStatus: OsStatus = {
  root: "/x/os",
  phase: "C",
  phaseName: "CONSTRUCT",
  phases: [],
  state: "BUSY",
  blocked: false,
  plan: { id: "p1", dom: "auth", goal: "login flow", maxRetries: 3, done: 1, total: 3, tasks: [] },
  currentTask: { id: "t2", title: "write handler", desc: null, state: "active", retries: 1, artifact: null, error: null },
  retries: { t2: 1 },
  maxRetries: 3,
  activeIssues: [{ id: "ISS-1", artifact: null, message: "flaky test" }],
  lastError: null,
  log: [{ id: 7, L: "W", ph: "C", plan: "p1", task: "t2", msg: "retry t2" }],
  counters: { v: 4, g: 7, ln: 7, max: 1000 },
  sessions: [],
  problems: [],
  summary: "phase C",
}

describe("the agent state feed", () => {
  it("maps the engine's status to the panel", () => {
    expect(toOsPanelStatus(osStatus)).toEqual({
      phase: "C",
      state: "BUSY",
      plan: { id: "p1", dom: "auth", goal: "login flow", done: 1, total: 3, maxRetries: 3, tasks: [] },
      task: null,
      retries: null,
      maxRetries: 3,
      activeIssues: [{ id: "ISS-1", title: "flaky test" }],
      lastError: null,
      log: [{ level: "W", msg: "retry t2" }],
      sessions: [],
    })
  })

  it("refreshes when the state's files change", async () => {
    let current = osStatus
    let notify = () => {}
    const reader: OsReader = {
      status: async () => current,
      watch(onChange) {
        notify = onChange
        return async () => {}
      },
    }
    const feed = createOsFeed(reader, 60_000)
    await feed.refresh()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(feed.get()?.state).toBe("BUSY")
    current = { ...osStatus, phase: "V", state: "READY" }
    notify()
    await feed.refresh()
    expect(feed.get()).toMatchObject({ phase: "V", state: "READY" })
    await feed.close()
  })
})
