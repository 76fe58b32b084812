// Benchmark helpers for test/bench: the TUI's first frame, key press to re-rendered frame and
// resident memory, on a given home (seed it with seedBenchTasks for the 10,000-task figures).
// It drives the real app on OpenTUI's test renderer without React's act(), so it runs under
// NODE_ENV=production like `tsk` itself (set it before importing this module, as `tsk` does);
// frames are polled until the screen shows the change. Usage from test/bench:
//   await seedBenchTasks(home, 10_000)
//   const { firstFrameMs, keyToFrameMs, rssMb } = await measureTui({ home })          // j: moving
//   const writes = await measureTui({ home, keys: ["d"], presses: 50 })              // d: a write
import { createTestRenderer, type KeyInput, type TestRendererSetup } from "@opentui/core/testing"
import { createRoot } from "@opentui/react"
import { createElement } from "react"
import { App } from "../../components/app.tsx"
import { createAppStore } from "../../src/store/app-store.ts"
import { createTuiServices } from "../../src/tui/tui-services.ts"
import { afterNextFrame } from "../../src/tui/paint-gate.ts"
import type { CreateTaskInput } from "../../src/domain/task-input.ts"
import { PRIORITIES } from "../../src/domain/task.ts"

export interface TuiBenchOptions {
  home: string
  width?: number
  height?: number
  /** Key presses to time (default 200). */
  presses?: number
  /** Keys pressed in turn (default j: moving down the list). */
  keys?: readonly KeyInput[]
}

export interface TuiBenchResult {
  tasks: number
  /** From creating the store (reading tasks.json) to the first frame showing the task list. */
  firstFrameMs: number
  /** From a key press to the first frame the renderer draws that differs from the one before it. */
  keyToFrameMs: { median: number; p95: number; max: number }
  rssMb: number
  /** Resident memory after a full garbage collection (the steady state, without garbage not yet collected). */
  rssAfterGcMb: number
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0
}

const nextMacrotask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/** Let React commit and render frames until `predicate` holds on the screen. */
async function frameWhere(setup: TestRendererSetup, predicate: (frame: string) => boolean, timeoutMs = 5000): Promise<string> {
  const deadline = performance.now() + timeoutMs
  for (;;) {
    await nextMacrotask()
    await setup.renderOnce()
    const frame = setup.captureCharFrame()
    if (predicate(frame)) return frame
    if (performance.now() > deadline) throw new Error(`the screen did not change in ${timeoutMs} ms:\n${frame}`)
  }
}

/** Add `count` tasks with realistic fields (projects, tags, due dates, statuses) in one write. */
export async function seedBenchTasks(home: string, count: number): Promise<void> {
  const store = createAppStore({ home })
  const inputs: CreateTaskInput[] = []
  for (let i = 0; i < count; i++) {
    inputs.push({
      title: `Task ${i} ${i % 7 === 0 ? "review the release notes and fix the flaky login test" : "write docs"}`,
      priority: PRIORITIES[i % PRIORITIES.length],
      project: i % 3 === 0 ? `project-${i % 17}` : null,
      tags: i % 4 === 0 ? ["backend", `t${i % 9}`] : [],
      dueDate: i % 5 === 0 ? `2026-0${1 + (i % 9)}-1${i % 10}` : null,
      status: i % 6 === 0 ? "done" : i % 6 === 1 ? "in_progress" : "todo",
    })
  }
  await store.getState().addTasks(inputs)
}

export async function measureTui(options: TuiBenchOptions): Promise<TuiBenchResult> {
  const started = performance.now()
  const store = createAppStore({ home: options.home })
  await store.getState().reload()
  const setup = await createTestRenderer({ width: options.width ?? 120, height: options.height ?? 40, kittyKeyboard: true })
  // As run-tui does: a key's write starts once the frame showing it is drawn.
  const services = createTuiServices({ store, env: { NO_COLOR: "" }, afterPaint: () => afterNextFrame(setup.renderer) })
  // The time of each frame the renderer draws, with what it shows (read as it is drawn).
  let drawn: { at: number; frame: string } | null = null
  const onFrame = () => void (drawn = { at: performance.now(), frame: setup.captureCharFrame() })
  setup.renderer.on("frame", onFrame)
  const root = createRoot(setup.renderer)
  root.render(createElement(App, { services }))
  try {
    let frame = await frameWhere(setup, (f) => f.includes("Tasks"))
    const firstFrameMs = performance.now() - started
    // React registers the key listener in a passive effect, which may run after the first paint.
    await new Promise((resolve) => setTimeout(resolve, 100))
    const presses = options.presses ?? 200
    const keys = options.keys ?? ["j"]
    const times: number[] = []
    for (let i = 0; i < presses; i++) {
      const before = frame
      let changedAt: number | null = null
      const onChange = () => {
        if (changedAt === null && drawn && drawn.frame !== before) changedAt = drawn.at
      }
      setup.renderer.on("frame", onChange)
      const t = performance.now()
      setup.mockInput.pressKey(keys[i % keys.length]!)
      frame = await frameWhere(setup, () => changedAt !== null)
      setup.renderer.off("frame", onChange)
      times.push(changedAt! - t)
      // A key that writes (d) is timed to its on-screen change; its write finishes before the next.
      if (services.controller.writes.count > 0) {
        await services.controller.writes.settle()
        frame = await frameWhere(setup, () => true)
      }
    }
    times.sort((a, b) => a - b)
    const rssMb = process.memoryUsage().rss / 1024 / 1024
    Bun.gc(true)
    return {
      tasks: store.getState().tasks.length,
      firstFrameMs,
      keyToFrameMs: { median: percentile(times, 0.5), p95: percentile(times, 0.95), max: times.at(-1) ?? 0 },
      rssMb,
      rssAfterGcMb: process.memoryUsage().rss / 1024 / 1024,
    }
  } finally {
    setup.renderer.off("frame", onFrame)
    await services.controller.writes.settle()
    services.controller.dispose()
    root.unmount()
    setup.renderer.destroy()
  }
}
