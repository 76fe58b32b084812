// The TUI's entry point. React is loaded in its production build (the development build checks
// every render and is several times slower with 10,000 tasks) whatever NODE_ENV the shell gave
// (a web developer's shell often says "development"); so the app is imported only after NODE_ENV
// is set (in the bundle, run-tui.ts's import is what
// first requires dist/opentui.js, React's reconciler in it). A fatal error is printed after the
// terminal has been restored (runTui restores it on the way out), without a stack trace.
import { sanitizeErrorMessage } from "../domain/errors.ts"
import { warmIcuOnWorker } from "./icu-warm-up.ts"
import type { StartTuiOptions } from "./run-tui.ts"
import { launchMark } from "../store/launch-trace.ts"

export type { StartTuiOptions } from "./run-tui.ts"

export interface TerminalCheck {
  stdinIsTTY: boolean
  stdoutIsTTY: boolean
  printErr(line: string): void
}

const processTerminal: TerminalCheck = {
  stdinIsTTY: process.stdin.isTTY === true,
  stdoutIsTTY: process.stdout.isTTY === true,
  printErr: (line) => void process.stderr.write(`${line}\n`),
}

export async function startTui(options: StartTuiOptions, terminal: TerminalCheck = processTerminal): Promise<number> {
  if (!terminal.stdinIsTTY || !terminal.stdoutIsTTY) {
    terminal.printErr("tsk: the TUI needs an interactive terminal. Use the CLI instead (tsk --help), e.g. tsk list.")
    return 1
  }
  process.env.NODE_ENV = "production"
  // Before OpenTUI loads (run-tui.ts's import), which holds the JavaScript thread for ~40 ms.
  warmIcuOnWorker()
  try {
    launchMark("start-tui: import run-tui")
    const { runTui } = await import("./run-tui.ts")
    launchMark("start-tui: run-tui imported")
    return await runTui(options)
  } catch (error) {
    options.painted?.restore()
    terminal.printErr(`tsk: ${sanitizeErrorMessage(error)}`)
    return 1
  }
}
