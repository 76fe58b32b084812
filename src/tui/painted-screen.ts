// The first screen `tsk` drew before the app loaded (src/cli/first-paint.ts): the list it read for
// it, which the app's store takes as its first load, and the terminal it left in the alternate
// screen until the app's renderer takes it over.
import type { FirstRead } from "../store/app-store.ts"

export interface PaintedScreen {
  /** The list as checked for the app's first load; none when the check came after the screen and failed (the app reads it and says why). */
  firstRead: FirstRead | undefined
  /**
   * Just before the app's renderer starts: the terminal's input mode as the shell gave it (keys
   * were handed over as typed meanwhile), so the renderer's raw mode starts from it and returns
   * to it on quit.
   */
  beforeRenderer(): void
  /**
   * The app's renderer has the terminal now: the screen is written once more, as switching to the
   * alternate screen again clears it in some terminals (xterm), and the app's first frame draws
   * over it. restore() does nothing from here on.
   */
  handOver(): void
  /** Back to the screen the shell had, cursor shown: for a start that fails before handOver(). */
  restore(): void
}
