// Screen 1: the task tree beside the detail panel, with the compact agent strip underneath (per
// ui.agentStrip: auto shows it only with agent or C64 activity).
import { showAgentStrip } from "../../src/tui/agent-strip-mode.ts"
import { useServices } from "../app-context.tsx"
import { useMonitorFeeds } from "../hooks/use-monitor-feeds.ts"
import { useFeed } from "../hooks/use-feed.ts"
import { useAppState, useUiState, useVisibleRows } from "../hooks/use-stores.ts"
import { AgentStrip, AGENT_STRIP_HEIGHT, ApprovalStripLine } from "../monitor/agent-strip.tsx"
import { NO_C64, NO_OS } from "../monitor/feed-fallbacks.ts"
import { TaskDetailPane } from "./task-detail-pane.tsx"
import { TaskListPane } from "./task-list-pane.tsx"
import { listLayout } from "./list-lines.ts"

export function ListView(props: { width: number; height: number }) {
  const feeds = useMonitorFeeds()
  const pane = useUiState((s) => s.pane)
  const c64 = useFeed(feeds.c64, NO_C64)
  const os = useFeed(feeds.os, NO_OS)
  const { agentRunning } = useServices()
  const agent = useFeed(agentRunning, false)
  const stripMode = useAppState((s) => s.config.ui.agentStrip)
  const strip = showAgentStrip(stripMode, { c64: feeds.c64 ? c64 : null, os, agentRunning: agent })
  const { rows, cursor } = useVisibleRows()
  const selected = rows.at(cursor)?.task ?? null
  // A permission request that waits gets a line of its own, whatever ui.agentStrip says.
  const pending = useUiState((s) => s.approvals.pending)
  const mainHeight = props.height - (strip ? AGENT_STRIP_HEIGHT : 0) - (pending.length > 0 ? 1 : 0)
  const detailShown = useUiState((s) => s.detailShown)
  const { sideBySide, listWidth } = listLayout(props.width, detailShown)
  return (
    <box flexDirection="column" width={props.width} height={props.height}>
      <box flexDirection="row" height={mainHeight}>
        {sideBySide || pane === 0 ? <TaskListPane width={listWidth} height={mainHeight} focused={pane === 0} /> : null}
        {sideBySide || pane === 1 ? (
          <TaskDetailPane task={selected} width={sideBySide ? props.width - listWidth : props.width} height={mainHeight} focused={pane === 1} />
        ) : null}
      </box>
      {pending.length > 0 ? <ApprovalStripLine pending={pending} width={props.width} /> : null}
      {strip ? <AgentStrip c64={feeds.c64 ? c64 : null} os={os} osConnected={feeds.os !== null} width={props.width} /> : null}
    </box>
  )
}
