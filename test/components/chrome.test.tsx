import { afterEach, describe, expect, it } from "vitest"
import { act } from "react"
import { createValueFeed } from "../../src/tui/monitor-feeds.ts"
import { darkTheme } from "../../components/theme/theme.ts"
import { hexOf, lineWith, renderApp, type Harness } from "../tui/app-harness.tsx"

let app: Harness
afterEach(async () => {
  await app.destroy()
})

describe("the header", () => {
  it("shows the name, the view tabs and the clock", async () => {
    app = await renderApp()
    const header = lineWith(app.frame(), "tsk")
    expect(header).toMatch(/tsk\s+1 List\s+2 Board\s+3 Calendar\s+4 Monitor\s+09:30/)
  })

  it("is one text, with the tabs told apart by the column clicked", async () => {
    // Each text renderable costs the first frame ~0.5 ms to create; the header had one per piece.
    app = await renderApp({ width: 100 })
    expect(app.textsOnRow(0)).toBe(1)
    const tab = lineWith(app.frame(), "tsk").indexOf("3 Calendar")
    await app.click(tab + 1, 0)
    expect(app.services.ui.getState().view).toBe("calendar")
    await app.click(tab - 3, 0)
    expect(app.services.ui.getState().view).toBe("board")
    await app.click(1, 0)
    expect(app.services.ui.getState().view).toBe("board")
  })

  it("shows ⚡ Agent in the agent colour while a bridge runs", async () => {
    const running = createValueFeed(false)
    app = await renderApp({ agentRunning: running, env: {} })
    expect(app.frame()).not.toContain("⚡ Agent")
    await act(async () => running.set(true))
    expect(await app.render()).toContain("⚡ Agent")
    expect(hexOf(app.spanWith("Agent")!.fg)).toBe(darkTheme.agent)
  })
})

describe("the status bar", () => {
  it("is one text, with the help and quit hints at its right end", async () => {
    app = await renderApp({ width: 100, height: 30 })
    const rows = app.frame().split("\n")
    const y = rows.findIndex((row) => row.includes("NORMAL"))
    expect(app.textsOnRow(y)).toBe(1)
    expect(rows[y]!.trimEnd()).toMatch(/\? help {2}q quit$/)
    expect(rows[y]!.trimEnd()).toHaveLength(99)
  })

  it("shows mode, counts, filter, sort and hints from the keymap", async () => {
    app = await renderApp({ tasks: [{ title: "Late", dueDate: "2026-03-01" }, { title: "Done one", status: "done" }, { title: "Open" }] })
    const bar = lineWith(app.frame(), "NORMAL")
    expect(bar).toMatch(/NORMAL\s+2 open · 1 done · 1 overdue │ filter:open sort:order │ j\/k move/)
  })

  it("opens on open tasks; the filter dialog (f) shows done ones; S cycles the sort", async () => {
    app = await renderApp({ tasks: [{ title: "Beta", priority: "low" }, { title: "Alpha", priority: "high", status: "done" }] })
    let frame = await app.render()
    expect(frame).toContain("filter:open")
    expect(frame).not.toMatch(/✓\s+. Alpha/)
    frame = await app.press("f")
    expect(frame).toContain("‹ open ›")
    await app.press("ARROW_RIGHT")
    await app.press("ARROW_RIGHT")
    await app.press("ARROW_RIGHT")
    frame = await app.press("RETURN")
    expect(frame).toContain("filter:done")
    expect(frame).not.toMatch(/○\s+. Beta/)
    await app.press("f")
    await app.press("ARROW_LEFT")
    await app.press("ARROW_LEFT")
    await app.press("ARROW_LEFT")
    await app.press("ARROW_LEFT")
    await app.press("RETURN")
    frame = await app.press("O")
    expect(frame).toContain("sort:priority")
    expect(frame.indexOf("Alpha")).toBeLessThan(frame.indexOf("Beta"))
  })

  it("/ searches as you type; Escape restores the list", async () => {
    app = await renderApp({ tasks: [{ title: "Fix login" }, { title: "Buy milk" }] })
    await app.press("/")
    let frame = await app.type("milk")
    expect(frame).not.toMatch(/○\s+Fix login/)
    frame = await app.press("ESCAPE")
    expect(frame).toMatch(/○\s+Fix login/)
    await app.press("/")
    await app.type("login")
    frame = await app.press("RETURN")
    expect(frame).toContain("/login")
    expect(frame).not.toMatch(/○\s+Buy milk/)
  })
})

describe("views, panes and help", () => {
  it("1 to 4 switch views", async () => {
    app = await renderApp()
    expect(await app.press("2")).toContain("To do (0)")
    expect(await app.press("3")).toContain("March 2026")
    expect(await app.press("4")).toContain("C64 tasks")
    expect(await app.press("1")).toContain("Tasks")
  })

  it("Tab moves the keys to the detail panel, where j scrolls it", async () => {
    app = await renderApp({ height: 16, tasks: [{ title: "Long", description: Array.from({ length: 30 }, (_, i) => `line${i}`).join("\n") }] })
    await app.press("TAB")
    expect(app.frame()).toContain("j/k scroll")
    for (let i = 0; i < 30; i++) await app.press("j")
    const frame = app.frame()
    expect(frame).toContain("line20")
    expect(frame).not.toContain("priority  none")
  })

  it("? shows every key, generated from the keymap table", async () => {
    app = await renderApp({ height: 40 })
    let frame = await app.press("?")
    expect(frame).toMatch(/Keys \(1-\d+ of \d+\)/)
    expect(frame).toContain("Everywhere")
    expect(frame).toMatch(/a\s+add a task/)
    for (let i = 0; i < 40; i++) await app.press("ARROW_DOWN")
    frame = app.frame()
    expect(frame).toMatch(/H\s+move the task to the previous column/)
  })
})

describe("toasts", () => {
  it("keeps three, shows an error first with how many others are up, in the error colour", async () => {
    app = await renderApp({ env: {} })
    const toaster = app.services.controller.toaster
    await act(async () => {
      for (const n of [1, 2, 3]) toaster.show("info", `note ${n}`)
      toaster.show("error", "disk full")
    })
    const frame = await app.render()
    expect(frame).toContain("✗ disk full  +2 · M")
    expect(app.services.ui.getState().toasts.map((t) => t.message)).toEqual(["note 2", "note 3", "disk full"])
    expect(hexOf(app.spanWith("disk full")!.fg)).toBe(darkTheme.error)
  })

  it("cuts a long message to the band's one line, indented like the panes; M shows it whole", async () => {
    app = await renderApp({ width: 60 })
    await act(async () => app.services.controller.toaster.show("agent", "Agent: completed 'Fix the login bug on Safari, Firefox and the old Edge'"))
    const rows = (await app.render()).split("\n")
    const first = rows.findIndex((row) => row.includes("⚡ Agent: completed 'Fix the login bug on"))
    expect(rows[first]).toMatch(/^ ⚡.*…\s*$/)
    expect(rows[first + 1]).toContain("NORMAL")
    const log = await app.press("M")
    expect(log).toContain("Messages")
    expect(log).toMatch(/Agent: completed 'Fix the login bug on Safari, Firefox/)
  })

  it("dismiss themselves after a while", async () => {
    app = await renderApp()
    app.services.controller.dispose()
    // The dismissal fires when the test says, not after a time a busy machine could overrun.
    const due: Array<{ dismiss: () => void; ms: number }> = []
    const schedule = (dismiss: () => void, ms: number) => {
      due.push({ dismiss, ms })
      return () => {}
    }
    const toaster = (await import("../../src/tui/toaster.ts")).createToaster(app.services.ui, { ttlMs: 4000, schedule })
    await act(async () => toaster.show("info", "brief"))
    expect(await app.render()).toContain("brief")
    expect(due.map((d) => d.ms)).toEqual([4000])
    await act(async () => due[0]!.dismiss())
    await app.waitForFrame((f) => !f.includes("brief"))
  })
})
