import { afterEach, describe, expect, it } from "vitest"
import { act } from "react"
import { readdirSync, rmSync } from "node:fs"
import { join } from "node:path"
import { barChart, sparkline } from "../../components/monitor/sparkline.tsx"
import { darkTheme } from "../../components/theme/theme.ts"
import { createC64Control, type C64Control } from "../../src/tui/c64-control.ts"
import type { C64ReadRequest } from "../../src/tui/c64-start-form.ts"
import { createValueFeed, type C64TaskSummary, type MonitorFeeds } from "../../src/tui/monitor-feeds.ts"
import { hexOf, lineWith, makeHome, renderApp, type Harness } from "../tui/app-harness.tsx"
import { c64Entry, c64Task } from "../tui/c64-fixtures.ts"

let app: Harness
afterEach(async () => {
  await app.destroy()
})

// "TSK DEMO" in screen codes, then eight spaces that fill up with "!" over the samples.
const screen = c64Task({ iterations: 14 }, ["14130b2004050d0f2020202020202020", "14130b2004050d0f2020202021212121", "14130b2004050d0f2121212121212121"])
const sprites = c64Task({ id: "0002_sprites", args: { address: "$D000", length: 4 }, iterations: 3, maxIterations: 10 }, ["10203040", "11203040", "12213040"])
const sprites2 = c64Task({ id: "0003_done", status: "completed", iterations: 10, maxIterations: 10 }, [])
const extract = c64Task({ id: "0004_extract_sprites_from_ram", type: "foreground", operation: "extract_sprites_from_ram", status: "completed", args: {} }, [])

interface Calls {
  start: C64ReadRequest[]
  stop: string[]
}

function fakeControl(): { control: C64Control; calls: Calls } {
  const calls: Calls = { start: [], stop: [] }
  const control: C64Control = {
    async start(request) {
      calls.start.push(request)
      return { task: c64Entry({ id: "0009_read" }), route: "took-role", runnerPid: process.pid }
    },
    async stop(id) {
      calls.stop.push(id)
      return { task: c64Entry({ id, status: "stopped", iterations: 14 }), stopped: true }
    },
    close: async () => {},
  }
  return { control, calls }
}

async function monitor(tasks: readonly C64TaskSummary[], control: C64Control | null = fakeControl().control) {
  const c64 = createValueFeed<readonly C64TaskSummary[]>(tasks)
  const feeds: MonitorFeeds = { c64, os: null, c64Control: control }
  app = await renderApp({ feeds })
  await app.press("4")
  return c64
}

async function clearField(length: number) {
  for (let i = 0; i < length; i++) await app.press("BACKSPACE")
}

describe("the C64 pane", () => {
  it("shows each task's id, operation, address, status and iterations, with a sparkline and its latest value", async () => {
    await monitor([screen, sprites, extract])
    const frame = app.frame()
    expect(frame).toMatch(/› 0001_watch_screen read \$0400\s+running 14×/)
    expect(frame).toMatch(/0002_sprites read \$D000\s+running 3\/10/)
    expect(frame).toMatch(/0004_extract_sprites_from_ram extr\S*… completed│/)
    expect(frame).toContain("foreground task: no samples")
    expect(lineWith(frame, sparkline(sprites.samples, 2))).toMatch(/ 2│/)
  })

  it("names the metric in the title and cycles it with m: changed bytes, a byte's value, the mean", async () => {
    await monitor([sprites])
    expect(app.frame()).toContain("C64 tasks · changed bytes")
    let frame = await app.press("m")
    expect(frame).toContain("C64 tasks · byte +0 ($D000)")
    expect(lineWith(frame, sparkline([0x10, 0x11, 0x12], 3, "range"))).toMatch(/ 18│/)
    frame = await app.press("m")
    expect(frame).toContain("C64 tasks · mean")
    expect(frame).toMatch(/ 40\.8│/) // (0x12 + 0x21 + 0x30 + 0x40) / 4
    frame = await app.press("m")
    expect(frame).toContain("C64 tasks · changed bytes")
  })

  it("chooses the charted byte with o, as an offset into the samples", async () => {
    await monitor([sprites])
    let frame = await app.press("o")
    expect(frame).toContain("Byte to chart")
    expect(frame).toContain("Offset into each sample of 0002_sprites (0-3).")
    await clearField(1)
    frame = await app.type("9")
    frame = await app.press("RETURN")
    expect(frame).toContain("offset 9 is past the 4 sampled bytes (0-3)")
    await clearField(1)
    await app.type("$1")
    frame = await app.press("RETURN")
    expect(frame).not.toContain("Byte to chart")
    expect(frame).toContain("C64 tasks · byte +1 ($D001)")
    expect(frame).toMatch(/ 33│/) // $21
  })

  it("opens the latest sample with Enter: hex with screen codes decoded, and PETSCII after Tab", async () => {
    await monitor([screen])
    let frame = await app.press("RETURN")
    expect(frame).toContain("C64 sample · 0001_watch_screen")
    expect(frame).toContain("sample 3 at")
    expect(frame).toContain("16 bytes as hex + screen codes")
    expect(frame).toContain("$0400  14 13 0B 20 04 05 0D 0F  21 21 21 21 21 21 21 21 TSK DEMO!!!!!!!!")
    frame = await app.press("TAB")
    expect(frame).toContain("16 bytes as hex + PETSCII")
    expect(frame).toContain("$0400  14 13 0B 20 04 05 0D 0F  21 21 21 21 21 21 21 21 ··· ····!!!!!!!!")
    frame = await app.press("ESCAPE")
    expect(frame).not.toContain("C64 sample")
  })

  it("draws a larger graph of the metric over the samples in the sample dialog", async () => {
    const wave = c64Task({ id: "0005_wave", args: { address: "$C000", length: 1 } }, ["00", "40", "80", "ff"])
    await monitor([wave])
    await app.press("m")
    const frame = await app.press("RETURN")
    expect(frame).toContain("byte +0 ($C000) over 4 samples · min 0 · max 255 · latest 255")
    expect(frame).toContain("$C000  FF")
    const lines = frame.split("\n")
    const rows = barChart([0x00, 0x40, 0x80, 0xff], 4, 6, "range")
    const bottom = lines.findIndex((line) => line.includes(`${rows[5]}│`))
    expect(bottom).toBeGreaterThan(0)
    rows.forEach((row, i) => expect(lines[bottom - 5 + i]).toContain(`${row}│`))
  })

  it("scrolls a long sample with ↓", async () => {
    const long = c64Task({ id: "0006_long", args: { address: "$2000", length: 512 } }, ["00".repeat(512)])
    await monitor([long])
    let frame = await app.press("RETURN")
    expect(frame).toContain("$2000  00")
    frame = await app.press("ARROW_DOWN")
    expect(frame).not.toContain("$2000  00")
    expect(frame).toContain("$2010  00")
  })

  it("starts a background read from the form with the defaults, and says where it went", async () => {
    const { control, calls } = fakeControl()
    await monitor([screen], control)
    let frame = await app.press("n")
    expect(frame).toContain("Start a background read")
    for (const text of ["Address      $0400", "Length       256", "Every        1s", "empty: until stopped"]) expect(frame).toContain(text)
    await app.press("RETURN")
    frame = await app.waitForFrame((f) => f.includes("took the runner role"))
    expect(calls.start).toEqual([{ address: 0x0400, length: 256, everyMs: 1000, count: null }])
    expect(app.services.ui.getState().toasts.at(-1)).toMatchObject({
      kind: "success",
      message: "No runner was up: this TUI took the runner role and started 0009_read: read $0400 (256 bytes) every 1s",
    })
  })

  it("reads what was typed in every field of the form", async () => {
    const { control, calls } = fakeControl()
    await monitor([screen], control)
    await app.press("n")
    await clearField(5)
    await app.type("$D000")
    await app.press("TAB")
    await clearField(3)
    await app.type("17")
    await app.press("TAB")
    await clearField(2)
    await app.type("500ms")
    await app.press("TAB")
    await app.type("20")
    await app.press("RETURN")
    await app.waitForFrame((f) => f.includes("Started") || f.includes("took the runner role"))
    expect(calls.start).toEqual([{ address: 0xd000, length: 17, everyMs: 500, count: 20 }])
  })

  it("keeps the form open with an error toast for bad input, and starts nothing", async () => {
    const { control, calls } = fakeControl()
    await monitor([screen], control)
    await app.press("n")
    await clearField(5)
    await app.type("$FFF0")
    const frame = await app.press("RETURN")
    expect(frame).toContain("Start a background read")
    expect(frame).toMatch(/✗ \$FFF0 \+ 256 bytes runs past \$FFFF/)
    expect(frame).toMatch(/›Length/)
    expect(calls.start).toEqual([])
  })

  it("writes nothing for bad input: no inbox command, no runner, no C64 task", async () => {
    const home = makeHome()
    const env = { C64BRIDGE_HOME: join(home, "c64bridge") }
    const control = createC64Control({ home, env })
    app = await renderApp({ home, env: { ...env, NO_COLOR: "" }, feeds: { c64: createValueFeed<readonly C64TaskSummary[]>([]), os: null, c64Control: control } })
    try {
      await app.press("4")
      await app.press("n")
      await app.press("TAB")
      await clearField(3)
      await app.type("70000")
      await app.press("RETURN")
      await app.press("ESCAPE")
      await app.press("n")
      await app.press("TAB")
      await app.press("TAB")
      await clearField(2)
      await app.type("-1s")
      const frame = await app.press("RETURN")
      expect(frame).toContain("Interval: '-1s' is not a duration")
      const written = readdirSync(home)
      for (const name of ["agent-inbox.d", "agent-inbox.json", "runner.json", "c64bridge"]) expect(written).not.toContain(name)
      expect(app.services.ui.getState().toasts.map((t) => t.kind)).toEqual(["error", "error"])
    } finally {
      await control.close()
      rmSync(home, { recursive: true, force: true })
    }
  })

  it("never fires a single-letter key while a field of the form has the focus", async () => {
    await monitor([screen])
    await app.press("n")
    const frame = await app.type("mxq")
    expect(frame).toContain("Address      $0400mxq")
    expect(frame).toContain("C64 tasks · changed bytes")
    expect(frame).not.toContain("Stop C64 task")
  })

  it("asks before stopping the selected task with x, and stops it through the control with y", async () => {
    const { control, calls } = fakeControl()
    await monitor([screen], control)
    let frame = await app.press("x")
    expect(frame).toContain("Stop 0001_watch_screen?")
    expect(frame).toContain("read $0400, running 14×")
    frame = await app.press("ESCAPE")
    expect(calls.stop).toEqual([])
    await app.press("x")
    await app.press("y")
    frame = await app.waitForFrame((f) => f.includes("Stopped 0001_watch_screen"))
    expect(calls.stop).toEqual(["0001_watch_screen"])
    expect(frame).toContain("Stopped 0001_watch_screen after 14 iterations")
  })

  it("says so instead of asking when the selected task is not running", async () => {
    const { control, calls } = fakeControl()
    await monitor([sprites2], control)
    const frame = await app.press("x")
    expect(frame).toContain("0003_done is not running (completed)")
    expect(frame).not.toContain("Stop C64 task")
    expect(calls.stop).toEqual([])
  })

  it("says the C64 tasks are not connected when there is nothing to start them with", async () => {
    await monitor([], null)
    const frame = await app.press("n")
    expect(frame).not.toContain("Start a background read")
    expect(frame).toContain("C64 tasks are not connected")
  })

  it("says no task is selected for Enter on an empty pane", async () => {
    await monitor([])
    const frame = await app.press("RETURN")
    expect(frame).toContain("No C64 task selected")
    expect(frame).toContain("No C64 tasks. n starts a background read.")
  })

  it("toasts when a task completes, and in the error colour when one fails", async () => {
    const feed = await monitor([screen, sprites])
    await act(async () => feed.set([screen, { ...sprites, status: "completed", iterations: 10 }]))
    let frame = await app.render()
    expect(frame).toContain("C64 0002_sprites read completed (10/10)")
    await act(async () => feed.set([{ ...screen, status: "error", lastError: "read failed: timeout" }, { ...sprites, status: "completed", iterations: 10 }]))
    await app.render()
    expect(app.services.ui.getState().toasts.at(-1)).toEqual(expect.objectContaining({ kind: "error", message: "C64 0001_watch_screen read failed: read failed: timeout" }))
    expect(hexOf(app.spanWith("C64 0001_watch_screen read failed")!.fg)).toBe(darkTheme.error)
  })

  it("lists its keys in the help and the status-bar hints", async () => {
    await monitor([screen])
    expect(await app.resize(140, 30)).toMatch(/Enter sample {2}m metric/)
    let frame = await app.press("?")
    for (let i = 0; i < 90 && !frame.includes("stop the selected C64 task"); i++) frame = await app.press("ARROW_DOWN")
    for (const row of ["Enter          latest sample: hex + PETSCII, and a larger graph", "m              sparkline metric: changed bytes → a byte → the mean", "n              start a background read of C64 memory", "x              stop the selected C64 task (asks first)"]) {
      expect(frame).toContain(row)
    }
  })

  it("keeps the compact C64 strip on the List screen", async () => {
    app = await renderApp({ feeds: { c64: createValueFeed<readonly C64TaskSummary[]>([sprites]), os: null } })
    expect(app.frame()).toMatch(new RegExp(`C64 {2}1 running · 0002_sprites 3/10 +${sparkline(sprites.samples, 2)}`))
  })
})
