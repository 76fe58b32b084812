// ICU (the engine's Unicode and time zone library) loads its data once per process, on the first
// question that needs it, whichever thread asks: the local time zone (~8 ms: the first frame shows
// the clock and today's date), the grapheme segmenter OpenTUI makes when it loads (~2.5 ms) and the
// collator of localeCompare (~1 ms). A launch is bound to its one JavaScript thread, so these are
// asked first on a short-lived worker thread, on the machine's other core, while that thread loads
// OpenTUI; the questions the first frame then asks find the data loaded. Only a warm-up: where the
// worker cannot start, or has not finished, the first question loads the data as it always did.

/** What the worker asks, which loads the data the TUI's first frame needs. */
export const ICU_QUESTIONS = "new Date().getHours(); new Intl.Segmenter(); 'a'.localeCompare('b');"

/** What starts the worker (a test passes its own). */
export type StartWorker = (url: string) => { unref?(): void }

const startBunWorker: StartWorker = (url) => new Worker(url)

const STARTED = Symbol.for("tsk.icu.warm-up")

/**
 * Starts the warm-up and returns at once. The real one starts once per process: `tsk` starts it
 * before it reads the list for its first screen (cli-main.ts), the TUI's start again (the demo).
 */
export function warmIcuOnWorker(startWorker: StartWorker = startBunWorker): void {
  const process = globalThis as { [STARTED]?: true }
  if (startWorker === startBunWorker) {
    if (process[STARTED]) return
    process[STARTED] = true
  }
  try {
    // A data: URL needs no file beside the bundle. The worker ends once it has asked (nothing is
    // left for it to do); unref: it never holds the process open.
    startWorker(`data:text/javascript,${encodeURIComponent(ICU_QUESTIONS)}`).unref?.()
  } catch {
    // No worker threads here: the first frame loads the data itself.
  }
}
