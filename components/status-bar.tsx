// Bottom line: mode, counts, filter and sort, and key hints (its segments: status-line.ts).
import { localDateOf } from "../src/domain/local-date.ts"
import { taskCounts } from "../src/tui/task-counts.ts"
import { useServices, useTheme } from "./app-context.tsx"
import { useAppState, useTaskView, useUiState } from "./hooks/use-stores.ts"
import { Line } from "./line.tsx"
import { statusLine } from "./status-line.ts"

export function StatusBar(props: { width: number }) {
  const theme = useTheme()
  const { now } = useServices()
  const view = useTaskView()
  const readOnly = useAppState((s) => s.loadError !== null)
  const dialogs = useUiState((s) => s.dialogs)
  const screen = useUiState((s) => s.view)
  const pane = useUiState((s) => s.pane)
  const visualAnchorId = useUiState((s) => s.visualAnchorId)
  const statusFilter = useUiState((s) => s.statusFilter)
  const facets = useUiState((s) => s.facets)
  const search = useUiState((s) => s.search)
  const sort = useUiState((s) => s.sort)
  const counts = taskCounts(view, localDateOf(now()))
  // One text of coloured chunks (see the header).
  const segments = statusLine({ width: props.width, readOnly, dialogs, view: screen, pane, visualAnchorId, counts, statusFilter, facets, search, sort, theme })
  return <Line segments={segments} width={props.width} fg={theme.text} bg={theme.panel} />
}
