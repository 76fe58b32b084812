// `w` in the Monitor jumps to the next Claude Code session that needs input, and each session row
// shows where its status came from (the hook event and its time).
import { afterEach, describe, expect, it } from "vitest"
import { createValueFeed } from "../../src/tui/monitor-feeds.ts"
import type { OsPanelStatus } from "../../src/tui/os-panel-status.ts"
import { findBinding } from "../../src/tui/keymap.ts"
import { nextWaitingSession } from "../../src/tui/os-actions.ts"
import { renderApp, type Harness } from "../tui/app-harness.tsx"
import { panelStatus } from "../tui/os-panel-fixtures.ts"

let app: Harness | null = null
afterEach(async () => {
  await app?.destroy()
  app = null
})

const SESSIONS: OsPanelStatus["sessions"] = [
  { id: "aaaa1111-session", status: "needs_input", detail: "tsk · permission to use Bash", source: "Notification (permission_prompt) 10:00:01" },
  { id: "bbbb2222-session", status: "working", detail: "api · Edit", source: "PreToolUse 10:00:05" },
  { id: "cccc3333-session", status: "needs_input", detail: "web · waiting for your input", source: "Notification (idle_prompt) 09:58:00" },
]

describe("jumping to the session that needs input", () => {
  it("binds w in the Monitor", () => {
    expect(findBinding("w", ["monitor"], false)?.action).toBe("monitor.nextWaiting")
  })

  it("cycles through the waiting sessions only", () => {
    expect(nextWaitingSession(SESSIONS, null)?.id).toBe("aaaa1111-session")
    expect(nextWaitingSession(SESSIONS, "aaaa1111-session")?.id).toBe("cccc3333-session")
    expect(nextWaitingSession(SESSIONS, "cccc3333-session")?.id).toBe("aaaa1111-session")
    expect(nextWaitingSession(SESSIONS.filter((s) => s.status !== "needs_input"), null)).toBeNull()
  })

  it("puts the session w jumps to first, marked, and says since when and why it waits", async () => {
    app = await renderApp({ feeds: { c64: null, os: createValueFeed<OsPanelStatus | null>(panelStatus({ sessions: SESSIONS })) }, env: {}, width: 220, height: 40 })
    await app.press("4")
    expect(app.frame()).toContain("aaaa1111 tsk · permission to use Bash · Notification (permission_prompt) 10:00:01")
    await app.press("w")
    let frame = await app.press("w")
    const rows = frame.split("\n")
    const first = rows.findIndex((row) => row.includes("cccc3333"))
    expect(rows[first]).toMatch(/▸ needs input\s+cccc3333 web · waiting for your input · Notification \(idle_prompt\) 09:58:00/)
    expect(rows[first + 1]).toContain("aaaa1111")
    frame = await app.render()
    expect(frame).toContain("Session cccc3333 needs input: web · waiting for")
  })
})
