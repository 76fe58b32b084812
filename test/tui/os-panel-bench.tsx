// Benchmark helper for test/bench: the time from an `os-*` command run by another process
// (`tsk os analyze …` and the rest of a plan's walk, on the same TSK_HOME) to the first frame of the
// Monitor's phase/state panel that shows the command's new phase. The app runs on OpenTUI's test
// renderer with the real agent-state feed (folder watch + revision poll), without React's act(),
// so set NODE_ENV=production before importing this module, as `tsk` does. Usage from test/bench:
//   process.env.NODE_ENV ??= "production"
//   const { measureOsPanel } = await import("../tui/os-panel-bench.tsx")
//   const { fromExitMs, fromStartMs } = await measureOsPanel({ home, cycles: 3 })   // 5 commands a cycle
import { createTestRenderer, type TestRendererSetup } from "@opentui/core/testing"
import { createRoot } from "@opentui/react"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { createElement } from "react"
import { App } from "../../components/app.tsx"
import { phaseStripText } from "../../components/monitor/phase-panel.tsx"
import { createAppStore } from "../../src/store/app-store.ts"
import { createOsFeed, openOsReader } from "../../src/tui/os-feed.ts"
import type { OsPhase } from "../../src/tui/os-panel-status.ts"
import { createTuiServices } from "../../src/tui/tui-services.ts"
import { BUN, MAIN } from "../helpers/run-tsk.ts"

export interface OsPanelBenchOptions {
  /** A TSK_HOME; its agent state must be IDLE (a fresh home is). */
  home: string
  /** Walks of one plan through A → B → C → V → I: five timed commands each (default 3). */
  cycles?: number
  /** How often the screen is rendered and checked while waiting (default 5 ms). */
  frameEveryMs?: number
}

export interface LatencySummary {
  median: number
  p95: number
  max: number
}

export interface OsPanelBenchResult {
  commands: number
  /** From the command's process exiting to the first frame showing its phase (≤ 0: shown before the exit was noticed). */
  fromExitMs: LatencySummary
  /** From spawning the command's process (Bun start-up included) to that frame. */
  fromStartMs: LatencySummary
  samples: Array<{ command: string; phase: OsPhase; fromStartMs: number; fromExitMs: number }>
}

function summarise(values: readonly number[]): LatencySummary {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0
  const mid = Math.floor(sorted.length / 2)
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
  return { median, p95: at(0.95), max: sorted.at(-1) ?? 0 }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Render until the screen shows `text`; returns when that frame was captured. */
async function frameShowing(setup: TestRendererSetup, text: string, everyMs: number, timeoutMs = 10_000): Promise<number> {
  const deadline = performance.now() + timeoutMs
  for (;;) {
    await setup.renderOnce()
    if (setup.captureCharFrame().includes(text)) return performance.now()
    if (performance.now() > deadline) throw new Error(`the panel never showed '${text}':\n${setup.captureCharFrame()}`)
    await sleep(everyMs)
  }
}

/** The commands of one walk, each with the phase it leads to. */
function walk(cycle: number, artifactFile: string): Array<{ args: string[]; phase: OsPhase }> {
  const plan = `bench-${cycle}`
  return [
    { args: ["analyze", `Benchmark goal ${cycle}`], phase: "A" },
    { args: ["plan", "--id", plan, "--dom", "bench", "--goal", `Benchmark goal ${cycle}`, "--tasks", '[{"id":"t1","title":"Write the file"}]'], phase: "B" },
    { args: ["next"], phase: "C" },
    { args: ["complete", "t1", "--artifact", `${plan}-file`, "--dom", "bench", "--loc", artifactFile, "--type", "code"], phase: "V" },
    { args: ["validate"], phase: "I" },
  ]
}

export async function measureOsPanel(options: OsPanelBenchOptions): Promise<OsPanelBenchResult> {
  const { home } = options
  const everyMs = options.frameEveryMs ?? 5
  const workspace = join(home, "bench-workspace")
  // A project, as an agent's is: artifacts are placed only inside a folder that holds a .git.
  mkdirSync(join(workspace, ".git"), { recursive: true })
  const artifactFile = "bench-file.ts"
  writeFileSync(join(workspace, artifactFile), "// Purpose: a file the benchmark's plan produces.\n// Depends on: []\nexport const value = 1\n")
  const store = createAppStore({ home })
  await store.getState().reload()
  const os = createOsFeed(await openOsReader(home))
  const services = createTuiServices({ store, env: { NO_COLOR: "" }, feeds: { c64: null, os } })
  // 100 columns: the panel is narrow enough that its strip names only the current phase.
  const setup = await createTestRenderer({ width: 100, height: 30, kittyKeyboard: true })
  const root = createRoot(setup.renderer)
  root.render(createElement(App, { services }))
  const samples: OsPanelBenchResult["samples"] = []
  try {
    await frameShowing(setup, "Tasks", everyMs)
    await sleep(100) // the key listener is registered in a passive effect
    setup.mockInput.pressKey("4")
    await frameShowing(setup, phaseStripText("I", true).trim(), everyMs)
    for (let cycle = 1; cycle <= (options.cycles ?? 3); cycle++) {
      for (const step of walk(cycle, artifactFile)) {
        const started = performance.now()
        // The agent works in its project folder: artifact paths resolve (and are confined) there.
        const child = Bun.spawn([BUN, MAIN, "os", ...step.args], { cwd: workspace, env: { ...process.env, TSK_HOME: home, NO_COLOR: "1" }, stdout: "ignore", stderr: "pipe" })
        let exitedAt = 0
        const exited = child.exited.then((code) => {
          exitedAt = performance.now()
          return code
        })
        const shownAt = await frameShowing(setup, phaseStripText(step.phase, true).trim(), everyMs)
        const code = await exited
        if (code !== 0) throw new Error(`tsk os ${step.args[0]} exited ${code}: ${await new Response(child.stderr).text()}`)
        samples.push({ command: `os-${step.args[0]}`, phase: step.phase, fromStartMs: shownAt - started, fromExitMs: shownAt - exitedAt })
      }
    }
    return {
      commands: samples.length,
      fromExitMs: summarise(samples.map((s) => s.fromExitMs)),
      fromStartMs: summarise(samples.map((s) => s.fromStartMs)),
      samples,
    }
  } finally {
    await os.close()
    services.controller.dispose()
    root.unmount()
    setup.renderer.destroy()
  }
}
