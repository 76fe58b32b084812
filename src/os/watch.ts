// Live updates for the phase/state panel: watch the agent operating state's folder (any process's
// change) and call back once per burst of writes. Temp files of atomic writes and lock folders are
// ignored; only `.json` / `.jsonl` files count.
import { watch } from "chokidar"
import { basename } from "node:path"

export interface OsStateWatcher {
  /** Resolves once the initial scan is done and changes are being reported. */
  ready: Promise<void>
  close(): Promise<void>
}

const DEBOUNCE_MS = 50
const RELEVANT = /\.(json|jsonl)$/
const IGNORED = (path: string) => /\.lock(\/|$)/.test(path) || /\.(tmp-|corrupt-|duplicate-)/.test(basename(path)) || /\.json\.\d+$/.test(path)

/** Call `onChange(changedFiles)` within ~50 ms of the last write in a burst. */
export function watchOsState(root: string, onChange: (files: string[]) => void): OsStateWatcher {
  const watcher = watch(root, {
    ignoreInitial: true,
    ignored: (path, stats) => IGNORED(path) || (stats?.isFile() === true && !RELEVANT.test(path)),
  })
  let timer: ReturnType<typeof setTimeout> | null = null
  let pending = new Set<string>()
  const fire = () => {
    timer = null
    const files = [...pending]
    pending = new Set()
    onChange(files)
  }
  const schedule = (path: string) => {
    if (!RELEVANT.test(path) || IGNORED(path)) return
    pending.add(path)
    if (timer) clearTimeout(timer)
    timer = setTimeout(fire, DEBOUNCE_MS)
  }
  watcher.on("add", schedule).on("change", schedule).on("unlink", schedule)
  const ready = new Promise<void>((resolveReady) => watcher.once("ready", () => resolveReady()))
  return {
    ready,
    async close() {
      if (timer) clearTimeout(timer)
      timer = null
      await watcher.close()
    },
  }
}
