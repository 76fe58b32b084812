import { afterEach, describe, expect, it } from "vitest"
import { act } from "react"
import { TextAttributes } from "@opentui/core"
import { darkTheme } from "../../components/theme/theme.ts"
import { panelLayout, phaseStripText } from "../../components/monitor/phase-panel.tsx"
import { createValueFeed } from "../../src/tui/monitor-feeds.ts"
import type { OsPanelStatus, OsStateName } from "../../src/tui/os-panel-status.ts"
import { hexOf, lineWith, renderApp, type Harness } from "../tui/app-harness.tsx"
import { panelPlan, panelStatus, panelTask } from "../tui/os-panel-fixtures.ts"

let app: Harness | null = null
afterEach(async () => {
  await app?.destroy()
  app = null
})

/** The Monitor screen showing `status` (dark theme, so colours can be checked). */
async function monitorWith(status: OsPanelStatus, size: { width?: number; height?: number } = {}) {
  const feed = createValueFeed<OsPanelStatus | null>(status)
  app = await renderApp({ feeds: { c64: null, os: feed }, env: {}, width: size.width ?? 120, height: size.height ?? 35 })
  await app.press("4")
  return { app, feed }
}

describe("the phase/state panel", () => {
  it.each<[OsStateName, string]>([
    ["READY", darkTheme.success as string],
    ["BUSY", darkTheme.info as string],
    ["BLK_CON", darkTheme.warning as string],
    ["BLK_SUM", darkTheme.warning as string],
    ["BLK_PSUM", darkTheme.warning as string],
    ["BLK_MAX", darkTheme.warning as string],
    ["ERROR", darkTheme.error as string],
  ])("draws the state %s in its own colour", async (state, colour) => {
    const { app } = await monitorWith(panelStatus({ state }))
    expect(lineWith(app.frame(), "state    ")).toContain(state)
    expect(hexOf(app.spanWith(state)!.fg)).toBe(colour)
  })

  it("says a blocked state waits for os-clear", async () => {
    const { app } = await monitorWith(panelStatus({ state: "BLK_CON", lastError: "state.json moved on" }))
    expect(lineWith(app.frame(), "state    ")).toContain("BLK_CON  blocked until os-clear")
  })

  it("highlights the current phase in the strip and names every phase when there is room", async () => {
    const { app } = await monitorWith(panelStatus({ phase: "V" }))
    expect(app.frame()).toContain(phaseStripText("V", false).trim())
    // Explicit colours, no INVERSE: OpenTUI 0.5.8 swapped INVERSE twice and the text vanished.
    const current = app.spanWith(" V VALIDATE ")!
    expect(current.attributes & TextAttributes.INVERSE).toBeFalsy()
    expect(hexOf(current.fg)).toBe(darkTheme.background)
    expect(hexOf(current.bg)).toBe(darkTheme.accent)
    const other = app.spanWith(" C CONSTRUCT ")!
    expect(other.attributes & TextAttributes.INVERSE).toBeFalsy()
    expect(hexOf(other.fg)).toBe(darkTheme.textMuted)
  })

  it("names only the current phase when the panel is narrow", async () => {
    const { app } = await monitorWith(panelStatus({ phase: "B" }), { width: 100 })
    expect(app.frame()).toContain(phaseStripText("B", true).trim())
    expect(app.frame()).not.toContain("CONSTRUCT")
  })

  it("shows the plan's progress, the current task and its retries out of the maximum", async () => {
    const writer = panelTask({ retries: 1, error: "no purpose statement" })
    const { app } = await monitorWith(panelStatus({ task: writer, retries: 1, plan: panelPlan([writer, panelTask({ id: "docs", state: "done" })]) }))
    const frame = app.frame()
    expect(lineWith(frame, "plan ")).toMatch(/plan\s+csv-export 1\/2 done · Export tasks as CSV/)
    expect(lineWith(frame, "task ")).toMatch(/task\s+writer Write the CSV writer \(active\)/)
    expect(lineWith(frame, "retries ")).toMatch(/retries\s+1\/3 \(writer\)/)
    expect(hexOf(app.spanWith("1/3 (writer)")!.fg)).toBe(darkTheme.warning)
  })

  it("keeps the plan's recorded retries in view once no task is checked out", async () => {
    const { app } = await monitorWith(panelStatus({ phase: "I", state: "READY", task: null, retries: null, plan: panelPlan([panelTask({ state: "done", retries: 1 })]) }))
    expect(lineWith(app.frame(), "retries ")).toMatch(/retries\s+– \(plan: 1 recorded\)/)
  })

  it("lists the active issues", async () => {
    const { app } = await monitorWith(panelStatus({ activeIssues: [{ id: "ISS-1", title: "lint rule suppressed" }, { id: "ISS-2", title: "flaky test" }] }))
    expect(lineWith(app.frame(), "issues ")).toContain("ISS-1 lint rule suppressed; ISS-2 flaky test")
  })

  it("shows the last error in the error colour while it matters, muted as earlier once the work moved on, and not at IDLE", async () => {
    const { app, feed } = await monitorWith(panelStatus({ state: "BLK_MAX", lastError: "writer: no purpose statement" }))
    expect(hexOf(app.spanWith("writer: no purpose statement")!.fg)).toBe(darkTheme.error)
    await act(async () => feed.set(panelStatus({ phase: "C", state: "BUSY", task: null, retries: null, lastError: "writer: no purpose statement" })))
    await app.render()
    expect(hexOf(app.spanWith("earlier: writer: no purpose statement")!.fg)).toBe(darkTheme.textMuted)
    await act(async () => feed.set(panelStatus({ phase: "I", state: "READY", task: null, retries: null, lastError: "writer: no purpose statement" })))
    const frame = await app.render()
    expect(frame).not.toContain("no purpose statement")
    expect(lineWith(frame, "error    ")).toMatch(/error\s+–/)
  })

  it("shows as many of the newest log lines as fit", async () => {
    const log = Array.from({ length: 40 }, (_, i) => ({ level: "I" as const, msg: `event number ${i + 1}.` }))
    const { app } = await monitorWith(panelStatus({ log }), { height: 30 })
    const frame = app.frame()
    const shown = log.filter((line) => frame.includes(line.msg))
    expect(shown.length).toBeGreaterThan(5)
    expect(shown.at(-1)!.msg).toBe("event number 40.")
    expect(shown).toEqual(log.slice(log.length - shown.length))
    expect(frame.split("\n").filter((line) => line.includes("event number")).length).toBe(shown.length)
  })

  it("colours warning and error log lines", async () => {
    const { app } = await monitorWith(panelStatus({ log: [{ level: "W", msg: "validation rejected" }, { level: "E", msg: "BLK_MAX: task writer failed" }] }))
    expect(hexOf(app.spanWith("BLK_MAX: task writer failed")!.fg)).toBe(darkTheme.error)
    expect(hexOf(app.spanWith(" W ")!.fg)).toBe(darkTheme.warning)
  })

  it("lists the Claude Code sessions with their status, a session that needs input first and standing out", async () => {
    const { app } = await monitorWith(
      panelStatus({
        sessions: [
          { id: "aaaa1111-session", status: "needs_input", detail: "tsk · Claude needs your permission to use Bash", source: null },
          { id: "bbbb2222-session", status: "working", detail: "api · Edit", source: null },
          { id: "cccc3333-session", status: "idle", detail: null, source: null },
          { id: "dddd4444-session", status: "ended", detail: null, source: null },
        ],
      }),
    )
    const frame = app.frame()
    expect(lineWith(frame, "sessions")).toMatch(/sessions\s+4 · 1 waiting for input · \+1 not shown/)
    const rows = frame.split("\n")
    const waiting = rows.findIndex((row) => row.includes("aaaa1111"))
    expect(rows[waiting]).toMatch(/needs input\s+aaaa1111 tsk · Claude needs your permissio/)
    expect(rows[waiting + 1]).toMatch(/working\s+bbbb2222 api · Edit/)
    expect(rows[waiting + 2]).toMatch(/idle\s+cccc3333/)
    const badge = app.spanWith(" needs input ")!
    expect(hexOf(badge.bg)).toBe(darkTheme.warning)
    expect(hexOf(badge.fg)).toBe(darkTheme.background)
    expect(badge.attributes & TextAttributes.INVERSE).toBeFalsy()
    expect(hexOf(app.spanWith(" working ")!.fg)).toBe(darkTheme.info)
  })

  it("says how to install the hooks when no session has reported", async () => {
    const { app } = await monitorWith(panelStatus())
    expect(lineWith(app.frame(), "sessions")).toContain("none (hooks: tsk agent snippet --hooks)")
  })

  it("gives a short panel's rows to the strip and state first, then the sessions, then the log", async () => {
    expect(panelLayout(30, 2)).toEqual({ fixed: 7, sessions: 2, log: 19 })
    expect(panelLayout(9, 2)).toEqual({ fixed: 7, sessions: 1, log: null })
    expect(panelLayout(5, 1)).toEqual({ fixed: 5, sessions: null, log: null })
    const status = panelStatus({ sessions: [{ id: "aaaa1111-session", status: "needs_input", detail: "tsk · permission to use Bash", source: null }] })
    const { app } = await monitorWith(status, { width: 80, height: 24 })
    const rows = app.frame().split("\n")
    const strip = rows.findIndex((row) => row.includes(phaseStripText("C", false).trim()))
    expect(strip).toBeGreaterThan(0)
    expect(rows[strip + 1]).toMatch(/│state\s+BUSY/)
    expect(rows.some((row) => row.includes("needs input  aaaa1111"))).toBe(true)
  })

  it("follows every change of the feed", async () => {
    const { app, feed } = await monitorWith(panelStatus())
    await act(async () => feed.set(panelStatus({ phase: "V", state: "READY", task: panelTask({ state: "review", artifact: "csv-writer" }) })))
    const frame = await app.render()
    expect(hexOf(app.spanWith(" V VALIDATE ")!.bg)).toBe(darkTheme.accent)
    expect(lineWith(frame, "task ")).toContain("(review)")
  })
})

describe("the agent strip under the list", () => {
  it("shows the phase, the state and the plan's progress", async () => {
    app = await renderApp({ feeds: { c64: null, os: createValueFeed<OsPanelStatus | null>(panelStatus()) }, env: {}, width: 120 })
    const line = lineWith(app.frame(), " OS ")
    expect(line).toContain(phaseStripText("C", true).trim())
    expect(line).toMatch(/BUSY csv-export 0\/3 · writer Write the CSV writer/)
    expect(hexOf(app.spanWith(" BUSY ")!.fg)).toBe(darkTheme.info)
  })

  it("points out a session that needs input", async () => {
    const status = panelStatus({ sessions: [{ id: "aaaa1111-session", status: "needs_input", detail: "tsk · Claude needs your permission to use Bash", source: null }] })
    app = await renderApp({ feeds: { c64: null, os: createValueFeed<OsPanelStatus | null>(status) }, env: {}, width: 140 })
    expect(lineWith(app.frame(), " OS ")).toMatch(/csv-export 0\/3\s+needs input\s+tsk · Claude needs your permission to use Bash/)
    const badge = app.spanWith(" needs input ")!
    expect(hexOf(badge.fg)).not.toBe(hexOf(badge.bg))
    expect(hexOf(badge.bg)).toBe(darkTheme.warning)
  })

  it("shows the last error only while it matters", async () => {
    const feed = createValueFeed<OsPanelStatus | null>(panelStatus({ state: "ERROR", lastError: "disk full" }))
    app = await renderApp({ feeds: { c64: null, os: feed }, env: {}, width: 120 })
    expect(lineWith(app.frame(), " OS ")).toContain("· disk full")
    await act(async () => feed.set(panelStatus({ phase: "I", state: "READY", task: null, retries: null, lastError: "disk full" })))
    expect(lineWith(await app.render(), " OS ")).not.toContain("disk full")
  })
})
