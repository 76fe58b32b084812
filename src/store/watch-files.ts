// Notice when other processes replace files in a folder. tsk's writes are atomic renames, so the
// folder is watched (the file's own inode is replaced on every write) and events are filtered by
// name and debounced. This uses fs.watch directly: chokidar missed most renames over tasks.json
// here (it followed the old inode after the backup hard link), and a folder watch needs nothing
// chokidar adds.
import { watch, type FSWatcher } from "node:fs"
import { basename, dirname, join } from "node:path"
import { ensureDirSync } from "./durable-file.ts"

export interface WatchOptions {
  debounceMs?: number
}

/** Call `onChange` (debounced) with the paths of `files` (all in one folder) that were written. */
export function watchFiles(files: string[], onChange: (changed: Set<string>) => void, options: WatchOptions = {}): () => Promise<void> {
  const dir = dirname(files[0]!)
  ensureDirSync(dir)
  const names = new Set(files.map((f) => basename(f)))
  const debounceMs = options.debounceMs ?? 30
  let timer: ReturnType<typeof setTimeout> | undefined
  let pending = new Set<string>()
  let watcher: FSWatcher | null = null
  try {
    watcher = watch(dir, (_event, name) => {
      if (!name || !names.has(String(name))) return
      pending.add(join(dir, String(name)))
      if (timer) clearTimeout(timer)
      timer = setTimeout(() => {
        const changed = pending
        pending = new Set()
        onChange(changed)
      }, debounceMs)
    })
    // A watcher error (the folder removed, too many watches) leaves the caller's poll as the guarantee.
    watcher.on("error", () => watcher?.close())
  } catch {
    watcher = null
  }
  return async () => {
    if (timer) clearTimeout(timer)
    watcher?.close()
  }
}

/**
 * Call `onChange` (debounced) whenever any file in `dir` is added, replaced or removed: for a
 * folder whose every file matters (an inbox that agents rename commands into).
 */
export function watchFolder(dir: string, onChange: () => void, options: WatchOptions = {}): () => Promise<void> {
  ensureDirSync(dir)
  const debounceMs = options.debounceMs ?? 30
  let timer: ReturnType<typeof setTimeout> | undefined
  let watcher: FSWatcher | null = null
  try {
    watcher = watch(dir, () => {
      if (timer) clearTimeout(timer)
      timer = setTimeout(onChange, debounceMs)
    })
    watcher.on("error", () => watcher?.close())
  } catch {
    watcher = null
  }
  return async () => {
    if (timer) clearTimeout(timer)
    watcher?.close()
  }
}
