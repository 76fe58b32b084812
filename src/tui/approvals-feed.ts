// The TUI's side of permission requests: it says it is watching (a heartbeat file, so hooks wait
// for an answer), follows approvals/requests and approvals/decisions (a folder watch, and a
// 1-second refresh for requests that expire) and answers through the same actions as the CLI.
import { beatWatcher, decisionsDir, ensureApprovalDirs, pruneApprovals, removeWatcher, requestsDir, WATCHER_BEAT_MS } from "../os/approval-files.ts"
import { listApprovals, type ApprovalList } from "../os/approval-actions.ts"
import { watchFolder } from "../store/watch-files.ts"
import { createValueFeed, type Feed } from "./monitor-feeds.ts"

export interface ApprovalsFeed extends Feed<ApprovalList> {
  home: string
  /** Read the folders again now (after this TUI answered). */
  refresh(): void
}

export const EMPTY_APPROVALS: ApprovalList = { pending: [], answered: [], rules: [] }
const REFRESH_MS = 1000

export function openApprovalsFeed(home: string, options: { refreshMs?: number; pid?: number } = {}): ApprovalsFeed & { close(): Promise<void> } {
  ensureApprovalDirs(home)
  pruneApprovals(home, Date.now())
  beatWatcher(home, options.pid)
  const feed = createValueFeed<ApprovalList>(listApprovals(home, { recent: 5 }))
  let last = JSON.stringify(feed.get())
  const refresh = () => {
    const list = listApprovals(home, { recent: 5 })
    const text = JSON.stringify(list)
    if (text === last) return
    last = text
    feed.set(list)
  }
  const stopRequests = watchFolder(requestsDir(home), refresh, { debounceMs: 10 })
  const stopDecisions = watchFolder(decisionsDir(home), refresh, { debounceMs: 10 })
  const timer = setInterval(refresh, options.refreshMs ?? REFRESH_MS)
  const beat = setInterval(() => {
    try {
      beatWatcher(home, options.pid)
    } catch {
      // A full disk: hooks stop waiting for this TUI and ask in their terminals, as without tsk.
    }
  }, WATCHER_BEAT_MS)
  timer.unref?.()
  beat.unref?.()
  return {
    home,
    get: feed.get,
    subscribe: feed.subscribe,
    refresh,
    async close() {
      clearInterval(timer)
      clearInterval(beat)
      removeWatcher(home, options.pid)
      await stopRequests()
      await stopDecisions()
    },
  }
}
