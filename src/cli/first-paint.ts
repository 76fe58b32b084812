// `tsk` draws its first screen before OpenTUI and React load (~60 ms of a launch at 10,000 tasks):
// the list is read, the screen the app's first frame will show is drawn from it
// (components/first-screen.ts) and written to the terminal's alternate screen; then the app loads,
// takes the list read here as its first load, and its first frame draws the same cells over it
// (run-tui.ts hands the terminal over). Keys typed meanwhile wait in the terminal for the app.
// Nothing is drawn, and the app starts as before, unless stdin and stdout are terminals of at least
// 40×10, config.json opens the app on the List with no agent strip forced on, and the list reads
// without an error; TSK_FIRST_SCREEN=0 turns it off.
import { lstatSync, writeSync } from "node:fs"
import { firstScreen } from "../../components/first-screen.ts"
import { colorDepth, gridToAnsi } from "../../components/screen-grid.ts"
import { readTasksIdentity } from "../store/app-store.ts"
import { conflictsPath } from "../store/conflicts-store.ts"
import { homePaths, tskHome, type HomePaths } from "../store/paths.ts"
import { readTasks } from "../store/tasks-read.ts"
import type { TasksSnapshot } from "../store/tasks-cache.ts"
import { nothingAt } from "../store/bun-files.ts"
import { readFileIdentity, readRegularFileIdentity } from "../store/file-identity.ts"
import { DEFAULT_CONFIG } from "../domain/config-defaults.ts"
import type { Config } from "../domain/config.ts"
import { MAX_STATE_FILE_BYTES } from "../store/regular-file.ts"
import { readValidatedStamp } from "../store/validated-stamp.ts"
import type { Task } from "../domain/task.ts"
import type { ScreenGrid } from "../../components/screen-grid.ts"
import { currentConflicts } from "../tui/conflicts-feed.ts"
import { launchMark } from "../store/launch-trace.ts"
import { keysAsTyped, type KeysAsTyped } from "./keys-as-typed.ts"
import { terminalIoctl } from "./terminal-ioctl.ts"
import type { PaintedScreen } from "../tui/painted-screen.ts"

/** The terminal's size (TIOCGWINSZ), or null when the descriptor is not a terminal or the system is not one this knows. */
async function terminalSize(fd: number): Promise<{ width: number; height: number } | null> {
  const ioctl = await terminalIoctl()
  const size = new Uint16Array(4)
  if (!ioctl || !ioctl(fd, process.platform === "darwin" ? 0x40087468 : 0x5413, size)) return null
  return { height: size[0]!, width: size[1]! }
}

/** tasks.json is the file tsk last stamped as checked (validated-stamp.ts): reading it costs a parse. */
async function stampNamesFile(paths: HomePaths): Promise<boolean> {
  try {
    const [identity, stamp] = await Promise.all([readRegularFileIdentity(paths.tasks), readValidatedStamp(paths.tasks)])
    return identity !== null && identity === stamp
  } catch {
    return false
  }
}

/**
 * The tasks of a tasks.json tsk has not checked, parsed only, when it is a regular file (not a
 * link to one, which the check after refuses: the app opens read-only, without the list) in tsk's
 * format and no journal lies beside it; else null.
 */
async function peekList(paths: HomePaths): Promise<Task[] | null> {
  if (!nothingAt(paths.journal)) return null
  try {
    const file = Bun.file(paths.tasks)
    const stat = lstatSync(paths.tasks)
    if (!stat.isFile() || stat.size > MAX_STATE_FILE_BYTES) return null
    const tasks = (JSON.parse(await file.text()) as { tasks?: unknown }).tasks
    return Array.isArray(tasks) ? (tasks as Task[]) : null
  } catch {
    return null
  }
}

/**
 * config.json's theme, when it opens the app as the first screen draws it (the List, no agent
 * strip forced on); else null. A config.json tsk stamped is parsed only (as the app's store reads
 * it); any other is read as the store reads it, its schema checked: one the app refuses opens it
 * read-only, on another screen.
 */
async function listTheme(paths: HomePaths): Promise<"dark" | "light" | null> {
  try {
    const [identity, stamp] = await Promise.all([readFileIdentity(paths.config), readValidatedStamp(paths.config)])
    const ui =
      identity === null
        ? DEFAULT_CONFIG.ui
        : identity === stamp
          ? (JSON.parse(await Bun.file(paths.config).text()) as Config).ui
          : (await (await import("../store/config-store.ts")).readConfig(paths)).ui
    return ui.defaultView === "list" && ui.agentStrip !== "on" ? ui.theme : null
  } catch {
    return null
  }
}

/** Written whole, now (a signal handler's last word, or before OpenTUI's next frame). */
function write(text: string): void {
  const bytes = Buffer.from(text)
  for (let at = 0; at < bytes.length; ) {
    try {
      at += writeSync(1, bytes, at)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EAGAIN") return
      Bun.sleepSync(1)
    }
  }
}

const ENTER = "\x1b[?1049h\x1b[?25l"
const LEAVE = "\x1b[?25h\x1b[?1049l"
/** The signals that end tsk before the app has the terminal (Ctrl+C and Ctrl+\\ too: the terminal is not raw yet), with the exit code each gives. */
const ENDING = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129, SIGQUIT: 131 } as const
const SIGNALS = Object.keys(ENDING) as (keyof typeof ENDING)[]

/** Draws the first screen, or returns null (and draws nothing) where the app must draw its own. */
export async function paintFirstScreen(env: NodeJS.ProcessEnv): Promise<PaintedScreen | null> {
  if (env.TSK_FIRST_SCREEN === "0") return null
  launchMark("first-paint: loaded")
  const [size, input] = await Promise.all([terminalSize(1), terminalSize(0)])
  if (!size || !input) return null
  const paths = homePaths(tskHome(env))
  // Each a trip to Bun's file threads, made at once; node:fs (~2.5 ms to load) waits until the screen shows.
  const [theme, seen, stamped] = await Promise.all([listTheme(paths), readTasksIdentity(paths), stampNamesFile(paths)])
  if (theme === null) return null
  // A list tsk wrote and stamped is read as the app reads it. One another program wrote is drawn as
  // parsed and checked after (~15 ms at 10,000 tasks): a file that fails the check then opens the
  // app read-only, saying why, over the screen drawn.
  const peeked = stamped ? null : await peekList(paths)
  let snapshot: TasksSnapshot | null = null
  if (!peeked) {
    try {
      snapshot = await readTasks(paths)
    } catch {
      // The app says what is wrong with the list (read-only, with the reason).
      return null
    }
  }
  launchMark("first-paint: read")
  let grid: ScreenGrid | null
  try {
    grid = firstScreen({ tasks: peeked ?? snapshot!.tasks, width: size.width, height: size.height, theme, env, now: new Date(), conflicts: nothingAt(conflictsPath(paths.home)) ? 0 : currentConflicts(paths.home).length })
  } catch {
    // A list only parsed may hold anything: the app's own first frame comes instead.
    grid = null
  }
  if (!grid) return null
  // One write, as a synchronized update where the terminal has them, the cursor home so that a key
  // echoed before the app takes the terminal lands where the app's frame draws over it.
  const screen = `\x1b[?2026h${gridToAnsi(grid, colorDepth(env))}\x1b[H\x1b[?2026l`
  let handedOver = false
  let keys: KeysAsTyped | null = null
  // The renderer's raw mode starts from the shell's mode: keys as typed stop there.
  let keysReleased = false
  const releaseKeys = () => {
    keysReleased = true
    keys?.restore()
  }
  const letGo = () => {
    handedOver = true
    for (const signal of SIGNALS) process.off(signal, interrupted)
    process.off("SIGTSTP", suspended)
    process.off("SIGCONT", resumed)
    process.off("exit", restore)
  }
  const restore = () => {
    if (handedOver) return
    letGo()
    releaseKeys()
    write(LEAVE)
  }
  // A Ctrl+C (the terminal is not raw yet) or a kill before the app has the terminal: the shell's screen back.
  const interrupted = (signal: keyof typeof ENDING) => {
    restore()
    process.exit(ENDING[signal])
  }
  // A Ctrl+Z meanwhile: the shell's screen back while tsk is stopped, the first screen again on fg.
  const suspended = () => {
    if (handedOver) return
    keys?.restore()
    write(LEAVE)
    process.kill(process.pid, "SIGSTOP")
  }
  const resumed = () => {
    if (handedOver) return
    write(ENTER + screen)
    if (!keysReleased) keys?.reapply()
  }
  // Through Bun's file API: node:fs (~2.5 ms to load) is not loaded before the screen shows.
  await Bun.write(Bun.stdout, ENTER + screen)
  for (const signal of SIGNALS) process.on(signal, interrupted)
  process.on("SIGTSTP", suspended)
  process.on("SIGCONT", resumed)
  // However tsk ends before the app has the terminal (a crash too), the shell gets its screen, cursor and input mode back.
  process.on("exit", restore)
  launchMark("first-paint: drawn")
  // Keys typed from here on reach the app as typed (Enter as Enter), echoed nowhere (Linux).
  keys = await keysAsTyped(0)
  if (peeked) snapshot = await readTasks(paths).catch(() => null)
  return {
    firstRead: snapshot ? { snapshot, seen } : undefined,
    beforeRenderer: releaseKeys,
    handOver() {
      if (handedOver) return
      letGo()
      releaseKeys()
      write(screen)
    },
    restore,
  }
}
