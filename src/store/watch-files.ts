// Watch files that other processes replace (atomic renames), debounced. Watches the folder so a
// rename over the file is seen whatever the inode; temp files and locks are ignored.
import { basename, dirname } from "node:path"
import { ensureDirSync } from "./durable-file.ts"

export interface WatchOptions {
  debounceMs?: number
}

/** Call `onChange` (debounced) when any of `files` (all in one folder) is written. */
export function watchFiles(files: string[], onChange: (changed: Set<string>) => void, options: WatchOptions = {}): () => Promise<void> {
  const dir = dirname(files[0]!)
  ensureDirSync(dir)
  const names = new Set(files.map((f) => basename(f)))
  const debounceMs = options.debounceMs ?? 40
  let timer: ReturnType<typeof setTimeout> | undefined
  let pending = new Set<string>()
  // chokidar is loaded on first use: CLI commands never watch and should not pay for it.
  const watcherReady = import("chokidar").then(({ watch }) =>
    watch(dir, { depth: 0, ignoreInitial: true, ignored: (path) => path !== dir && !names.has(basename(path)) }),
  )
  const fire = (path: string) => {
    pending.add(path)
    if (timer) clearTimeout(timer)
    timer = setTimeout(() => {
      const changed = pending
      pending = new Set()
      onChange(changed)
    }, debounceMs)
  }
  void watcherReady.then((watcher) => watcher.on("add", fire).on("change", fire).on("unlink", fire))
  return async () => {
    if (timer) clearTimeout(timer)
    await (await watcherReady).close()
  }
}
