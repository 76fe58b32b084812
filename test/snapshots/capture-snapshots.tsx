// `npm run snapshots`: draws every view at 80x24 and 120x40 in the dark and light themes, from the
// demo's sample tasks and a sample agent and C64 state, at a fixed time, and saves each screen to
// snapshots/ as text (.txt) and with its colours (.html), so a reviewer can look without running
// the TUI. Plus the help, the command palette, and a toast
// in its band above the status bar, on the List and with the add dialog open.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { act } from "react"
import { testRender } from "@opentui/react/test-utils"
import type { CapturedSpan } from "@opentui/core"
import { App } from "../../components/app.tsx"
import { createAppStore } from "../../src/store/app-store.ts"
import { updateConfig } from "../../src/store/config-store.ts"
import { prepareDemoHome } from "../../src/tui/demo-home.ts"
import { createValueFeed, type C64TaskSummary, type OsPanelStatus } from "../../src/tui/monitor-feeds.ts"
import { createTuiServices } from "../../src/tui/tui-services.ts"
import type { ViewName } from "../../src/tui/ui-store.ts"
import { c64Task } from "../tui/c64-fixtures.ts"
import { panelStatus } from "../tui/os-panel-fixtures.ts"

// Store writes finish outside act() by design (as in test/tui/app-harness.tsx): React's warning is noise.
const consoleError = console.error.bind(console)
console.error = (...args: unknown[]) => {
  if (typeof args[0] === "string" && args[0].includes("not wrapped in act(")) return
  consoleError(...args)
}

// `bun test/snapshots/capture-snapshots.tsx <folder>` writes them elsewhere (test/snapshots/snapshots-current.test.ts).
const OUT = process.argv[2] ?? join(import.meta.dirname, "..", "..", "snapshots")
const NOW = new Date(2026, 2, 10, 9, 30, 0)
const SIZES = [
  [80, 24],
  [120, 40],
] as const
const THEMES = ["dark", "light"] as const
const VIEWS: readonly ViewName[] = ["list", "board", "calendar", "monitor"]
/** Extra screens: what to press on the List first. */
const EXTRAS: Record<string, readonly string[]> = { help: ["?"], palette: [":"], toast: [], "toast-with-dialog": ["a"] }

const c64: readonly C64TaskSummary[] = [
  c64Task({ iterations: 14 }, ["14130b2004050d0f2020202020202020", "14130b2004050d0f2020202021212121", "14130b2004050d0f2121212121212121"]),
  c64Task({ id: "0002_sprites", args: { address: "$D000", length: 4 }, iterations: 3, maxIterations: 10 }, ["10203040", "11203040", "12213040"]),
]
const os: OsPanelStatus = panelStatus({ sessions: [{ id: "aaaa1111-session", status: "needs_input", detail: "tsk · Claude needs your permission to use Bash", source: "Notification 14:02:11" }] })

/** Task ids that look like real ones but are the same on every run (a seeded generator). */
function fixedIds(): () => string {
  let seed = 0x2026_0310
  const hex = (digits: number) => {
    let out = ""
    while (out.length < digits) {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0
      out += (seed >>> 8).toString(16).padStart(6, "0")
    }
    return out.slice(0, digits)
  }
  return () => `${hex(8)}-${hex(4)}-4${hex(3)}-8${hex(3)}-${hex(12)}`
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
const css = (span: CapturedSpan) => {
  const hex = (c: CapturedSpan["fg"]) => `#${c.toInts().slice(0, 3).map((n) => n.toString(16).padStart(2, "0")).join("")}`
  const transparent = (c: CapturedSpan["bg"]) => c.toInts()[3] === 0
  const bold = span.attributes & 1 ? "font-weight:bold;" : ""
  const underline = span.attributes & 8 ? "text-decoration:underline;" : ""
  return `color:${hex(span.fg)};${transparent(span.bg) ? "" : `background:${hex(span.bg)};`}${bold}${underline}`
}

function html(title: string, lines: { spans: CapturedSpan[] }[], background: string): string {
  const body = lines.map((line) => line.spans.map((s) => `<span style="${css(s)}">${escapeHtml(s.text)}</span>`).join("")).join("\n")
  return `<!doctype html>\n<meta charset="utf-8">\n<title>${title}</title>\n<pre style="background:${background};font:14px/1.2 ui-monospace,Menlo,Consolas,monospace;padding:8px;display:inline-block">${body}</pre>\n`
}

async function capture(name: string, theme: (typeof THEMES)[number], width: number, height: number, view: ViewName, keys: readonly string[]): Promise<string> {
  const home = mkdtempSync(join(tmpdir(), "tsk-snapshot-"))
  try {
    await prepareDemoHome(home, NOW, fixedIds())
    await updateConfig(home, "integrations.agent.enabled", false)
    await updateConfig(home, "ui.theme", theme)
    await updateConfig(home, "ui.defaultView", view)
    const store = createAppStore({ home, now: () => NOW })
    await store.getState().reload()
    const feeds = { c64: createValueFeed(c64), os: createValueFeed<OsPanelStatus | null>(os) }
    const services = createTuiServices({ store, env: {}, now: () => NOW, feeds })
    const setup = await testRender(<App services={services} />, { width, height })
    const render = async () => act(async () => void (await setup.renderOnce()))
    await render()
    for (const key of keys) {
      await act(async () => setup.mockInput.pressKey(key))
      await render()
    }
    if (name.startsWith("toast")) {
      await act(async () => services.controller.toaster.show("agent", "Agent: created 'Fix login bug on Safari'"))
      await render()
    }
    const text = setup.captureCharFrame()
    const file = `${name}-${width}x${height}-${theme}`
    writeFileSync(join(OUT, `${file}.txt`), text)
    writeFileSync(join(OUT, `${file}.html`), html(file, setup.captureSpans().lines, theme === "dark" ? "#15171c" : "#ffffff"))
    services.controller.dispose()
    setup.renderer.destroy()
    return file
  } finally {
    rmSync(home, { recursive: true, force: true })
  }
}

async function main(): Promise<void> {
  process.env.NODE_ENV ??= "production"
  rmSync(OUT, { recursive: true, force: true })
  mkdirSync(OUT, { recursive: true })
  const files: string[] = []
  for (const theme of THEMES) {
    for (const [width, height] of SIZES) {
      for (const view of VIEWS) files.push(await capture(view, theme, width, height, view, []))
      for (const [name, keys] of Object.entries(EXTRAS)) files.push(await capture(name, theme, width, height, "list", keys))
    }
  }
  const index = [
    "# TUI snapshots",
    "",
    "Made by `npm run snapshots` (test/snapshots/capture-snapshots.tsx) from the demo's sample tasks and a",
    "sample agent and C64 state, at 2026-03-10 09:30. `.txt` is the screen as text; `.html` has its colours.",
    "",
    ...files.map((file) => `- ${file}: [text](${file}.txt) · [colours](${file}.html)`),
    "",
  ]
  writeFileSync(join(OUT, "README.md"), index.join("\n"))
  process.stdout.write(`${files.length} screens saved to ${process.argv[2] ?? "snapshots/"}\n`)
}

await main()
process.exit(0)
