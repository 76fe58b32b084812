// Keeps the UI store's copy of the permission requests in step with the approvals feed, and
// announces what changed: a new request (with the keys that answer it), and one that ended up in
// the agent's own terminal (timed out, or its hook gave up).
import type { ApprovalList, ApprovalView } from "../os/approval-actions.ts"
import type { Feed, MonitorFeeds } from "./monitor-feeds.ts"
import type { Toaster } from "./toaster.ts"
import type { UiStore } from "./ui-store.ts"

export interface ApprovalToast {
  kind: "agent" | "info"
  message: string
}

const what = (view: ApprovalView) => `${view.tool}: ${view.summary}`

/** The toasts going from `previous` to `next` calls for. */
export function approvalToasts(previous: ApprovalList, next: ApprovalList): ApprovalToast[] {
  const before = new Set(previous.pending.map((v) => v.id))
  const toasts: ApprovalToast[] = []
  for (const view of next.pending) {
    if (!before.has(view.id)) toasts.push({ kind: "agent", message: `${view.agent === "codex" ? "Codex" : "Claude Code"} asks to run ${what(view)} — y allow · n deny · a always` })
  }
  for (const view of next.answered) {
    if (before.has(view.id) && (view.status === "terminal" || view.status === "expired")) toasts.push({ kind: "info", message: `${what(view)} — answered in the terminal` })
  }
  return toasts
}

/** Follow `feeds().approvals` (set once opened) into `ui.approvals`, with toasts; returns the stop function. */
export function watchApprovals(feeds: Feed<MonitorFeeds>, ui: UiStore, toaster: Pick<Toaster, "show">): () => void {
  let feed: MonitorFeeds["approvals"] = null
  let stopFeed = () => {}
  const follow = () => {
    const approvals = feeds.get().approvals ?? null
    if (approvals === feed) return
    stopFeed()
    feed = approvals
    if (!approvals) return
    const take = (announce: boolean) => {
      const next = approvals.get()
      if (announce) for (const toast of approvalToasts(ui.getState().approvals, next)) toaster.show(toast.kind, toast.message)
      ui.getState().set({ approvals: next })
    }
    take(true)
    stopFeed = approvals.subscribe(() => take(true))
  }
  follow()
  const stopFeeds = feeds.subscribe(follow)
  return () => {
    stopFeeds()
    stopFeed()
  }
}
