// The top line's segments: name, view tabs, permission requests waiting, conflicts, agent
// indicator, sync state, running timer, clock. Header draws them; so does the first screen
// (first-screen.ts), before OpenTUI loads.
import { formatClock } from "../src/domain/duration.ts"
import type { Task } from "../src/domain/task.ts"
import { runningTimer } from "../src/tui/running-timer.ts"
import type { SyncBadge } from "../src/tui/sync-feed.ts"
import { VIEWS, type ViewName } from "../src/tui/ui-store.ts"
import type { Segment } from "./line.tsx"
import { fitText, textWidth } from "./text-fit.ts"
import { TextAttributes } from "./theme/text-attributes.ts"
import type { Theme } from "./theme/theme-tokens.ts"

/** `⇅ 12:04 ↑1 ↓2`: the last sync's time (or what is happening) and commits apart. Open conflicts,
 *  a sync's among them, show once, in the `⚠ N conflicts` badge beside it. */
export function syncText(badge: SyncBadge, now: Date): string {
  const two = (n: number) => String(n).padStart(2, "0")
  const at = badge.lastSyncAt ? new Date(badge.lastSyncAt) : null
  const when = badge.syncing ? "syncing…" : badge.failed ? "failed" : !at ? "never" : at.toDateString() === now.toDateString() ? `${two(at.getHours())}:${two(at.getMinutes())}` : `${at.getMonth() + 1}/${at.getDate()}`
  const apart = `${badge.ahead > 0 ? ` ↑${badge.ahead}` : ""}${badge.behind > 0 ? ` ↓${badge.behind}` : ""}`
  return `⇅ ${when}${apart} `
}

const TAB_TITLES: Record<ViewName, string> = { list: "List", board: "Board", calendar: "Calendar", monitor: "Monitor" }

export interface HeaderState {
  width: number
  view: ViewName
  tasks: readonly Task[]
  /** Permission requests waiting for an answer. */
  asking: number
  /** Merge conflicts waiting to be looked at. */
  conflicts: number
  /** A bridge runs in this or another process. */
  agentRunning: boolean
  /** The sync badge, when a remote is set and its state is known. */
  sync: SyncBadge | null
  now: Date
  theme: Theme
}

export interface HeaderLine {
  segments: Segment[]
  /** The view tabs' segments, in order (a click picks one by its column). */
  tabs: Segment[]
}

export function headerLine(state: HeaderState): HeaderLine {
  const { theme, now } = state
  const sync = state.sync ? syncText(state.sync, now) : ""
  const running = runningTimer(state.tasks)
  const clock = `${String(now.getHours()).padStart(2, "0")}:${String(now.getMinutes()).padStart(2, "0")}`
  // Tabs take 45 columns; the timer's title gets what is left after the indicator and the clock.
  const askText = state.asking > 0 ? `⚑ ${state.asking} to approve ` : ""
  const titleRoom = Math.min(24, state.width - 45 - (state.agentRunning ? 9 : 0) - textWidth(askText) - textWidth(sync) - 6 - 12)
  const elapsed = running ? `⏱ ${formatClock(now.getTime() - Date.parse(running.start))}` : ""
  const timer = running && titleRoom >= 4 ? `${elapsed} ${fitText(running.task.title, titleRoom)}` : elapsed
  const tabs: Segment[] = VIEWS.map((name, i) => ({
    text: ` ${i + 1} ${TAB_TITLES[name]} `,
    fg: name === state.view ? theme.text : theme.textMuted,
    attributes: name === state.view ? TextAttributes.BOLD | TextAttributes.UNDERLINE : 0,
  }))
  const left: Segment[] = [{ text: " tsk ", fg: theme.accent, attributes: TextAttributes.BOLD }, ...tabs]
  const conflicts = state.conflicts
  const right: Segment[] = [
    ...(askText ? [{ text: askText, fg: theme.warning, attributes: TextAttributes.BOLD }] : []),
    ...(conflicts > 0 ? [{ text: `⚠ ${conflicts} conflict${conflicts === 1 ? "" : "s"} (C) `, fg: theme.warning, attributes: TextAttributes.BOLD }] : []),
    ...(state.agentRunning ? [{ text: "⚡ Agent ", fg: theme.agent, attributes: TextAttributes.BOLD }] : []),
    ...(sync ? [{ text: sync, fg: state.sync?.failed ? theme.error : theme.textMuted }] : []),
    ...(timer ? [{ text: `${timer} `, fg: theme.warning }] : []),
    { text: `${clock} `, fg: theme.textMuted },
  ]
  const used = [...left, ...right].reduce((sum, segment) => sum + textWidth(segment.text), 0)
  return { segments: [...left, { text: " ".repeat(Math.max(0, state.width - used)) }, ...right], tabs }
}
