// Toasts from the agent operating state, whichever process changed it: one on every phase change
// ("Agent: phase C — CONSTRUCT t2"), and an error toast with the last error when the state becomes
// blocked (BLK_*) or ERROR. The first status seen (at start-up) is shown, not announced.
import type { Feed, MonitorFeeds } from "./monitor-feeds.ts"
import { isBlockedState, OS_PHASE_NAMES, type OsPanelStatus } from "./os-panel-status.ts"
import type { Toaster } from "./toaster.ts"

/** Bridge commands whose whole effect is a phase change: their own toast would repeat this one. */
export const PHASE_TOAST_COMMANDS: ReadonlySet<string> = new Set(["os-analyze", "os-plan", "os-next", "os-complete"])

export interface OsToast {
  kind: "agent" | "error"
  message: string
}

/** What the new phase is about: its plan, task, retry or result. */
function phaseDetail(status: OsPanelStatus): string {
  const { plan, task } = status
  switch (status.phase) {
    case "A":
      return ""
    case "B":
      return plan ? ` ${plan.id} (${plan.total} task${plan.total === 1 ? "" : "s"})` : ""
    case "C":
      if (task) return ` ${task.id}${status.retries ? ` (retry ${status.retries}/${status.maxRetries})` : ""}`
      return plan ? ` (${plan.done}/${plan.total} done)` : ""
    case "V":
      return task ? ` ${task.id}${task.artifact ? ` → ${task.artifact}` : ""}` : ""
    case "I":
      return plan && plan.done === plan.total ? `, plan ${plan.id} done (${plan.done}/${plan.total})` : ""
  }
}

/** The toasts a change from `previous` to `next` calls for. */
export function osToasts(previous: OsPanelStatus | null, next: OsPanelStatus | null): OsToast[] {
  if (!previous || !next) return []
  const toasts: OsToast[] = []
  if (next.phase !== previous.phase) toasts.push({ kind: "agent", message: `Agent: phase ${next.phase} — ${OS_PHASE_NAMES[next.phase]}${phaseDetail(next)}` })
  if (next.state !== previous.state && isBlockedState(next.state)) {
    const cause = next.lastError ?? "no error recorded"
    toasts.push({ kind: "error", message: next.state === "ERROR" ? `Agent error: ${cause}` : `Agent blocked (${next.state}): ${cause}` })
  }
  return toasts
}

/** Show `osToasts` for every change of the os feed (which is set once opened); returns the stop function. */
export function watchOsToasts(feeds: Feed<MonitorFeeds>, toaster: Pick<Toaster, "show">): () => void {
  let feed: MonitorFeeds["os"] = null
  let previous: OsPanelStatus | null = null
  let stopFeed = () => {}
  const follow = () => {
    const os = feeds.get().os
    if (os === feed) return
    stopFeed()
    feed = os
    previous = os?.get() ?? null
    stopFeed = os
      ? os.subscribe(() => {
          const next = os.get()
          for (const toast of osToasts(previous, next)) toaster.show(toast.kind, toast.message)
          previous = next
        })
      : () => {}
  }
  follow()
  const stopFeeds = feeds.subscribe(follow)
  return () => {
    stopFeeds()
    stopFeed()
  }
}
