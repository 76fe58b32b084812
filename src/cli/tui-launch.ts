// `tsk` with no command: the first screen drawn (first-paint.ts), then the TUI loaded (tui.js),
// which takes the list read for it and the terminal. The bundle builds this file apart from
// cli.js, as dist/tui-launch.js, which cli.js requires for `tsk` only (see build-dist.ts).
import { freshParts } from "../fresh-entry.ts"
import { normalJitNow } from "../jit-at-start.ts"
import { DIST_TUI } from "../setup/bundle-parts.ts"
import { launchMark } from "../store/launch-trace.ts"
import { warmIcuOnWorker } from "../tui/icu-warm-up.ts"
import { paintFirstScreen } from "./first-paint.ts"

/** Which build this bundle is (see sameBuild in fresh-entry.ts). */
export { TSK_BUILD as tskBuild } from "../fresh-entry.ts"

export async function launchTui(env: NodeJS.ProcessEnv): Promise<number> {
  // The first screen asks the local time zone (~8 ms the first time): asked on the other core meanwhile.
  warmIcuOnWorker()
  // Its loops run over the whole list at once: the JIT that a short command defers is worth it here.
  normalJitNow()
  const painted = await paintFirstScreen(env)
  launchMark("cli: first screen")
  // A stale tui.js is rebuilt, and says so, on the shell's screen.
  freshParts(DIST_TUI, () => painted?.restore())
  try {
    return await (await import("../tui-entry.ts")).openTui({ env, painted })
  } catch (error) {
    painted?.restore()
    throw error
  }
}
