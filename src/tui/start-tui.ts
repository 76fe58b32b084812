// The TUI's entry point. React is loaded in its production build (the development build checks
// every render and is several times slower with 10,000 tasks) unless NODE_ENV says otherwise; so
// the app is imported only after NODE_ENV is settled.
import type { StartTuiOptions } from "./run-tui.ts"

export type { StartTuiOptions } from "./run-tui.ts"

export async function startTui(options: StartTuiOptions): Promise<number> {
  process.env.NODE_ENV ??= "production"
  const { runTui } = await import("./run-tui.ts")
  return runTui(options)
}
