// `tsk` draws its first screen before OpenTUI and React load (src/cli/first-paint.ts), then the app
// draws its first frame over it. In a real terminal (tmux): the bytes of that first screen, as tsk
// wrote them (recorded with pipe-pane) and played back in a pane of their own, show the screen the
// app then shows; keys typed before the app loads reach it; Ctrl+C meanwhile gives the shell's
// screen back; and where the app opens on another view, nothing is drawn before it.
import { existsSync, mkdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { nearest256 } from "../../components/screen-grid.ts"
import { createAppStore } from "../../src/store/app-store.ts"
import { parseSgrLine, seenColours } from "./sgr-cells.ts"
import { atPrompt, LAUNCHER, openSession, PROMPT, startTsk, waitForApp, type TmuxSession } from "./tmux-session.ts"

let session: TmuxSession
afterEach(() => session.close())

const FIRST_SCREEN_START = "\x1b[?1049h\x1b[?25l\x1b[?2026h"
const FIRST_SCREEN_END = "\x1b[H\x1b[?2026l"

/** 32 tasks with what a row shows: a project, tags, a due date, a priority, wide characters. */
async function addTasks(s: TmuxSession): Promise<void> {
  await createAppStore({ home: s.home })
    .getState()
    .addTasks([
      { title: "Plan the release", project: "web", tags: ["p1"], dueDate: "2026-03-12", priority: "high" },
      { title: "Write the notes ✓ with 漢字", tags: ["docs"] },
      ...Array.from({ length: 30 }, (_, i) => ({ title: `Task ${i}`, project: i % 3 === 0 ? "api" : null })),
    ])
}

/** The pane's alternate screen, cursor and mouse flags: "1 0 0" while the first screen shows, the mouse on once the app's renderer has the terminal. */
function flags(s: TmuxSession): string {
  return s.tmux("display-message", "-p", "-t", "e2e", "#{alternate_on} #{cursor_flag} #{mouse_any_flag}").trim()
}

/** Starts tsk from the shell's prompt and waits for its first screen (true) or the app itself (false: the first screen came and went between two looks). */
async function launchToFirstScreen(s: TmuxSession): Promise<boolean> {
  await s.waitFor(atPrompt, "the shell prompt")
  s.type(`clear; cd ${s.home} && ${LAUNCHER}`)
  s.keys("Enter")
  for (let polls = 0; polls < 20_000 && !flags(s).startsWith("1 0 0") && !flags(s).endsWith(" 1"); polls++);
  return flags(s).startsWith("1 0 0")
}

/** A launch whose first screen was missed: tsk quit, for another try. */
async function quitTsk(s: TmuxSession): Promise<void> {
  await waitForApp(s)
  s.keys("q")
}

/**
 * Starts tsk and presses `key` while its first screen shows, before the app's renderer has the
 * terminal; a launch where the key came too late (the app had it as a key) is tried again. True
 * when the key landed there and tsk left the foreground (stopped or ended).
 */
async function pressWhileFirstScreenShows(s: TmuxSession, key: string): Promise<boolean> {
  const shellHasIt = () => s.tmux("display-message", "-p", "-t", "e2e", "#{pane_current_command}").trim() === "bash"
  for (let attempt = 0; attempt < 10; attempt++) {
    if (await launchToFirstScreen(s)) {
      s.keys(key)
      await s.waitFor(() => shellHasIt() || flags(s).endsWith(" 1"), "tsk gone or the app")
      if (shellHasIt()) return true
    }
    await quitTsk(s)
  }
  return false
}

/**
 * Starts tsk and types `keys` while its first screen shows: true when they were in the terminal
 * before the app's renderer took it (its mouse still off once they were sent); a launch where they
 * came too late is quit and tried again. tsk is left running.
 */
async function typeWhileFirstScreenShows(s: TmuxSession, keys: string[]): Promise<boolean> {
  for (let attempt = 0; attempt < 10; attempt++) {
    if (await launchToFirstScreen(s)) {
      s.keys(...keys)
      if (flags(s).startsWith("1 0 0")) return true
    }
    await quitTsk(s)
  }
  return false
}

/** A colour as a 256-colour index where tmux kept the RGB value: the first screen writes 256 colours without COLORTERM. */
function normalised(colour: string): string {
  const rgb = /^rgb(\d+),(\d+),(\d+)$/.exec(colour)
  return rgb ? `i${nearest256(Number(rgb[1]), Number(rgb[2]), Number(rgb[3]))}` : colour
}

/**
 * Each cell's character and the colours seen (a space's background only: its foreground shows
 * nowhere, and OpenTUI picks its own index for the white it fills with), the clock's digits left
 * out (a minute may pass between two captures).
 */
function cells(colourScreen: string): string[][] {
  return colourScreen.split("\n").map((line, y) => {
    const row = parseSgrLine(line).map((cell) => {
      const seen = seenColours(cell)
      return cell.char === " " ? ` /${normalised(seen.bg)}` : `${cell.char} ${normalised(seen.fg)}/${normalised(seen.bg)}`
    })
    return y === 0 ? row.map((cell, x) => (/\d/.test(cell[0]!) && x >= row.length - 6 ? `digit${cell.slice(1)}` : cell)) : row
  })
}

describe("the first screen", () => {
  it("is the screen the app then shows, cell by cell, drawn from what tsk wrote before the app loaded", async () => {
    session = openSession({ width: 120, height: 40 })
    await addTasks(session)
    const recorded = join(session.home, "pane-output")
    session.tmux("pipe-pane", "-t", "e2e", "-o", `cat >> ${recorded}`)
    await startTsk(session)
    await waitForApp(session)
    const app = cells(session.colourScreen())
    session.tmux("pipe-pane", "-t", "e2e")
    const output = readFileSync(recorded, "latin1")
    const start = output.indexOf(FIRST_SCREEN_START)
    expect(start, "tsk wrote a first screen").toBeGreaterThanOrEqual(0)
    const end = output.indexOf(FIRST_SCREEN_END, start)
    expect(end).toBeGreaterThan(start)
    // The first screen alone, played back in a pane of the same size.
    const firstScreen = join(session.home, "first-screen")
    writeFileSync(firstScreen, Buffer.from(output.slice(start, end + FIRST_SCREEN_END.length), "latin1"))
    session.tmux("new-window", "-d", "-t", "e2e", "-n", "replay", "bash", "-c", `cat ${firstScreen}; sleep 600`)
    for (let tries = 0; tries < 200 && !session.tmux("capture-pane", "-t", "e2e:replay", "-p").includes("Task 29"); tries++) await new Promise((resolve) => setTimeout(resolve, 50))
    expect(session.tmux("capture-pane", "-t", "e2e:replay", "-p")).toContain("Task 29")
    const drawn = cells(session.tmux("capture-pane", "-t", "e2e:replay", "-p", "-e"))
    const differing = drawn.flatMap((row, y) => {
      const x = Array.from({ length: Math.max(row.length, app[y]?.length ?? 0) }, (_, i) => i).find((i) => row[i] !== app[y]?.[i])
      return x === undefined ? [] : [`row ${y} column ${x}: first screen '${row.slice(x, x + 3).join("' '")}', app '${app[y]?.slice(x, x + 3).join("' '")}'`]
    })
    expect(differing.slice(0, 8)).toEqual([])
    session.keys("q")
    await session.waitFor(atPrompt, "the shell prompt")
  })

  it("keeps the keys typed before the app loads: they reach the app", async () => {
    session = openSession({ width: 100, height: 30 })
    await addTasks(session)
    await session.waitFor((s) => s.includes(PROMPT.trim()), "the shell prompt")
    session.type(`cd ${session.home} && ${LAUNCHER}`)
    // Typed at once: into the terminal before tsk has drawn anything, or while the first screen shows.
    session.keys("Enter", "j", "j", "j")
    await session.waitFor((s) => s.includes("Tasks 4/32"), "the cursor three rows down")
    session.keys("q")
    await session.waitFor(atPrompt, "the shell prompt")
  })

  it("hands the keys typed while it shows to the app as typed: Enter as Enter, Backspace not taken by line editing", async () => {
    session = openSession({ width: 100, height: 30 })
    await addTasks(session)
    // j j Backspace j: the terminal's line editing would take the Backspace and the j before it.
    expect(await typeWhileFirstScreenShows(session, ["j", "j", "BSpace", "j", "Enter"]), "the keys landed while the first screen showed").toBe(true)
    // Three rows down (Backspace moves nothing), and Enter opened the task's detail (j/k scroll it).
    await session.waitFor((s) => s.includes("Tasks 4/32") && s.includes("j/k scroll"), "the cursor three rows down, the detail open")
    session.keys("Escape", "q")
    await session.waitFor(atPrompt, "the shell prompt")
  })

  for (const [key, name] of [["C-c", "Ctrl+C"], ["C-\\", "Ctrl+\\"]] as const) {
    it(`gives the shell's screen back on ${name} before the app has the terminal`, async () => {
      session = openSession({ width: 100, height: 30 })
      await addTasks(session)
      expect(await pressWhileFirstScreenShows(session, key), `a ${name} landed while the first screen showed`).toBe(true)
      expect(flags(session).slice(0, 3)).toBe("0 1")
      await session.waitFor(atPrompt, "the shell prompt")
    })
  }

  it("gives the shell's screen back on Ctrl+Z before the app has the terminal, and draws it again on fg", async () => {
    session = openSession({ width: 100, height: 30 })
    await addTasks(session)
    expect(await pressWhileFirstScreenShows(session, "C-z"), "a Ctrl+Z landed while the first screen showed").toBe(true)
    expect(session.screen()).toContain("Stopped")
    // The shell's screen, its cursor shown: tsk left the alternate screen before it stopped.
    expect(flags(session).slice(0, 3)).toBe("0 1")
    await session.waitFor(atPrompt, "the shell prompt")
    session.type("fg")
    session.keys("Enter")
    // The first screen again (a key typed before it would echo on the shell's screen, as before any first screen).
    await session.waitFor((s) => flags(session).startsWith("1 0") && s.includes("Task 20"), "the first screen again")
    await waitForApp(session)
    expect(session.screen()).toContain("Task 20")
    session.keys("q")
    await session.waitFor(atPrompt, "the shell prompt")
    expect(flags(session).slice(0, 3)).toBe("0 1")
  })


  it("is not drawn for a tasks.json the app refuses (a symbolic link): the app opens read-only without the list", async () => {
    session = openSession({ width: 100, height: 30 })
    await addTasks(session)
    mkdirSync(join(session.home, "elsewhere"))
    renameSync(join(session.home, "tasks.json"), join(session.home, "elsewhere", "tasks.json"))
    symlinkSync(join(session.home, "elsewhere", "tasks.json"), join(session.home, "tasks.json"))
    const trace = join(session.home, "trace.jsonl")
    await session.waitFor(atPrompt, "the shell prompt")
    session.type(`clear; cd ${session.home} && TSK_LAUNCH_TRACE=${trace} ${LAUNCHER}`)
    session.keys("Enter")
    await session.waitFor(() => existsSync(trace), "the launch trace")
    await session.waitFor((s) => s.includes("READ-ONLY"), "the app, read-only")
    session.keys("q")
    await session.waitFor(atPrompt, "the shell prompt")
    expect(readFileSync(trace, "utf8")).not.toContain("first-paint: drawn")
  })

  it("is not drawn where the app opens on another view, with TSK_FIRST_SCREEN=0, or with an invalid config.json", async () => {
    session = openSession({ width: 100, height: 30 })
    await addTasks(session)
    const trace = join(session.home, "trace.jsonl")
    const steps = () => (existsSync(trace) ? readFileSync(trace, "utf8").trim().split("\n") : []).map((line) => (JSON.parse(line) as { marks: [string][] }).marks.map(([step]) => step))
    await session.waitFor((s) => s.includes(PROMPT.trim()), "the shell prompt")
    for (const [view, launch] of [
      ["board", `TSK_LAUNCH_TRACE=${trace} ${LAUNCHER}`],
      ["list", `TSK_FIRST_SCREEN=0 TSK_LAUNCH_TRACE=${trace} ${LAUNCHER}`],
      ["list", `TSK_LAUNCH_TRACE=${trace} ${LAUNCHER}`],
    ] as const) {
      session.tsk("config", "set", "ui.defaultView", view)
      const before = steps().length
      session.type(`clear; cd ${session.home} && ${launch}`)
      session.keys("Enter")
      await session.waitFor(() => steps().length > before, "the launch trace")
      await waitForApp(session)
      session.keys("q")
      await session.waitFor(atPrompt, "the shell prompt")
    }
    const [board, turnedOff, list] = steps()
    expect(board).not.toContain("first-paint: drawn")
    expect(turnedOff).not.toContain("first-paint: drawn")
    expect(list).toContain("first-paint: drawn")
    // A config.json the app refuses opens it read-only, without the list: no list drawn before it.
    writeFileSync(join(session.home, "config.json"), JSON.stringify({ version: 1, ui: { defaultView: "list" }, c64: { vicePort: "not a port" } }))
    session.type(`clear; cd ${session.home} && TSK_LAUNCH_TRACE=${trace} ${LAUNCHER}`)
    session.keys("Enter")
    await session.waitFor(() => steps().length > 3, "the launch trace")
    await session.waitFor((s) => s.includes("READ-ONLY"), "the app, read-only")
    session.keys("q")
    await session.waitFor(atPrompt, "the shell prompt")
    expect(steps()[3]).not.toContain("first-paint: drawn")
  })
})
