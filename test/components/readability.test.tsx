import { afterEach, describe, expect, it } from "vitest"
import { TextAttributes } from "@opentui/core"
import { darkTheme, lightTheme, monoTheme, type Theme } from "../../components/theme/theme.ts"
import { contrastRatio } from "../../components/theme/contrast.ts"
import { fitSegments } from "../../components/text-fit.ts"
import { labelText } from "../../components/dialogs/form-field.tsx"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { hexOf, lineWith, makeHome, renderApp, type Harness } from "../tui/app-harness.tsx"

let app: Harness | null = null
afterEach(async () => {
  await app?.destroy()
  app = null
})

const BADGE_THEMES = [
  ["dark", darkTheme],
  ["light", lightTheme],
] as const

describe("the mode badge", () => {
  for (const [name, theme] of BADGE_THEMES) {
    it(`is drawn with its own foreground and background, without INVERSE, in the ${name} theme`, async () => {
      const home = makeHome()
      writeFileSync(join(home, "config.json"), JSON.stringify({ version: 1, revision: 1, ui: { theme: name } }))
      app = await renderApp({ env: {}, home, tasks: [{ title: "One" }] })
      const frame = await app.render()
      const y = frame.split("\n").findIndex((line) => line.includes("NORMAL"))
      const badge = app.spansOf(y).find((span) => span.text.includes("NORMAL"))!
      // OpenTUI 0.5.8 swaps fg/bg for INVERSE and also emits SGR 7: the two cancel out and the text
      // landed on its own colour. So: no INVERSE, and two different, readable colours.
      expect(badge.attributes & TextAttributes.INVERSE).toBe(0)
      expect(hexOf(badge.fg)).not.toBe(hexOf(badge.bg))
      expect(contrastRatio(hexOf(badge.fg), hexOf(badge.bg))).toBeGreaterThanOrEqual(4.5)
      expect(hexOf(badge.bg)).toBe(theme.accent)
    })
  }
})

/** Every colour that text is drawn in, and what it is drawn on. */
function textTokens(theme: Theme): [string, string][] {
  const single = ["text", "textMuted", "accent", "success", "warning", "error", "info", "agent", "overdue", "due", "tag", "project", "selectionFg"] as const
  return [
    ...single.map((k): [string, string] => [k, theme[k] as string]),
    ...Object.entries(theme.priority).map(([k, v]): [string, string] => [`priority.${k}`, v as string]),
    ...Object.entries(theme.status).map(([k, v]): [string, string] => [`status.${k}`, v as string]),
  ]
}

describe("contrast", () => {
  for (const theme of [darkTheme, lightTheme]) {
    it(`every text token of the ${theme.name} theme reaches 4.5:1 on the background, the panel and the selection`, () => {
      const failures: string[] = []
      for (const [token, colour] of textTokens(theme)) {
        for (const [where, bg] of [["background", theme.background], ["panel", theme.panel], ["selection", theme.selectionBg]] as const) {
          const ratio = contrastRatio(colour, bg as string)
          if (ratio < 4.5) failures.push(`${token} on ${where}: ${ratio.toFixed(2)}`)
        }
      }
      // Badges: the background colour on the accent, error and warning blocks.
      for (const block of ["accent", "error", "warning"] as const) {
        const ratio = contrastRatio(theme.background as string, theme[block] as string)
        if (ratio < 4.5) failures.push(`badge on ${block}: ${ratio.toFixed(2)}`)
      }
      expect(failures).toEqual([])
    })
  }

  it("computes the WCAG ratio (black on white is 21:1, a colour on itself 1:1)", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5)
    expect(contrastRatio("#6cb6ff", "#6cb6ff")).toBe(1)
  })

  it("draws unfocused pane titles in a text colour, not the border colour", async () => {
    app = await renderApp({ env: {}, tasks: [{ title: "One" }] })
    expect(hexOf(app.spanWith("Detail")!.fg)).toBe(darkTheme.textMuted)
    expect(hexOf(app.spanWith("Tasks 1/1")!.fg)).toBe(darkTheme.accent)
  })

  it("marks the focused pane without colour (NO_COLOR): a ▶ in its title and a heavy border", async () => {
    app = await renderApp({ env: { NO_COLOR: "1" }, tasks: [{ title: "One" }] })
    let frame = app.frame()
    expect(frame).toContain("▶ Tasks 1/1")
    expect(frame).toContain("┏")
    expect(frame).not.toContain("▶ Detail")
    frame = await app.press("TAB")
    expect(frame).toContain("▶ Detail")
    expect(frame).not.toContain("▶ Tasks")
    expect(monoTheme.name).toBe("mono")
  })
})

describe("text", () => {
  it("never lets a form label touch its value", () => {
    expect(labelText("Description", true)).toMatch(/›Description\s+$/)
    expect(labelText("Description", false).endsWith(" ")).toBe(true)
    expect(labelText("A label far too long to fit", false).endsWith("… ")).toBe(true)
  })

  it("ends a cut line with … even when the cut falls between two segments", () => {
    const line = fitSegments([{ text: "Title " }, { text: "#home" }], 6)
    expect(line.map((s) => s.text).join("")).toBe("Title…")
    expect(fitSegments([{ text: "Fits" }, { text: "   " }], 6).map((s) => s.text).join("")).toBe("Fits  ")
  })

  it("shows … where tags were dropped from a narrow row", async () => {
    app = await renderApp({ env: {}, width: 60, tasks: [{ title: "A fairly long task title here", tags: ["home", "errand", "weekend"], project: "house" }] })
    const row = lineWith(app.frame(), "A fairly")
    expect(row).toContain("…")
  })

  it("indents the empty day text of the calendar", async () => {
    app = await renderApp({ env: {} })
    const frame = await app.press("3")
    expect(frame).toMatch(/│ Nothing due\. Press a to add/)
    expect(frame).toMatch(/│ (a )?task on this day\.\s+│/)
  })

  it("wraps a long error inside the dialog instead of cutting it", async () => {
    app = await renderApp({ env: {}, tasks: [{ title: "One" }] })
    await app.press("D")
    await app.type("not a date at all and a very long text that goes on and on")
    const frame = await app.press("RETURN")
    // The whole message, over three lines of the dialog, the hint line still below it.
    expect(frame).toMatch(/│ 'not a date at all and a very long text that goes on and\s+│/)
    expect(frame).toMatch(/│ \+2w or a weekday\s+│/)
    expect(frame.indexOf("Enter ok · Esc cancel")).toBeGreaterThan(frame.indexOf("+2w or a weekday"))
  })
})

describe("the status bar at any width", () => {
  it("keeps ? help and q quit visible from 40 to 160 columns, dropping other hints first", async () => {
    app = await renderApp({ tasks: [{ title: "One" }], width: 160 })
    let bar = lineWith(app.frame(), "NORMAL")
    expect(bar).toMatch(/j\/k move {2}v select .*\? help {2}q quit/)
    for (const width of [120, 100, 80, 60, 40]) {
      bar = lineWith(await app.resize(width, 24), "NORMAL")
      expect(bar, `${width} columns`).toMatch(/\? help {2}q quit $/)
    }
    expect(bar).not.toContain("v select")
  })
})
