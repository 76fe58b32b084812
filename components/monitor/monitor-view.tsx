// Screen 4: the agent-activity console: the C64 task pane beside the phase/state panel, and the
// agents pane (agent memory) along the bottom.
import { NO_C64, NO_OS } from "./feed-fallbacks.ts"
import { useMonitorFeeds } from "../hooks/use-monitor-feeds.ts"
import { useFeed } from "../hooks/use-feed.ts"
import { useUiState } from "../hooks/use-stores.ts"
import { C64Pane } from "./c64-pane.tsx"
import { PhasePanel } from "./phase-panel.tsx"
import { useTheme } from "../app-context.tsx"
import { fitText } from "../text-fit.ts"
import type { C64TaskSummary, MonitorFeeds, OsPanelStatus } from "../../src/tui/monitor-feeds.ts"
import { AGENTS_PANE_HEIGHT, AgentsPane } from "./agents-pane.tsx"
import type { AgentMemorySummary } from "../../src/tui/memory-feed.ts"
import { APPROVALS_PANE_HEIGHT, ApprovalsPane } from "../approvals/approvals-pane.tsx"
import { APPROVALS_PANE } from "../../src/tui/active-scopes.ts"

const NO_AGENTS: readonly AgentMemorySummary[] = []

/** From this width the two panes stand side by side (the phase panel on the right); below it they stack. */
export const MONITOR_SIDE_BY_SIDE_MIN_WIDTH = 100

/** The Monitor's last line: when the newest recovery checkpoint was written. */
export function checkpointLine(at: Date | null, now: Date): string {
  if (!at) return " Checkpoint: none yet"
  const seconds = Math.max(0, Math.round((now.getTime() - at.getTime()) / 1000))
  const ago = seconds < 60 ? `${seconds}s` : seconds < 3600 ? `${Math.floor(seconds / 60)}m` : `${Math.floor(seconds / 3600)}h`
  return ` Checkpoint: ${at.toTimeString().slice(0, 8)} (${ago} ago)`
}

export function MonitorView(props: { width: number; height: number }) {
  const feeds = useMonitorFeeds()
  const c64 = useFeed(feeds.c64, NO_C64)
  const os = useFeed(feeds.os, NO_OS)
  const checkpoint = useFeed(feeds.checkpoint ?? null, null)
  const theme = useTheme()
  if (feeds.checkpoint) {
    return (
      <box flexDirection="column" width={props.width} height={props.height}>
        <MonitorPanes feeds={feeds} c64={c64} os={os} width={props.width} height={props.height - 1} />
        <text fg={theme.textMuted}>{fitText(checkpointLine(checkpoint, new Date()), props.width)}</text>
      </box>
    )
  }
  return <MonitorPanes feeds={feeds} c64={c64} os={os} width={props.width} height={props.height} />
}

function MonitorPanes(props: { feeds: MonitorFeeds; c64: readonly C64TaskSummary[]; os: OsPanelStatus | null; width: number; height: number }) {
  const { feeds, c64, os } = props
  const pane = useUiState((s) => s.pane)
  const selected = useUiState((s) => s.monitorIndex)
  const agents = useFeed(feeds.memory ?? null, NO_AGENTS)
  const agentIndex = useUiState((s) => s.agentIndex)
  // The agents pane takes a sixth of the screen (at least one agent row), so small terminals keep
  // the phase panel readable.
  const agentsHeight = Math.min(AGENTS_PANE_HEIGHT, Math.max(3, Math.floor(props.height / 6)))
  // The approvals pane (permission requests) sits above the agents pane: as tall as its rows, at most a quarter.
  const approvalRowCount = useUiState((s) => s.approvals.pending.length + s.approvals.rules.length + s.approvals.answered.length)
  const approvalsHeight = Math.max(3, Math.min(approvalRowCount + 2, APPROVALS_PANE_HEIGHT, Math.floor(props.height / 4)))
  const height = props.height - agentsHeight - approvalsHeight
  const c64Width = props.width >= MONITOR_SIDE_BY_SIDE_MIN_WIDTH ? Math.floor(props.width / 2) : props.width
  const stacked = c64Width === props.width
  // Stacked, the agents pane's rows come out of the C64 pane: the phase panel keeps its half.
  const c64Height = stacked ? Math.max(3, Math.floor(props.height / 2) - agentsHeight - approvalsHeight) : height
  return (
    <box flexDirection="column" width={props.width} height={props.height}>
      <box flexDirection={stacked ? "column" : "row"} width={props.width} height={height}>
        <C64Pane tasks={feeds.c64 ? c64 : null} selectedIndex={selected} width={c64Width} height={c64Height} focused={pane === 0} />
        <PhasePanel
          status={os}
          connected={feeds.os !== null}
          width={stacked ? props.width : props.width - c64Width}
          height={stacked ? height - c64Height : height}
          focused={pane === 1}
        />
      </box>
      <ApprovalsPane width={props.width} height={approvalsHeight} focused={pane === APPROVALS_PANE} connected={Boolean(feeds.approvals)} />
      <AgentsPane agents={feeds.memory ? agents : null} selectedIndex={agentIndex} width={props.width} height={agentsHeight} focused={pane === 2} />
    </box>
  )
}
