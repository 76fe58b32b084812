// Opens the real monitor feeds for a home. A part that cannot be opened is left unconnected (its
// pane says so) and reported, rather than stopping the TUI.
import { sanitizeErrorMessage } from "../domain/errors.ts"
import { createC64Control } from "./c64-control.ts"
import { createC64Feed, openC64Reader, type C64Feed } from "./c64-feed.ts"
import { createValueFeed, type MonitorFeeds } from "./monitor-feeds.ts"
import { lastCheckpointTime } from "../recovery/checkpoint-store.ts"
import { createOsFeed, openOsReader, type OsFeed } from "./os-feed.ts"
import { openMemoryFeed } from "./memory-feed.ts"
import { openApprovalsFeed } from "./approvals-feed.ts"
import { openSyncFeed } from "./sync-feed.ts"

export interface OpenedFeeds {
  feeds: MonitorFeeds
  problems: string[]
  close(): Promise<void>
}

export async function openMonitorFeeds(home: string, env: NodeJS.ProcessEnv): Promise<OpenedFeeds> {
  const problems: string[] = []
  let c64: C64Feed | null = null
  let os: OsFeed | null = null
  try {
    c64 = createC64Feed(await openC64Reader(home, env))
  } catch (error) {
    problems.push(`C64 tasks: ${sanitizeErrorMessage(error)}`)
  }
  try {
    os = createOsFeed(await openOsReader(home))
  } catch (error) {
    problems.push(`Agent state: ${sanitizeErrorMessage(error)}`)
  }
  let memory: ReturnType<typeof openMemoryFeed> | null = null
  try {
    memory = openMemoryFeed(home)
  } catch (error) {
    problems.push(`Agent memory: ${sanitizeErrorMessage(error)}`)
  }
  let approvals: ReturnType<typeof openApprovalsFeed> | null = null
  try {
    approvals = openApprovalsFeed(home)
  } catch (error) {
    problems.push(`Permission requests: ${sanitizeErrorMessage(error)}`)
  }
  // Starting and stopping C64 reads from the pane; a runner it starts stops when the TUI quits.
  const c64Control = createC64Control({ home, env, onChange: () => void c64?.refresh() })
  const checkpoint = createCheckpointFeed(home)
  const sync = openSyncFeed(home)
  return {
    feeds: { c64, os, c64Control, memory, checkpoint, approvals, sync },
    problems,
    async close() {
      checkpoint.close()
      sync.close()
      await c64Control.close()
      await c64?.close()
      await os?.close()
      memory?.close()
      await approvals?.close()
    },
  }
}

/** The newest checkpoint's time, from the checkpoint names (one readdir every 2 s). */
function createCheckpointFeed(home: string) {
  const feed = createValueFeed<Date | null>(lastCheckpointTime(home))
  const timer = setInterval(() => {
    const latest = lastCheckpointTime(home)
    if (latest?.getTime() !== feed.get()?.getTime()) feed.set(latest)
  }, 2000)
  timer.unref?.()
  return { ...feed, close: () => clearInterval(timer) }
}
