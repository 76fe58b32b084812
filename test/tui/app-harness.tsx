// Renders the whole app with testRender on a temporary home, with helpers to press keys and read
// the screen. Every component and TUI test builds on this.
import { act } from "react"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { testRender } from "@opentui/react/test-utils"
import type { KeyInput } from "@opentui/core/testing"
import type { CapturedSpan, Renderable, RGBA } from "@opentui/core"
import { App } from "../../components/app.tsx"
import type { AppServices } from "../../components/app-context.tsx"
import { createAppStore, type AppStore } from "../../src/store/app-store.ts"
import type { CreateTaskInput } from "../../src/domain/task-input.ts"
import type { Feed, MonitorFeeds } from "../../src/tui/monitor-feeds.ts"
import { createTuiServices } from "../../src/tui/tui-services.ts"
import { afterNextFrame, nextMacrotask, type Paintable } from "../../src/tui/paint-gate.ts"

// Store writes finish on disk after the key press's act() scope has closed (by design: the store is
// external to React), so React's "not wrapped in act" warning is expected here and only noise.
const consoleError = console.error.bind(console)
console.error = (...args: unknown[]) => {
  if (typeof args[0] === "string" && args[0].includes("not wrapped in act(")) return
  consoleError(...args)
}

export const FIXED_NOW = new Date(2026, 2, 10, 9, 30, 0) // Tue 10 March 2026, 09:30 local

export interface HarnessOptions {
  home?: string
  width?: number
  height?: number
  tasks?: CreateTaskInput[]
  now?: () => Date
  env?: NodeJS.ProcessEnv
  feeds?: MonitorFeeds
  agentRunning?: Feed<boolean>
}

export interface Harness {
  home: string
  store: AppStore
  services: AppServices
  frame(): string
  /** The styled span that contains `text` on screen (for colour assertions). */
  spanWith(text: string): CapturedSpan | undefined
  render(): Promise<string>
  press(key: KeyInput, modifiers?: { ctrl?: boolean; shift?: boolean; meta?: boolean }): Promise<string>
  type(text: string): Promise<string>
  /** Press keys in one burst, with no render in between (as a terminal delivers a paste or fast typing). */
  burst(keys: readonly KeyInput[]): Promise<string>
  /** Render until `predicate` holds on the screen (for writes that finish on disk first). */
  waitForFrame(predicate: (frame: string) => boolean, timeoutMs?: number): Promise<string>
  settle(): Promise<void>
  resize(width: number, height: number): Promise<string>
  /** Click the left button at a screen cell (0-based column and row). */
  click(x: number, y: number): Promise<string>
  /** Turn the wheel one notch at a screen cell. */
  wheel(x: number, y: number, direction: "up" | "down"): Promise<string>
  /** The styled spans of screen row `y` (for colour assertions on exact cells). */
  spansOf(y: number): CapturedSpan[]
  /** How many renderables of each kind (TextRenderable, BoxRenderable, ...) are on screen now. */
  renderableCounts(): Map<string, number>
  /** How many text renderables draw on screen row `y` and no other. */
  textsOnRow(y: number): number
  destroy(): Promise<void>
}

export function makeHome(): string {
  return mkdtempSync(join(tmpdir(), "tsk-tui-"))
}

export async function renderApp(options: HarnessOptions = {}): Promise<Harness> {
  const ownHome = options.home === undefined
  const home = options.home ?? makeHome()
  const now = options.now ?? (() => FIXED_NOW)
  const store = createAppStore({ home, now })
  if (options.tasks && options.tasks.length > 0) await store.getState().addTasks(options.tasks)
  await store.getState().reload()
  // As run-tui does: a key's write starts once the renderer has drawn the frame showing it.
  let renderer: Paintable | null = null
  const afterPaint = () => (renderer ? afterNextFrame(renderer) : nextMacrotask())
  const services = createTuiServices({ store, env: options.env ?? { NO_COLOR: "" }, now, feeds: options.feeds, agentRunning: options.agentRunning ?? null, afterPaint })
  const setup = await testRender(<App services={services} />, { width: options.width ?? 100, height: options.height ?? 30, kittyKeyboard: true })
  renderer = setup.renderer
  const render = async () => {
    await act(async () => {
      await setup.renderOnce()
    })
    return setup.captureCharFrame()
  }
  await render()
  const harness: Harness = {
    home,
    store,
    services,
    frame: () => setup.captureCharFrame(),
    spanWith: (text) => setup.captureSpans().lines.flatMap((l) => l.spans).find((span) => span.text.includes(text)),
    render,
    async press(key, modifiers) {
      await act(async () => {
        setup.mockInput.pressKey(key, modifiers)
      })
      return render()
    },
    async type(text) {
      for (const char of text) {
        await act(async () => {
          setup.mockInput.pressKey(char)
        })
      }
      return render()
    },
    async burst(keys) {
      await act(async () => {
        for (const key of keys) setup.mockInput.pressKey(key)
      })
      return render()
    },
    async waitForFrame(predicate, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs
      let frame = await render()
      while (!predicate(frame)) {
        if (Date.now() > deadline) throw new Error(`screen never matched; last frame:\n${frame}`)
        await act(async () => {
          await new Promise((resolve) => setTimeout(resolve, 20))
        })
        frame = await render()
      }
      return frame
    },
    async settle() {
      await act(async () => {
        await services.controller.writes.settle()
      })
      await render()
    },
    async resize(width, height) {
      await act(async () => {
        setup.resize(width, height)
      })
      return render()
    },
    async click(x, y) {
      await act(async () => {
        await setup.mockMouse.click(x, y)
      })
      return render()
    },
    async wheel(x, y, direction) {
      await act(async () => {
        await setup.mockMouse.scroll(x, y, direction)
      })
      return render()
    },
    spansOf: (y) => setup.captureSpans().lines[y]?.spans ?? [],
    renderableCounts() {
      const counts = new Map<string, number>()
      const visit = (node: Renderable) => {
        counts.set(node.constructor.name, (counts.get(node.constructor.name) ?? 0) + 1)
        for (const child of node.getChildren()) visit(child)
      }
      visit(setup.renderer.root)
      return counts
    },
    textsOnRow(y) {
      let count = 0
      const visit = (node: Renderable) => {
        if (node.constructor.name === "TextRenderable" && node.y === y && node.height === 1) count++
        for (const child of node.getChildren()) visit(child)
      }
      visit(setup.renderer.root)
      return count
    },
    async destroy() {
      await services.controller.writes.settle()
      services.controller.dispose()
      setup.renderer.destroy()
      if (ownHome) rmSync(home, { recursive: true, force: true })
    },
  }
  return harness
}

/** `#rrggbb` of a captured colour. */
export function hexOf(colour: RGBA): string {
  return `#${colour
    .toInts()
    .slice(0, 3)
    .map((n) => n.toString(16).padStart(2, "0"))
    .join("")}`
}

/** The screen line that contains `text` (for asserting on one row). */
export function lineWith(frame: string, text: string): string {
  return frame.split("\n").find((line) => line.includes(text)) ?? ""
}
