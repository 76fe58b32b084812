// The TUI's first frame waits for tasks.json, and its one JavaScript thread first spends ~50 ms
// loading modules (React, OpenTUI). So the TUI starts the read before it loads them, and its
// store's first read takes what was read ahead:
// - a file with its validation stamp: the file's text, read on Bun's file threads meanwhile;
// - a file without it (another program wrote it: an editor, a script, a restore, a sync): its
//   check (canonical-tasks-read.ts, ~20 ms of the JavaScript thread at 10,000 tasks) on a
//   worker thread (tasks-check-thread.ts), on the machine's other core, which stamps the file
//   when it passes; the read, which waits for the worker, then trusts the stamp as it trusts one
//   any command wrote.
// Nothing is trusted that a read would not trust: the text read ahead was read after its identity
// was taken, and readState compares the identity after it as for any read (a change in between
// reads again); the worker stamps only an identity the path still held after its check. A file
// that fails the check is left unstamped, and the read validates it with the schema as always.
import { readRegularFileIdentity } from "./file-identity.ts"
import { homePaths } from "./paths.ts"
import { readValidatedStamp } from "./validated-stamp.ts"

/** The worker's code, bundled by build-dist.ts; undefined when the sources run. */
declare const __TASKS_CHECK_THREAD__: string | undefined

/** A worker that has not answered by then is not waited for: the read validates on its own. */
const MAX_WAIT_MS = 5000

/** What a read ahead of a stamped file hands the store's first read (see readState). */
export interface ReadAhead {
  /** The file's identity, taken before the text was read. */
  before: string
  /** The identity the stamp names (here: `before`). */
  stamp: string
  text: Promise<string>
}

const KEY = Symbol.for("tsk.tasks.read-ahead")
/** Shared by every bundle's copy of this module (cli.js starts the read, tui.js's store takes it). */
const pending = ((globalThis as { [KEY]?: Map<string, Promise<ReadAhead | null>> })[KEY] ??= new Map())

/** What starts a worker from its code or its file (a test passes its own). */
export type StartCheckWorker = (url: string) => Worker

const threadUrl = (): string =>
  typeof __TASKS_CHECK_THREAD__ === "string"
    ? `data:text/javascript,${encodeURIComponent(__TASKS_CHECK_THREAD__)}`
    : new URL("./tasks-check-thread.ts", import.meta.url).href

/**
 * Starts reading (or checking) the home's tasks.json ahead of the store's first read, and returns
 * at once; the promise settles when the read or the check is done (nobody needs to wait for it).
 */
export function readTasksAhead(home: string, startWorker: StartCheckWorker = (url) => new Worker(url)): Promise<unknown> {
  const file = homePaths(home).tasks
  const started = pending.get(file) ?? readAhead(file, startWorker)
  pending.set(file, started)
  return started
}

async function readAhead(file: string, startWorker: StartCheckWorker): Promise<ReadAhead | null> {
  const [before, stamp] = await Promise.all([readRegularFileIdentity(file).catch(() => null), readValidatedStamp(file)])
  if (before === null) return null
  if (stamp === before) {
    const text = Bun.file(file).text()
    // Failures surface (or not) where the text is awaited; never as an unhandled rejection here.
    text.catch(() => {})
    return { before, stamp, text }
  }
  await checkOnWorker(file, startWorker)
  return null
}

async function checkOnWorker(file: string, startWorker: StartCheckWorker): Promise<void> {
  let worker: Worker
  try {
    worker = startWorker(threadUrl())
  } catch {
    return
  }
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer)
      worker.terminate()
      resolve()
    }
    const timer = setTimeout(done, MAX_WAIT_MS)
    worker.onmessage = done
    worker.onerror = done
    worker.addEventListener("close", done)
    worker.unref()
    worker.postMessage(file)
  })
}

/**
 * The read ahead of `file`, if one was started: waits for it (for a worker's check), and hands it
 * out once (null for a check, which leaves only the stamp). Later reads find nothing.
 */
export async function takeReadAhead(file: string): Promise<ReadAhead | null> {
  const ahead = pending.get(file)
  if (!ahead) return null
  pending.delete(file)
  return ahead
}

