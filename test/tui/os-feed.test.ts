import { afterEach, describe, expect, it } from "vitest"
import type { OsStatus } from "../../src/os/engine-status.ts"
import type { AgentSession } from "../../src/os/sessions.ts"
import { createOsFeed, openOsReader, toOsPanelSessions, toOsPanelStatus, type OsFeed, type OsReader } from "../../src/tui/os-feed.ts"
import { runTsk } from "../helpers/run-tsk.ts"
import { makeTempHome } from "../helpers/temp-home.ts"

const cleanups: Array<() => void | Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const session = (over: Partial<AgentSession>): AgentSession => ({
  id: "s1",
  status: "working",
  event: "PreToolUse",
  cwd: "/home/ada/tsk",
  transcript: null,
  tool: "Edit",
  message: null,
  prompt: "Add a CSV export",
  started: "2026-03-10T09:00:00.000Z",
  updated: "2026-03-10T09:05:00.000Z",
  ...over,
})

const status: OsStatus = {
  root: "/x/os",
  phase: "C",
  phaseName: "CONSTRUCT",
  phases: [],
  state: "BUSY",
  blocked: false,
  plan: {
    id: "p1",
    dom: "auth",
    goal: "login flow",
    maxRetries: 3,
    done: 1,
    total: 2,
    tasks: [
      { id: "t1", title: "schema", desc: null, state: "done", retries: 0, artifact: "a1", error: null },
      { id: "t2", title: "handler", desc: null, state: "active", retries: 1, artifact: null, error: "no purpose" },
    ],
  },
  currentTask: { id: "t2", title: "handler", desc: null, state: "active", retries: 1, artifact: null, error: "no purpose" },
  retries: { t2: 2 },
  maxRetries: 3,
  activeIssues: [],
  lastError: "t2: no purpose",
  log: [],
  counters: { v: 4, g: 7, ln: 7, max: 1000 },
  sessions: [],
  problems: [],
  summary: "phase C",
}

describe("the agent state feed's data", () => {
  it("takes the current task's retries from the state, and every task of the plan", () => {
    const panel = toOsPanelStatus(status)
    expect(panel.task).toEqual({ id: "t2", title: "handler", state: "active", retries: 1, artifact: null, error: "no purpose" })
    expect(panel.retries).toBe(2)
    expect(panel.plan?.tasks.map((t) => `${t.id} ${t.state} ${t.artifact ?? "-"}`)).toEqual(["t1 done a1", "t2 active -"])
  })

  it("puts sessions that need input first, then working, idle and ended, the newest first", () => {
    const sessions = toOsPanelSessions([
      session({ id: "ended", status: "ended", updated: "2026-03-10T09:09:00.000Z" }),
      session({ id: "old-work", status: "working", updated: "2026-03-10T09:01:00.000Z" }),
      session({ id: "new-work", status: "working", updated: "2026-03-10T09:08:00.000Z" }),
      session({ id: "waiting", status: "needs_input", message: "Claude needs your permission to use Bash", updated: "2026-03-10T09:00:00.000Z" }),
      session({ id: "idle", status: "idle" }),
    ])
    expect(sessions.map((s) => s.id)).toEqual(["waiting", "new-work", "old-work", "idle", "ended"])
    expect(sessions[0]!.detail).toBe("tsk · Claude needs your permission to use Bash")
    expect(sessions[1]!.detail).toBe("tsk · Edit")
    expect(sessions[3]!.detail).toBe("tsk · Add a CSV export")
    expect(sessions[4]!.detail).toBe("tsk")
  })
})

describe("the agent state feed", () => {
  it("reads again when a change arrives during a read, so the last write is shown", async () => {
    let current = status
    let release = () => {}
    const reader: OsReader = {
      status: () => {
        const read = current
        return new Promise((resolve) => (release = () => resolve(read)))
      },
      watch: () => async () => {},
    }
    const feed = createOsFeed(reader, 60_000)
    cleanups.push(() => feed.close())
    const first = feed.refresh()
    current = { ...status, phase: "V", state: "READY" }
    const second = feed.refresh()
    release()
    await new Promise((resolve) => setTimeout(resolve, 0))
    release()
    await Promise.all([first, second])
    expect(feed.get()).toMatchObject({ phase: "V", state: "READY" })
  })

  it("notices another process's command through its cheap revision check, without the watch", async () => {
    const { home, cleanup } = makeTempHome("tsk-os-feed-")
    cleanups.push(cleanup)
    const real = await openOsReader(home)
    const reader: OsReader = { status: real.status, revision: real.revision, watch: () => async () => {} }
    const feed: OsFeed = createOsFeed(reader, 60_000, 50)
    cleanups.push(() => feed.close())
    await expect.poll(() => feed.get()?.phase, { timeout: 60_000 }).toBe("I")
    const result = runTsk(home, ["os", "analyze", "Export tasks as CSV"])
    expect(result.code, result.stderr).toBe(0)
    await expect.poll(() => feed.get()?.phase, { timeout: 60_000, interval: 20 }).toBe("A")
  })
})
