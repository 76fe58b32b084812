import { afterEach, describe, expect, it } from "vitest"
import { act } from "react"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { createValueFeed, type C64TaskSummary } from "../../src/tui/monitor-feeds.ts"
import { hasStripActivity } from "../../src/tui/agent-strip-mode.ts"
import { c64Task } from "../tui/c64-fixtures.ts"
import { FIXED_NOW, lineWith, makeHome, renderApp, type Harness } from "../tui/app-harness.tsx"

let app: Harness | null = null
afterEach(async () => {
  await app?.destroy()
  app = null
})

function find(frame: string, text: string): { x: number; y: number } {
  const rows = frame.split("\n")
  const y = rows.findIndex((row) => row.includes(text))
  if (y < 0) throw new Error(`'${text}' is not on screen:\n${frame}`)
  return { x: rows[y]!.indexOf(text), y }
}

describe("the mouse", () => {
  it("a click selects a list row, and the wheel moves the selection", async () => {
    app = await renderApp({ tasks: [{ title: "First" }, { title: "Second" }, { title: "Third" }, { title: "Fourth" }, { title: "Fifth" }] })
    const at = find(app.frame(), "Third")
    let frame = await app.click(at.x, at.y)
    expect(lineWith(frame, "›")).toContain("Third")
    frame = await app.wheel(at.x, at.y, "up")
    expect(lineWith(frame, "›")).toContain("First")
    frame = await app.wheel(at.x, at.y, "down")
    expect(lineWith(frame, "›")).toContain("Fourth")
  })

  it("a click on a tab switches the view", async () => {
    app = await renderApp()
    const at = find(app.frame(), "2 Board")
    await app.click(at.x + 2, at.y)
    expect(app.services.ui.getState().view).toBe("board")
  })

  it("a click selects a board card in its column", async () => {
    app = await renderApp({ tasks: [{ title: "Todo one" }, { title: "Doing one", status: "in_progress" }, { title: "Doing two", status: "in_progress" }] })
    const frame = await app.press("2")
    const at = find(frame, "Doing two")
    await app.click(at.x, at.y)
    const ui = app.services.ui.getState()
    expect(ui.boardColumn).toBe(1)
    expect(app.store.getState().tasks.find((t) => t.id === ui.boardSelected[1])!.title).toBe("Doing two")
  })

  it("a click selects a calendar day", async () => {
    app = await renderApp()
    const frame = await app.press("3")
    const at = find(frame, " 19 ")
    await app.click(at.x + 1, at.y)
    expect(app.services.ui.getState().calendarDate).toBe("2026-03-19")
  })
})

describe("the mouse on the Monitor", () => {
  it("a click selects a C64 task", async () => {
    const tasks = [c64Task({ iterations: 2 }, []), c64Task({ id: "0002_sprites", iterations: 3 }, [])]
    app = await renderApp({ feeds: { c64: createValueFeed<readonly C64TaskSummary[]>(tasks), os: null } })
    const frame = await app.press("4")
    const at = find(frame, "0002_sprites")
    await app.click(at.x, at.y)
    expect(app.services.ui.getState().monitorIndex).toBe(1)
  })
})

describe("the agent strip (ui.agentStrip)", () => {
  const c64Task: C64TaskSummary = {
    id: "0001_read",
    name: "read",
    type: "background",
    operation: "read",
    status: "running",
    iterations: 1,
    maxIterations: null,
    intervalMs: 1000,
    lastError: null,
    updatedAt: FIXED_NOW.toISOString(),
    samples: [],
    address: "$0400",
    sampleHex: [],
    latestSample: null,
  }

  it("auto: hidden without agent or C64 activity, shown once a C64 task exists", async () => {
    const c64 = createValueFeed<readonly C64TaskSummary[]>([])
    app = await renderApp({ feeds: { c64, os: null } })
    expect(app.frame()).not.toMatch(/^ C64 /m)
    await act(async () => c64.set([c64Task]))
    expect(await app.render()).toMatch(/^ C64 {2}1 running/m)
    expect(hasStripActivity({ c64: [c64Task], os: null, agentRunning: false })).toBe(true)
    expect(hasStripActivity({ c64: [], os: null, agentRunning: false })).toBe(false)
    expect(hasStripActivity({ c64: null, os: null, agentRunning: true })).toBe(true)
  })

  for (const [mode, shown] of [["on", true], ["off", false]] as const) {
    it(`${mode}: the strip is ${shown ? "always" : "never"} shown`, async () => {
      const home = makeHome()
      writeFileSync(join(home, "config.json"), JSON.stringify({ version: 1, revision: 1, ui: { agentStrip: mode } }))
      app = await renderApp({ home, feeds: { c64: createValueFeed<readonly C64TaskSummary[]>([]), os: null } })
      expect(/^ C64 /m.test(app.frame())).toBe(shown)
    })
  }
})

describe("the detail panel's timer", () => {
  it("shows a ticking clock while the timer runs, not 'time 0s'", async () => {
    let now = FIXED_NOW
    app = await renderApp({ tasks: [{ title: "Timed" }], now: () => now })
    await app.press("T")
    await app.settle()
    now = new Date(FIXED_NOW.getTime() + 75_000)
    const frame = await app.waitForFrame((f) => f.includes("00:01:15"), 60_000)
    expect(lineWith(frame, "time")).toMatch(/time\s+⏱ 00:01:15 running/)
    expect(frame).not.toMatch(/time\s+0s/)
  })
})

describe("the mouse in dialogs", () => {
  it("a click on a picker's option chooses it", async () => {
    app = await renderApp({ tasks: [{ title: "Pick me" }] })
    const frame = await app.press("!")
    const at = find(frame, "urgent")
    await app.click(at.x, at.y)
    await app.settle()
    expect(app.store.getState().tasks[0]!.priority).toBe("urgent")
  })
})
