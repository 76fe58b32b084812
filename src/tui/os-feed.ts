// Feeds the phase/state panel and the compact strip from the agent operating state (TSK_HOME/os
// or config os.root): refreshed when its files change (watchOsState) and once a second.
import type { OsStatus } from "../os/engine-status.ts"
import { createValueFeed, type Feed, type OsPanelStatus } from "./monitor-feeds.ts"

export const OS_REFRESH_MS = 1000
export const OS_LOG_LINES = 12

export interface OsReader {
  status(options: { logLines: number }): Promise<OsStatus>
  /** Call `onChange` when the state's files change; returns the stop function. */
  watch(onChange: () => void): () => Promise<void>
}

export function toOsPanelStatus(status: OsStatus): OsPanelStatus {
  const task = status.currentTask
  return {
    phase: status.phase,
    state: status.state,
    plan: status.plan ? `${status.plan.id} ${status.plan.done}/${status.plan.total} · ${status.plan.goal}` : null,
    task: task ? `${task.id} ${task.title}` : null,
    retries: task ? (status.retries[task.id] ?? task.retries) : Object.values(status.retries).reduce((sum, n) => sum + n, 0),
    activeIssues: status.activeIssues.map((issue) => ({ id: issue.id, title: issue.message })),
    lastError: status.lastError ?? (status.problems.length > 0 ? status.problems.join("; ") : null),
    log: status.log.map((line) => ({ level: line.L, msg: line.msg })),
  }
}

export interface OsFeed extends Feed<OsPanelStatus | null> {
  refresh(): Promise<void>
  close(): Promise<void>
}

export function createOsFeed(reader: OsReader, refreshMs = OS_REFRESH_MS): OsFeed {
  const feed = createValueFeed<OsPanelStatus | null>(null)
  let last = "null"
  let refreshing: Promise<void> | null = null
  const refresh = () =>
    (refreshing ??= (async () => {
      try {
        const next = toOsPanelStatus(await reader.status({ logLines: OS_LOG_LINES }))
        const text = JSON.stringify(next)
        if (text !== last) {
          last = text
          feed.set(next)
        }
      } catch {
        // A state that cannot be read yet (no session) keeps what was shown; `tsk os check` explains.
      } finally {
        refreshing = null
      }
    })())
  let closed = false
  let stopWatch: () => Promise<void> = async () => {}
  // The first status lays out the state's folder, which the watcher then watches.
  void refresh().then(() => {
    if (!closed) stopWatch = reader.watch(() => void refresh())
  })
  const timer = setInterval(() => void refresh(), refreshMs)
  return {
    get: feed.get,
    subscribe: feed.subscribe,
    refresh,
    async close() {
      closed = true
      clearInterval(timer)
      await refreshing
      await stopWatch()
    },
  }
}

/** The agent operating state of `home`, read through the os engine. */
export async function openOsReader(home: string): Promise<OsReader> {
  const [{ createOsEngine }, { resolveOsSettings }, { watchOsState }] = await Promise.all([import("../os/engine.ts"), import("../os/os-settings.ts"), import("../os/watch.ts")])
  const engine = createOsEngine(resolveOsSettings(home))
  return {
    status: (options) => engine.status(options),
    watch(onChange) {
      const watcher = watchOsState(engine.root, () => onChange())
      return () => watcher.close()
    },
  }
}
