import { describe, expect, it } from "vitest"
import { agentToast } from "../../src/tui/agent-link.ts"
import { createValueFeed, NO_FEEDS, type MonitorFeeds } from "../../src/tui/monitor-feeds.ts"
import type { OsPanelStatus } from "../../src/tui/os-panel-status.ts"
import { osToasts, watchOsToasts } from "../../src/tui/os-toasts.ts"
import { panelPlan, panelStatus, panelTask } from "./os-panel-fixtures.ts"

const idle = panelStatus({ phase: "I", state: "READY", plan: null, task: null, retries: null })

describe("agent toasts from the operating state", () => {
  it("announces each phase with what it is about", () => {
    const analyzing = panelStatus({ phase: "A", state: "READY", plan: null, task: null, retries: null })
    const planned = panelStatus({ phase: "B", state: "READY", task: null, retries: null })
    const building = panelStatus({ phase: "C", state: "BUSY", task: panelTask({ id: "t2" }) })
    const validating = panelStatus({ phase: "V", state: "READY", task: panelTask({ state: "review", artifact: "csv-writer" }) })
    const done = panelStatus({ phase: "I", state: "READY", task: null, retries: null, plan: panelPlan([panelTask({ state: "done" })]) })
    expect(osToasts(idle, analyzing)).toEqual([{ kind: "agent", message: "Agent: phase A — ANALYZE" }])
    expect(osToasts(analyzing, planned)).toEqual([{ kind: "agent", message: "Agent: phase B — BLUEPRINT csv-export (3 tasks)" }])
    expect(osToasts(planned, building)).toEqual([{ kind: "agent", message: "Agent: phase C — CONSTRUCT t2" }])
    expect(osToasts(building, validating)).toEqual([{ kind: "agent", message: "Agent: phase V — VALIDATE writer → csv-writer" }])
    expect(osToasts(validating, done)).toEqual([{ kind: "agent", message: "Agent: phase I — IDLE, plan csv-export done (1/1)" }])
  })

  it("says which retry a task is on when validation sends it back", () => {
    const validating = panelStatus({ phase: "V", state: "READY" })
    const retrying = panelStatus({ phase: "C", state: "BUSY", retries: 1, task: panelTask({ retries: 1 }) })
    expect(osToasts(validating, retrying)).toEqual([{ kind: "agent", message: "Agent: phase C — CONSTRUCT writer (retry 1/3)" }])
  })

  it("says nothing when only the log or the sessions change", () => {
    const busy = panelStatus()
    expect(osToasts(busy, { ...busy, log: [...busy.log, { level: "I", msg: "more" }] })).toEqual([])
  })

  it("raises an error toast with the last error when the state becomes blocked", () => {
    const busy = panelStatus()
    const blocked = panelStatus({ phase: "C", state: "BLK_MAX", lastError: "writer: no purpose statement" })
    expect(osToasts(busy, blocked)).toEqual([{ kind: "error", message: "Agent blocked (BLK_MAX): writer: no purpose statement" }])
    expect(osToasts(blocked, { ...blocked, log: [] })).toEqual([])
  })

  it("raises an error toast when the state becomes ERROR, after the phase change it came with", () => {
    const building = panelStatus({ phase: "B", state: "READY" })
    const failed = panelStatus({ phase: "C", state: "ERROR", lastError: "EACCES on plans/export/csv-export.json" })
    expect(osToasts(building, failed)).toEqual([
      { kind: "agent", message: "Agent: phase C — CONSTRUCT writer" },
      { kind: "error", message: "Agent error: EACCES on plans/export/csv-export.json" },
    ])
  })

  it("shows the state found at start-up without announcing it", () => {
    expect(osToasts(null, panelStatus({ state: "BLK_CON" }))).toEqual([])
  })

  it("follows the os feed once it is connected and stops when asked", () => {
    const shown: string[] = []
    const feeds = createValueFeed<MonitorFeeds>(NO_FEEDS)
    const stop = watchOsToasts(feeds, { show: (kind, message) => void shown.push(`${kind} ${message}`) })
    const os = createValueFeed<OsPanelStatus | null>(null)
    feeds.set({ c64: null, os })
    os.set(idle)
    os.set(panelStatus({ phase: "A", state: "READY", plan: null, task: null, retries: null }))
    expect(shown).toEqual(["agent Agent: phase A — ANALYZE"])
    stop()
    os.set(idle)
    expect(shown).toHaveLength(1)
  })

  it("leaves the bridge's toast out for commands whose whole effect is a phase change", () => {
    for (const command of ["os-analyze", "os-plan", "os-next", "os-complete"]) {
      expect(agentToast({ type: "processed", commandId: "1", command, status: "ok", summary: "phase" })).toBeNull()
    }
    expect(agentToast({ type: "processed", commandId: "2", command: "os-validate", status: "ok", summary: "validated csv-writer (phase C)" })).toEqual({
      kind: "agent",
      message: "Agent: validated csv-writer (phase C)",
    })
    expect(agentToast({ type: "processed", commandId: "3", command: "os-next", status: "error", summary: "", error: "no pending task" })?.kind).toBe("error")
  })
})
