// The TUI's launch, step by step, for measuring it (docs/tui-launch.md): with
// TSK_LAUNCH_TRACE=<file>, each step's time since the process started and the main thread's CPU
// time are kept, and appended to the file as one JSON line once the first frame is drawn. Without
// the variable each mark is one look at the environment. The marks live on globalThis, as each
// bundle (cli.js, tui.js) has its own copy of this module.
import { appendFileSync } from "node:fs"

const KEY = Symbol.for("tsk.launch.trace")
const state = globalThis as { [KEY]?: [step: string, ms: number, cpuMs: number][] }

/** Notes that the launch reached `step`. */
export function launchMark(step: string): void {
  if (!process.env.TSK_LAUNCH_TRACE) return
  ;(state[KEY] ??= []).push([step, performance.now(), cpuMs()])
}

/** Appends the marks so far to the trace file: `{ origin, marks: [[step, ms, cpuMs], ...] }`, origin in ms since 1970. */
export function launchTraceWrite(): void {
  const file = process.env.TSK_LAUNCH_TRACE
  if (!file) return
  try {
    appendFileSync(file, JSON.stringify({ origin: performance.timeOrigin, marks: state[KEY] ?? [] }) + "\n")
  } catch {
    // A trace that cannot be written changes nothing of the TUI.
  }
}

/** CPU time of the main thread (the whole process's where Bun cannot tell it apart), ms. */
function cpuMs(): number {
  const { user, system } = (process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage?.() ?? process.cpuUsage()
  return (user + system) / 1000
}
