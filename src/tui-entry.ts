// The TUI with the app: what `tsk` and `tsk demo` open. The bundle builds this file (and what it
// imports) as dist/tui.js, CommonJS with its bytecode apart from dist/cli.js (see
// src/setup/build-dist.ts), so a command does not load the TUI's code; cli.js requires it here.
import { startTui, type StartTuiOptions } from "./tui/start-tui.ts"
import { launchMark } from "./store/launch-trace.ts"
launchMark("tui.js loaded")

/** Which build this bundle is (see sameBuild in fresh-entry.ts). */
export { TSK_BUILD as tskBuild } from "./fresh-entry.ts"

export function openTui(options: Omit<StartTuiOptions, "loadApp">): Promise<number> {
  return startTui({ ...options, loadApp: async () => (await import("../components/app.tsx")).App })
}
