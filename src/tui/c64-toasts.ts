// Toasts for C64 tasks, whichever process runs them: one when a task completes, an error toast
// when one fails. The tasks the feed first loads (at start-up) are shown, not announced; a task
// that appears later already finished (it ended between two refreshes) is announced.
import type { C64TaskSummary, Feed, MonitorFeeds } from "./monitor-feeds.ts"
import type { Toaster } from "./toaster.ts"

export interface C64Toast {
  kind: "success" | "error"
  message: string
}

/** `0003_pattern read`; just the id when it already names the operation (`0004_extract_sprites_from_ram`). */
function taskName(task: C64TaskSummary): string {
  return task.id.endsWith(task.operation) ? task.id : `${task.id} ${task.operation}`
}

function iterationsText(task: C64TaskSummary): string {
  if (task.type !== "background") return ""
  return task.maxIterations !== null ? ` (${task.iterations}/${task.maxIterations})` : ` after ${task.iterations} iterations`
}

/** The toasts the change from `previous` (statuses by id) to `next` calls for. */
export function c64Toasts(previous: ReadonlyMap<string, C64TaskSummary["status"]>, next: readonly C64TaskSummary[]): C64Toast[] {
  const toasts: C64Toast[] = []
  for (const task of next) {
    if (previous.get(task.id) === task.status) continue
    if (task.status === "completed") toasts.push({ kind: "success", message: `C64 ${taskName(task)} completed${iterationsText(task)}` })
    if (task.status === "error") toasts.push({ kind: "error", message: `C64 ${taskName(task)} failed: ${task.lastError ?? "no error recorded"}` })
  }
  return toasts
}

const statusesOf = (tasks: readonly C64TaskSummary[]) => new Map(tasks.map((t) => [t.id, t.status]))

/** Show `c64Toasts` for every change of the C64 feed (which is set once opened); returns the stop function. */
export function watchC64Toasts(feeds: Feed<MonitorFeeds>, toaster: Pick<Toaster, "show">): () => void {
  let feed: MonitorFeeds["c64"] = null
  let stopFeed = () => {}
  const follow = () => {
    const c64 = feeds.get().c64
    if (c64 === feed) return
    stopFeed()
    feed = c64
    // A feed that has not loaded yet is empty; its first announced value is the start-up state.
    const initial = c64?.get() ?? []
    let previous: Map<string, C64TaskSummary["status"]> | null = initial.length > 0 ? statusesOf(initial) : null
    stopFeed = c64
      ? c64.subscribe(() => {
          const next = c64.get()
          if (previous) for (const toast of c64Toasts(previous, next)) toaster.show(toast.kind, toast.message)
          previous = statusesOf(next)
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
