import { afterEach, describe, expect, it } from "vitest"
import { readdirSync } from "node:fs"
import { parseSgrLine, seenColours } from "./sgr-cells.ts"
import { join } from "node:path"
import { atPrompt, lastLine, LAUNCHER, openSession, PROJECT_ROOT, PROMPT, startTsk, waitForApp, type TmuxSession } from "./tmux-session.ts"

let session: TmuxSession
afterEach(() => session.close())

interface ListedTask {
  title: string
  status: string
}

describe("tsk in a real terminal", () => {
  it("adds a task by keys, marks it done, and quits with q back to the shell prompt", async () => {
    session = openSession()
    await startTsk(session)
    session.keys("a")
    await session.waitFor((s) => s.includes("Add task"), "the add dialog")
    session.type("Quarterly q review")
    session.keys("Enter")
    await session.waitFor((s) => /› ○\s+Quarterly q review/.test(s), "the new task selected in the list")
    session.keys("d")
    // The List shows open tasks: the done one leaves it.
    await session.waitFor((s) => !s.includes("Quarterly q review") && s.includes("No open tasks"), "the task marked done, hidden from the open tasks")
    session.keys("q")
    const screen = await session.waitFor(atPrompt, "the shell prompt after quitting")
    expect(screen).not.toContain("NORMAL")
    const tasks = JSON.parse(session.tsk("list", "--all", "--json")) as ListedTask[]
    expect(tasks.map((t) => [t.title, t.status])).toEqual([["Quarterly q review", "done"]])
  })

  it("draws the TUI from the compiled executable run by hand (it hands the TUI to Bun), and quits with q", async () => {
    session = openSession()
    session.tsk("add", "Seen through the executable")
    await session.waitFor((s) => s.includes(PROMPT.trim()), "the shell prompt")
    session.type(`cd ${session.home} && ${join(PROJECT_ROOT, "dist", "tsk-cli")}`)
    session.keys("Enter")
    const screen = await session.waitFor((s) => s.includes("NORMAL") && s.includes("Seen through the executable"), "the task list drawn")
    expect(screen).toMatch(/› ○\s+Seen through the executable/)
    session.keys("q")
    await session.waitFor(atPrompt, "the shell prompt after quitting")
  })

  it("shows a task that tsk add writes from another process", async () => {
    session = openSession()
    session.tsk("add", "Already there")
    await startTsk(session)
    session.tsk("add", "Added elsewhere", "-p", "high")
    const screen = await session.waitFor((s) => s.includes("Added elsewhere"), "the task added by the CLI", 60_000)
    expect(screen).toMatch(/○ ↑ Added elsewhere/)
    session.keys("q")
    await session.waitFor(atPrompt, "the shell prompt")
  })

  it("runs the agent bridge when enabled and shows a toast for an agent's command", async () => {
    session = openSession()
    session.tsk("config", "set", "integrations.agent.enabled", "true")
    await startTsk(session)
    await session.waitFor((s) => s.includes("⚡ Agent"), "the agent indicator")
    const reply = session.tsk("agent", "send", JSON.stringify({ command: "create", payload: { title: "Fix bug", priority: "urgent" } }))
    expect(reply).toContain("Fix bug")
    const screen = await session.waitFor((s) => s.includes("Agent: created 'Fix bug'"), "the agent toast", 60_000)
    expect(screen).toMatch(/○ ! Fix bug/)
    // The toast has its own row above the status bar: the panes' bottom borders stay whole.
    expect(screen).toMatch(/^╰─+╯╰─+╯ *$/m)
    const rows = screen.split("\n")
    expect(rows[rows.findIndex((row) => row.includes("Agent: created 'Fix bug'")) + 1], screen).toContain("NORMAL")
    session.keys("q")
    await session.waitFor(atPrompt, "the shell prompt")
    expect(session.tsk("agent", "status")).toContain("stopped")
  })

  it("quits with Ctrl+C even while typing in a dialog, restoring the terminal", async () => {
    session = openSession()
    await startTsk(session)
    session.keys("a")
    await session.waitFor((s) => s.includes("Add task"), "the add dialog")
    session.type("half typed")
    session.keys("C-c")
    await session.waitFor(atPrompt, "the shell prompt after Ctrl+C")
    session.type("echo still-works")
    session.keys("Enter")
    await session.waitFor((s) => s.includes("\nstill-works"), "the shell answering")
  })
})

describe("tsk demo", () => {
  it("opens sample tasks, shows the scripted agent's toasts, and cleans up its home on quit", async () => {
    session = openSession({ width: 110, height: 32 })
    await session.waitFor((s) => s.includes(PROMPT.trim()), "the shell prompt")
    session.type(`cd ${session.home} && TMPDIR=${session.home} ${LAUNCHER} demo`)
    session.keys("Enter")
    await session.waitFor((s) => s.includes("Write release notes for v2.4"), "the sample tasks")
    const screen = await session.waitFor((s) => s.includes("Agent: created 'Fix login bug on Safari'"), "the first agent toast", 60_000)
    expect(screen).toContain("⚡ Agent")
    session.keys("q")
    await session.waitFor(atPrompt, "the shell prompt after quitting")
    expect(readdirSync(session.home).filter((name) => name.startsWith("tsk-demo-"))).toEqual([])
  })
})

describe("the C64 pane", () => {
  it("starts a background read by keys (the TUI takes the runner role), draws its sparkline, and stops it", async () => {
    session = openSession({ width: 120, height: 35 })
    await startTsk(session)
    session.keys("4")
    await session.waitFor((s) => s.includes("No C64 tasks. n starts a background read."), "the empty C64 pane")
    session.keys("n")
    await session.waitFor((s) => s.includes("Start a background read"), "the start form")
    session.keys("Tab", "Tab", "BSpace", "BSpace")
    session.type("200ms")
    session.keys("Enter")
    await session.waitFor((s) => s.includes("took the runner role"), "the toast saying this TUI took the runner role", 60_000)
    const screen = await session.waitFor((s) => /› 0001_read read \$0400\s+running \d+×/.test(s) && /[▁▂▃▄▅▆▇█]+ \d+[│┃]/.test(s), "the task with its sparkline", 60_000)
    expect(screen).toContain("⚡ Agent")
    session.keys("x")
    await session.waitFor((s) => s.includes("Stop 0001_read?"), "the stop confirmation")
    session.keys("y")
    await session.waitFor((s) => s.includes("Stopped 0001_read"), "the stopped toast", 60_000)
    session.keys("q")
    await session.waitFor(atPrompt, "the shell prompt")
    const tasks = JSON.parse(session.tsk("c64", "list", "--json")) as { id: string; status: string; intervalMs: number }[]
    expect(tasks.map((t) => [t.id, t.status, t.intervalMs])).toEqual([["0001_read", "stopped", 200]])
  })
})

describe("readable and discoverable at 80x24", () => {
  it("draws the NORMAL badge with different foreground and background, and shows ? help and q quit", async () => {
    session = openSession({ width: 80, height: 24 })
    await startTsk(session)
    const lines = session.colourScreen().split("\n")
    const bar = lines.find((line) => line.includes("NORMAL"))!
    const cells = parseSgrLine(bar)
    const start = cells.map((c) => c.char).join("").indexOf("NORMAL")
    for (const cell of cells.slice(start, start + 6)) {
      const seen = seenColours(cell)
      expect(seen.fg, `the colours of '${cell.char}'`).not.toBe(seen.bg)
    }
    const plain = lastLine(session.screen())
    expect(plain).toContain("? help")
    expect(plain).toContain("q quit")
    session.keys("q")
    await session.waitFor(atPrompt, "the shell prompt")
  })

  it("never lets a toast overlap an open dialog", async () => {
    session = openSession({ width: 80, height: 24 })
    session.tsk("config", "set", "integrations.agent.enabled", "true")
    await startTsk(session)
    await session.waitFor((s) => s.includes("⚡ Agent"), "the agent indicator")
    session.keys("a")
    await session.waitFor((s) => s.includes("Add task"), "the add dialog")
    session.type("Typing here")
    session.tsk("agent", "send", JSON.stringify({ command: "create", payload: { title: "From the agent" } }))
    const screen = await session.waitFor((s) => s.includes("Agent: created"), "the agent toast", 60_000)
    const rows = screen.split("\n")
    const top = rows.findIndex((row) => row.includes("Add task"))
    const left = [...rows[top]!].indexOf("╭")
    const bottom = rows.findIndex((row, i) => i > top && [...row][left] === "╰")
    const right = [...rows[bottom]!].indexOf("╯", left)
    const toastRow = rows.findIndex((row) => row.includes("Agent: created"))
    const toastCol = [...rows[toastRow]!].join("").indexOf("Agent: created")
    const inside = toastRow >= top && toastRow <= bottom && toastCol + 14 > left && toastCol <= right
    expect(inside, screen).toBe(false)
    expect(screen).toContain("Typing here")
    session.keys("Escape")
    session.keys("q")
    await session.waitFor(atPrompt, "the shell prompt")
  })

  it("selects a row with a mouse click (ui.mouse on, the default)", async () => {
    session = openSession({ width: 80, height: 24 })
    for (const title of ["Alpha", "Beta", "Gamma"]) session.tsk("add", title)
    await startTsk(session)
    await waitForApp(session)
    const screen = await session.waitFor((s) => s.includes("Gamma"), "the tasks")
    const rows = screen.split("\n")
    const y = rows.findIndex((row) => row.includes("Beta"))
    expect(rows[y]).not.toContain("›")
    expect(session.mouseTracking()).toBe(true)
    session.click(8, y)
    await session.waitFor((s) => /› ○\s+Beta/.test(s), "Beta selected by the click")
    session.keys("q")
    await session.waitFor(atPrompt, "the shell prompt")
    expect(session.mouseTracking()).toBe(false)
  })

  it("leaves the mouse to the terminal with ui.mouse off", async () => {
    session = openSession({ width: 80, height: 24 })
    session.tsk("config", "set", "ui.mouse", "false")
    await startTsk(session)
    await waitForApp(session)
    expect(session.mouseTracking()).toBe(false)
    session.keys("q")
    await session.waitFor(atPrompt, "the shell prompt")
  })
})
