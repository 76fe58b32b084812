// The first screen `tsk` writes before OpenTUI and React load (components/first-screen.ts) must be
// the app's first frame, cell by cell: the app then draws over it, and any cell that differs would
// flash. Each case renders the app with the test renderer and compares every cell's character,
// colours and attributes (characters and attributes only without colour, NO_COLOR).
import { afterEach, describe, expect, it } from "vitest"
import { TextAttributes as OpenTuiAttributes } from "@opentui/core"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { firstScreen } from "../../components/first-screen.ts"
import { colorDepth, gridToAnsi, nearest256, type ScreenGrid } from "../../components/screen-grid.ts"
import { TextAttributes } from "../../components/theme/text-attributes.ts"
import { createAppStore } from "../../src/store/app-store.ts"
import { FIXED_NOW, hexOf, makeHome, renderApp, type Harness } from "../tui/app-harness.tsx"

let app: Harness | null = null
afterEach(async () => {
  await app?.destroy()
  app = null
})

/** A list with what a row and the detail panel can show: subtasks, due dates (one overdue), tags, projects, priorities, a done task, one in progress with a running timer. */
async function homeWithTasks(count = 30): Promise<string> {
  const home = makeHome()
  const store = createAppStore({ home, now: () => FIXED_NOW })
  const parent = await store.getState().addTask({ title: "Plan the release", project: "web", tags: ["p1"], dueDate: "2026-03-12", description: "All of it, with the notes and the blog post." })
  await store.getState().addTask({ title: "Write the notes", parentId: parent.id, priority: "high", dueDate: "2026-03-01" })
  const running = await store.getState().addTask({ title: "Blog post with a title long enough to be cut somewhere", parentId: parent.id, status: "in_progress", tags: ["docs", "blog"] })
  await store.getState().startTimer(running.id)
  await store.getState().addTask({ title: "Done already", status: "done" })
  await store.getState().addTasks(Array.from({ length: count }, (_, i) => ({ title: `Task ${i} ✓ wide 漢字`, priority: (["low", "medium", "urgent", "none"] as const)[i % 4], project: i % 3 === 0 ? "api" : null, tags: i % 2 === 0 ? ["bug"] : [] })))
  return home
}

/** A cell holds a whole grapheme cluster (an emoji with its modifier, a letter with its accent). */
const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" })

/** The app's first frame as cells: [char, fg, bg, attributes] (colours left out without colour). */
function appCells(h: Harness, height: number, colour: boolean): string[][] {
  return Array.from({ length: height }, (_, y) =>
    h.spansOf(y).flatMap((span) => {
      const cells: string[] = []
      for (const { segment: char } of graphemes.segment(span.text)) {
        const style = colour ? `${hexOf(span.fg)} ${hexOf(span.bg)} ${span.attributes}` : `${span.attributes}`
        cells.push(`${char}|${style}`)
      }
      return cells
    }),
  )
}

function gridCells(grid: ScreenGrid, colour: boolean): string[][] {
  return grid.rows.map((row) => row.filter((cell) => cell.char !== "").map((cell) => `${cell.char}|${colour ? `${cell.fg} ${cell.bg} ${cell.attributes}` : cell.attributes}`))
}

/** `styles` false: the characters only (each cell's colours and attributes not compared). */
async function compare(home: string, width: number, height: number, env: NodeJS.ProcessEnv, theme: "dark" | "light" = "dark", styles = true): Promise<ScreenGrid> {
  if (theme === "light") writeFileSync(join(home, "config.json"), JSON.stringify({ version: 1, ui: { theme: "light" } }))
  app = await renderApp({ home, width, height, env })
  const tasks = app.store.getState().tasks
  const grid = firstScreen({ tasks, width, height, theme, env, now: FIXED_NOW, conflicts: 0 })!
  expect(grid.lines().join("\n")).toBe(app.frame().trimEnd().split("\n").map((line, i) => line.padEnd(grid.lines()[i]!.length)).join("\n"))
  if (!styles) return grid
  const colour = env.NO_COLOR === undefined || env.NO_COLOR === ""
  const expected = appCells(app, height, colour)
  const drawn = gridCells(grid, colour)
  const differences: string[] = []
  for (let y = 0; y < height; y++) {
    const at = Array.from({ length: Math.max(drawn[y]!.length, expected[y]!.length) }, (_, x) => x).find((x) => drawn[y]![x] !== expected[y]![x])
    if (at !== undefined) differences.push(`row ${y} column ${at}: drawn ${drawn[y]![at]} · app ${expected[y]![at]} (${grid.lines()[y]})`)
  }
  expect(differences.slice(0, 8)).toEqual([])
  return grid
}

describe("the first screen is the app's first frame", () => {
  it("at 120×40, 80×24 and 160×45 in the dark theme", async () => {
    const home = await homeWithTasks()
    for (const [width, height] of [[120, 40], [80, 24], [160, 45]] as const) {
      await compare(home, width, height, { NO_COLOR: "" })
      await app!.destroy()
      app = null
    }
  })

  it("in the light theme, and without colour (NO_COLOR)", async () => {
    const home = await homeWithTasks()
    await compare(home, 100, 30, { NO_COLOR: "1" })
    await app!.destroy()
    app = null
    await compare(home, 100, 30, { NO_COLOR: "" }, "light")
  })

  it("below 70 columns (the list alone), with an empty list, and with only done tasks", async () => {
    await compare(await homeWithTasks(), 60, 20, { NO_COLOR: "" })
    await app!.destroy()
    app = null
    await compare(makeHome(), 90, 20, { NO_COLOR: "" })
    await app!.destroy()
    app = null
    const home = makeHome()
    await createAppStore({ home, now: () => FIXED_NOW }).getState().addTask({ title: "Only done", status: "done" })
    await compare(home, 90, 20, { NO_COLOR: "" })
  })

  it("with emoji sequences, flags and combining accents in the titles", async () => {
    const home = makeHome()
    const titles = ["Ship it ⚠️ today", "Thumbs 👍🏽 up", "Family 👨‍👩‍👧 trip", "Flag 🇫🇷 and ❤️", "Cafe\u0301 au lait", "Plain last"]
    await createAppStore({ home, now: () => FIXED_NOW }).getState().addTasks(titles.map((title) => ({ title, tags: ["x"] })))
    // Each cluster in the cell OpenTUI draws it in, the rest of the row where the app has it. The
    // characters only: OpenTUI (0.5.8) starts each segment after a cluster of several code points
    // that many cells early, colouring the end of the row (a tag, the border) with the next colour.
    await compare(home, 100, 20, { NO_COLOR: "" }, "dark", false)
  })

  it("is not drawn for a terminal too small for it", () => {
    expect(firstScreen({ tasks: [], width: 39, height: 24, theme: "dark", env: {}, now: FIXED_NOW, conflicts: 0 })).toBeNull()
    expect(firstScreen({ tasks: [], width: 80, height: 9, theme: "dark", env: {}, now: FIXED_NOW, conflicts: 0 })).toBeNull()
  })
})

describe("the first screen as the terminal gets it", () => {
  it("uses OpenTUI's text attributes", () => {
    expect(TextAttributes).toEqual(Object.fromEntries(Object.entries(OpenTuiAttributes).filter(([name]) => name in TextAttributes)))
  })

  it("writes 24-bit colour where the terminal says so, else the nearest of the 256", () => {
    expect(colorDepth({ COLORTERM: "truecolor" })).toBe("truecolor")
    expect(colorDepth({})).toBe("256")
    expect(nearest256(0, 0, 0)).toBe(16)
    expect(nearest256(255, 255, 255)).toBe(231)
    expect(nearest256(0x15, 0x17, 0x1c)).toBe(234)
    const grid = firstScreen({ tasks: [], width: 80, height: 24, theme: "dark", env: {}, now: FIXED_NOW, conflicts: 0 })!
    const ansi = gridToAnsi(grid, "truecolor")
    expect(ansi.startsWith("\x1b[1;1H")).toBe(true)
    expect(ansi).toContain("\x1b[24;1H")
    expect(ansi).toContain("38;2;108;182;255")
    expect(gridToAnsi(grid, "256")).not.toContain(";2;")
    expect(ansi.replace(/\x1b\[[0-9;]*[mH]/g, "")).toBe(grid.lines().join(""))
  })
})
