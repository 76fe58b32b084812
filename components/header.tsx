// Top line: name, view tabs, permission requests waiting, agent indicator, sync state, running
// timer, clock (its segments: header-line.ts).
import { currentConflicts } from "../src/tui/conflicts-feed.ts"
import type { SyncBadge } from "../src/tui/sync-feed.ts"
import { VIEWS } from "../src/tui/ui-store.ts"
import { useServices, useTheme } from "./app-context.tsx"
import { useAppState, useUiState } from "./hooks/use-stores.ts"
import { useNow } from "./hooks/use-now.ts"
import { Line } from "./line.tsx"
import { textWidth } from "./text-fit.ts"
import { useFeed } from "./hooks/use-feed.ts"
import { useMonitorFeeds } from "./hooks/use-monitor-feeds.ts"
import { headerLine } from "./header-line.ts"

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
  const home = useAppState((s) => s.home)
  // Merge conflicts waiting to be looked at (C lists them): asked each second, for a stat.
  const conflicts = currentConflicts(home).length
  // One text of coloured chunks, not a text per piece: each text OpenTUI creates costs ~0.5 ms
  // of the first frame. A click picks the tab by its column.
  const { segments, tabs } = headerLine({ width: props.width, view, tasks, asking, conflicts, agentRunning: props.agentRunning, sync: syncing ? badge : null, now, theme })
  const showTabAt = (column: number) => {
    let start = textWidth(segments[0]!.text)
    for (const [i, tab] of tabs.entries()) {
      const end = start + textWidth(tab.text)
      if (column >= start && column < end) controller.mouse.showView(VIEWS[i]!)
      start = end
    }
  }
  return <Line segments={segments} width={props.width} fg={theme.text} bg={theme.panel} onClick={showTabAt} />
}
