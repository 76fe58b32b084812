// Top line: name, view tabs, permission requests waiting, agent indicator, sync state, running timer, clock.
import { TextAttributes } from "@opentui/core"
import { formatClock } from "../src/domain/duration.ts"
import { runningTimer } from "../src/tui/running-timer.ts"
import { currentConflicts } from "../src/tui/conflicts-feed.ts"
import { VIEWS, type ViewName } from "../src/tui/ui-store.ts"
import { useServices, useTheme } from "./app-context.tsx"
import { useAppState, useUiState } from "./hooks/use-stores.ts"
import { useNow } from "./hooks/use-now.ts"
import { Line, type Segment } from "./line.tsx"
import { fitText, textWidth } from "./text-fit.ts"
import { useFeed } from "./hooks/use-feed.ts"
import { useMonitorFeeds } from "./hooks/use-monitor-feeds.ts"
import type { SyncBadge } from "../src/tui/sync-feed.ts"

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

export interface HeaderProps {
  width: number
  /** A bridge runs in this or another process. */
  agentRunning: boolean
}

export function Header(props: HeaderProps) {
  const theme = useTheme()
  const { controller } = useServices()
  const view = useUiState((s) => s.view)
  const tasks = useAppState((s) => s.tasks)
  const asking = useUiState((s) => s.approvals.pending.length)
  const now = useNow(1000)
  const syncFeed = useMonitorFeeds().sync ?? null
  const badge = useFeed<SyncBadge | null>(syncFeed, null)
  const syncing = useAppState((s) => s.config.sync.remote !== null)
  const sync = syncing && badge ? syncText(badge, now) : ""
  const home = useAppState((s) => s.home)
  // Merge conflicts waiting to be looked at (C lists them): asked each second, for a stat.
  const conflicts = currentConflicts(home).length
  const running = runningTimer(tasks)
  const clock = `${String(now.getHours()).padStart(2, "0")}:${String(now.getMinutes()).padStart(2, "0")}`
  // Tabs take 45 columns; the timer's title gets what is left after the indicator and the clock.
  const askText = asking > 0 ? `⚑ ${asking} to approve ` : ""
  const titleRoom = Math.min(24, props.width - 45 - (props.agentRunning ? 9 : 0) - textWidth(askText) - textWidth(sync) - 6 - 12)
  const elapsed = running ? `⏱ ${formatClock(now.getTime() - Date.parse(running.start))}` : ""
  const timer = running && titleRoom >= 4 ? `${elapsed} ${fitText(running.task.title, titleRoom)}` : elapsed
  // One text of coloured chunks, not a text per piece: each text OpenTUI creates costs ~0.5 ms
  // of the first frame. A click picks the tab by its column.
  const tabs: Segment[] = VIEWS.map((name, i) => ({
    text: ` ${i + 1} ${TAB_TITLES[name]} `,
    fg: name === view ? theme.text : theme.textMuted,
    attributes: name === view ? TextAttributes.BOLD | TextAttributes.UNDERLINE : 0,
  }))
  const left: Segment[] = [{ text: " tsk ", fg: theme.accent, attributes: TextAttributes.BOLD }, ...tabs]
  const right: Segment[] = [
    ...(askText ? [{ text: askText, fg: theme.warning, attributes: TextAttributes.BOLD }] : []),
    ...(conflicts > 0 ? [{ text: `⚠ ${conflicts} conflict${conflicts === 1 ? "" : "s"} (C) `, fg: theme.warning, attributes: TextAttributes.BOLD }] : []),
    ...(props.agentRunning ? [{ text: "⚡ Agent ", fg: theme.agent, attributes: TextAttributes.BOLD }] : []),
    ...(sync ? [{ text: sync, fg: badge?.failed ? theme.error : theme.textMuted }] : []),
    ...(timer ? [{ text: `${timer} `, fg: theme.warning }] : []),
    { text: `${clock} `, fg: theme.textMuted },
  ]
  const used = [...left, ...right].reduce((sum, segment) => sum + textWidth(segment.text), 0)
  const segments = [...left, { text: " ".repeat(Math.max(0, props.width - used)) }, ...right]
  const showTabAt = (column: number) => {
    let start = textWidth(left[0]!.text)
    for (const [i, tab] of tabs.entries()) {
      const end = start + textWidth(tab.text)
      if (column >= start && column < end) controller.mouse.showView(VIEWS[i]!)
      start = end
    }
  }
  return <Line segments={segments} width={props.width} fg={theme.text} bg={theme.panel} onClick={showTabAt} />
}
