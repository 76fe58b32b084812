// Keeps the TUI's view of tasks.json and config.json current when other processes change them.
// The store's watch() is the fast path; this cheap check every 200 ms is the guarantee (a file
// watcher can miss an atomic rename): it reloads when the revision at the head of tasks.json
// differs from the store's, or when config.json's identity changed. The check reads 128 bytes,
// so it costs nothing with 10,000 tasks, and the TUI's own writes (same revision) never reload.
import { closeSync, openSync, readSync, statSync } from "node:fs"
import type { AppStore } from "../store/app-store.ts"
import { homePaths } from "../store/paths.ts"

export const LIVE_CHECK_MS = 200

/** The revision written at the start of a tasks.json, or null when absent or unreadable. */
export function headRevision(path: string): number | null {
  let fd: number
  try {
    fd = openSync(path, "r")
  } catch {
    return null
  }
  try {
    const buffer = Buffer.alloc(128)
    const read = readSync(fd, buffer, 0, buffer.length, 0)
    const match = /"revision"\s*:\s*(\d+)/.exec(buffer.subarray(0, read).toString("utf8"))
    return match ? Number(match[1]) : null
  } finally {
    closeSync(fd)
  }
}

function identity(path: string): string {
  try {
    const s = statSync(path)
    return `${s.ino}:${s.size}:${s.mtimeMs}`
  } catch {
    return "missing"
  }
}

export interface LiveReloadOptions {
  intervalMs?: number
  /** Also use the store's file watcher (default true). */
  watch?: boolean
}

export function startLiveReload(store: AppStore, options: LiveReloadOptions = {}): () => Promise<void> {
  const paths = homePaths(store.getState().home)
  const stopWatch = options.watch === false ? async () => {} : store.getState().watch()
  let tasksSeen = identity(paths.tasks)
  let configSeen = identity(paths.config)
  let reloading = false
  const check = async () => {
    if (reloading) return
    const state = store.getState()
    const tasksNow = identity(paths.tasks)
    const configNow = identity(paths.config)
    if (tasksNow === tasksSeen && configNow === configSeen) return
    const revision = headRevision(paths.tasks)
    const tasksChanged = tasksNow !== tasksSeen && (revision === null || revision !== state.revision || state.loadError !== null)
    tasksSeen = tasksNow
    if (!tasksChanged && configNow === configSeen) return
    configSeen = configNow
    reloading = true
    try {
      await state.reload()
    } finally {
      reloading = false
    }
  }
  const timer = setInterval(() => void check(), options.intervalMs ?? LIVE_CHECK_MS)
  return async () => {
    clearInterval(timer)
    await stopWatch()
  }
}
