import { afterEach, describe, expect, it } from "vitest"
import { act } from "react"
import { darkTheme } from "../../components/theme/theme.ts"
import { helpSections, hintsFor } from "../../src/tui/keymap.ts"
import { activeScopes } from "../../src/tui/active-scopes.ts"
import { createValueFeed, type ValueFeed } from "../../src/tui/monitor-feeds.ts"
import type { OsPanelStatus } from "../../src/tui/os-panel-status.ts"
import { hexOf, lineWith, renderApp, type Harness } from "../tui/app-harness.tsx"
import { panelPlan, panelStatus, panelTask } from "../tui/os-panel-fixtures.ts"

let app: Harness | null = null
afterEach(async () => {
  await app?.destroy()
  app = null
})

const walked = panelStatus({
  phase: "C",
  state: "BUSY",
  task: panelTask({ id: "command", title: "Add the tsk export command" }),
  retries: 0,
  plan: panelPlan([
    panelTask({ state: "done", retries: 1, artifact: "csv-writer" }),
    panelTask({ id: "command", title: "Add the tsk export command", state: "active" }),
    panelTask({ id: "docs", title: "Document the CSV export", state: "pending" }),
  ]),
})

async function appWith(status: OsPanelStatus | null, size: { width?: number; height?: number } = {}): Promise<{ app: Harness; feed: ValueFeed<OsPanelStatus | null> }> {
  const feed = createValueFeed<OsPanelStatus | null>(status)
  app = await renderApp({ feeds: { c64: null, os: feed }, env: {}, width: size.width ?? 120, height: size.height ?? 35 })
  return { app, feed }
}

describe("the agent plan dialog", () => {
  it("opens with P on the Monitor and shows every task with its state, retries and artifact", async () => {
    const { app } = await appWith(walked)
    await app.press("4")
    const frame = await app.press("P")
    expect(frame).toContain("Agent plan csv-export (1/3 done)")
    expect(frame).toContain("Export tasks as CSV")
    expect(frame).toMatch(/domain export · 1\/3 done · up to 3 retries a task · phase C BUSY/)
    expect(lineWith(frame, "✓ writer")).toMatch(/✓ writer\s+Write the CSV writer\s+done\s+retries 1\/3\s+→ csv-writer/)
    expect(lineWith(frame, "▸ command")).toMatch(/▸ command\s+Add the tsk export command\s+active\s+retries 0\/3/)
    expect(lineWith(frame, "· docs")).toMatch(/· docs\s+Document the CSV export\s+pending\s+retries 0\/3/)
    expect(hexOf(app.spanWith("retries 1/3")!.fg)).toBe(darkTheme.warning)
  })

  it("opens with P from the List too", async () => {
    const { app } = await appWith(walked)
    const frame = await app.press("P")
    expect(frame).toContain("Agent plan csv-export (1/3 done)")
    expect(frame).toContain("DIALOG")
  })

  it("shows the last error of a task that failed", async () => {
    const failed = panelTask({ state: "failed", retries: 4, error: "no 'Depends on: []' line" })
    const { app } = await appWith(panelStatus({ state: "BLK_MAX", task: failed, retries: 4, plan: panelPlan([failed]) }))
    const frame = await app.press("P")
    expect(lineWith(frame, "✗ writer")).toMatch(/failed\s+retries 4\/3/)
    expect(frame).toContain("last error: no 'Depends on: []' line")
    expect(hexOf(app.spanWith("last error:")!.fg)).toBe(darkTheme.error)
  })

  it("follows the agent while it is open", async () => {
    const { app, feed } = await appWith(walked)
    await app.press("P")
    await act(async () =>
      feed.set({ ...walked, phase: "V", state: "READY", plan: panelPlan([panelTask({ state: "done" }), panelTask({ id: "command", state: "review", artifact: "export-command" }), panelTask({ id: "docs", state: "pending" })]) }),
    )
    const frame = await app.render()
    expect(lineWith(frame, "? command")).toMatch(/review\s+retries 0\/3\s+→ export-command/)
  })

  it("scrolls a plan taller than the screen", async () => {
    const tasks = Array.from({ length: 30 }, (_, i) => panelTask({ id: `t${i + 1}`, title: `Step number ${i + 1}`, state: "pending" }))
    const { app } = await appWith(panelStatus({ task: null, retries: null, plan: panelPlan(tasks) }), { height: 20 })
    let frame = await app.press("P")
    expect(frame).toContain("Step number 1 ")
    expect(frame).not.toContain("Step number 30")
    expect(frame).toMatch(/Agent plan csv-export \(0\/30 done\) · 1-13 of 33/)
    for (let i = 0; i < 25; i++) await app.press("j")
    frame = app.frame()
    expect(frame).toContain("Step number 30")
    expect(frame).not.toContain("Step number 1 ")
    frame = await app.press("k")
    expect(frame).toMatch(/20-32 of 33/)
  })

  it("says so when the agent has no plan yet", async () => {
    const { app } = await appWith(panelStatus({ phase: "A", state: "READY", plan: null, task: null, retries: null }))
    const frame = await app.press("P")
    expect(frame).toContain("No plan yet: the agent writes one in phase B")
  })

  it("closes with Esc", async () => {
    const { app } = await appWith(walked)
    await app.press("4")
    await app.press("P")
    const frame = await app.press("ESCAPE")
    expect(frame).not.toContain("Agent plan")
    expect(frame).toContain("Agent state")
  })

  it("is hinted in the Monitor's status bar and listed in help", async () => {
    expect(hintsFor(activeScopes({ dialogs: [], view: "monitor", pane: 0, visualAnchorId: null }))).toContainEqual(expect.objectContaining({ label: "P", hint: "plan" }))
    for (const title of ["Monitor", "List"]) {
      expect(helpSections().find((s) => s.title === title)!.rows.map((r) => r.label)).toContain("P")
    }
    const { app } = await appWith(walked)
    await app.press("4")
    expect(lineWith(app.frame(), "NORMAL")).toContain("P plan")
  })
})
