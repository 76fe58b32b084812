// Screen 4: the agent-activity console: the C64 task pane beside the phase/state panel.
import { NO_C64, NO_OS } from "./feed-fallbacks.ts"
import { useMonitorFeeds } from "../hooks/use-monitor-feeds.ts"
import { useFeed } from "../hooks/use-feed.ts"
import { useUiState } from "../hooks/use-stores.ts"
import { C64Pane } from "./c64-pane.tsx"
import { PhasePanel } from "./phase-panel.tsx"

/** From this width the two panes stand side by side (the phase panel on the right); below it they stack. */
export const MONITOR_SIDE_BY_SIDE_MIN_WIDTH = 100

export function MonitorView(props: { width: number; height: number }) {
  const feeds = useMonitorFeeds()
  const c64 = useFeed(feeds.c64, NO_C64)
  const os = useFeed(feeds.os, NO_OS)
  const pane = useUiState((s) => s.pane)
  const selected = useUiState((s) => s.monitorIndex)
  const c64Width = props.width >= MONITOR_SIDE_BY_SIDE_MIN_WIDTH ? Math.floor(props.width / 2) : props.width
  const stacked = c64Width === props.width
  const c64Height = stacked ? Math.floor(props.height / 2) : props.height
  return (
    <box flexDirection={stacked ? "column" : "row"} width={props.width} height={props.height}>
      <C64Pane tasks={feeds.c64 ? c64 : null} selectedIndex={selected} width={c64Width} height={c64Height} focused={pane === 0} />
      <PhasePanel
        status={os}
        connected={feeds.os !== null}
        width={stacked ? props.width : props.width - c64Width}
        height={stacked ? props.height - c64Height : props.height}
        focused={pane === 1}
      />
    </box>
  )
}
