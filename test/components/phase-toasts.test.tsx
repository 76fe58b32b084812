import { afterEach, describe, expect, it } from "vitest"
import { act } from "react"
import { darkTheme } from "../../components/theme/theme.ts"
import { createValueFeed } from "../../src/tui/monitor-feeds.ts"
import type { OsPanelStatus } from "../../src/tui/os-panel-status.ts"
import { hexOf, renderApp, type Harness } from "../tui/app-harness.tsx"
import { panelStatus, panelTask } from "../tui/os-panel-fixtures.ts"

let app: Harness | null = null
afterEach(async () => {
  await app?.destroy()
  app = null
})

async function appWith(status: OsPanelStatus) {
  const feed = createValueFeed<OsPanelStatus | null>(status)
  app = await renderApp({ feeds: { c64: null, os: feed }, env: {}, width: 120, height: 30 })
  return { app, feed }
}

describe("phase toasts on screen", () => {
  it("announces a phase change on any screen", async () => {
    const { app, feed } = await appWith(panelStatus({ phase: "B", state: "READY", task: null, retries: null }))
    await act(async () => feed.set(panelStatus({ phase: "C", task: panelTask({ id: "t2" }) })))
    expect(await app.render()).toContain("⚡ Agent: phase C — CONSTRUCT t2")
  })

  it("shows a blocked state in the error colour with its last error", async () => {
    const { app, feed } = await appWith(panelStatus())
    await act(async () => feed.set(panelStatus({ state: "BLK_CON", lastError: "state.json changed underneath (v 7 → 8)" })))
    const frame = await app.render()
    expect(frame).toContain("✗ Agent blocked (BLK_CON): state.json changed")
    expect(frame).toContain("underneath (v 7 → 8)")
    expect(hexOf(app.spanWith("Agent blocked (BLK_CON)")!.fg)).toBe(darkTheme.error)
  })

  it("shows an ERROR state in the error colour with its last error", async () => {
    const { app, feed } = await appWith(panelStatus())
    await act(async () => feed.set(panelStatus({ state: "ERROR", lastError: "log write failed" })))
    const frame = await app.render()
    expect(frame).toContain("✗ Agent error: log write failed")
    expect(hexOf(app.spanWith("Agent error: log write failed")!.fg)).toBe(darkTheme.error)
  })

  it("sits at the bottom right on the Monitor, leaving the phase and state in view", async () => {
    const { app, feed } = await appWith(panelStatus())
    await app.press("4")
    await act(async () => feed.set(panelStatus({ phase: "V", state: "READY", task: panelTask({ state: "review", artifact: "csv-writer" }) })))
    const rows = (await app.render()).split("\n")
    const toastRow = rows.findIndex((row) => row.includes("Agent: phase V — VALIDATE"))
    expect(toastRow).toBeGreaterThan(rows.length / 2)
    expect(rows.findIndex((row) => row.includes("V VALIDATE"))).toBeLessThan(4)
  })

  it("sits at the bottom on a narrow Monitor, below the phase strip and the state (the panel is under the C64 pane)", async () => {
    const feed = createValueFeed<OsPanelStatus | null>(panelStatus())
    app = await renderApp({ feeds: { c64: null, os: feed }, env: {}, width: 80, height: 30 })
    await app.press("4")
    await act(async () => feed.set(panelStatus({ phase: "V", state: "READY", task: panelTask({ state: "review", artifact: "csv-writer" }) })))
    const rows = (await app.render()).split("\n")
    const toast = rows.findIndex((row) => row.includes("Agent: phase V — VALIDATE"))
    expect(toast).toBeGreaterThan(rows.findIndex((row) => row.includes("V VALIDATE") && !row.includes("Agent:")))
    expect(toast).toBeGreaterThan(rows.findIndex((row) => /state\s+READY/.test(row)))
  })
})
