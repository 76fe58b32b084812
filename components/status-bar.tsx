// Bottom line: mode, counts, filter and sort, and key hints generated from the keymap table.
import { localDateOf } from "../src/domain/local-date.ts"
import { activeScopes } from "../src/tui/active-scopes.ts"
import { hintsFor } from "../src/tui/keymap.ts"
import { filterLabel } from "../src/tui/task-filter.ts"
import { taskCounts } from "../src/tui/task-counts.ts"
import { useServices, useTheme } from "./app-context.tsx"
import { useAppState, useTaskView, useUiState } from "./hooks/use-stores.ts"
import { badgeStyle } from "./badge.ts"
import { Line, type Segment } from "./line.tsx"
import { fitHints } from "./status-hints.ts"
import { fitText, textWidth } from "./text-fit.ts"

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
  const mode = dialogs.length > 0 ? "DIALOG" : visualAnchorId !== null ? "VISUAL" : readOnly ? "READ-ONLY" : "NORMAL"
  const { open, done, overdue } = taskCounts(view, localDateOf(now()))
  const counts = `${open} open · ${done} done${overdue > 0 ? ` · ${overdue} overdue` : ""}`
  const filter = `${filterLabel({ statusFilter, facets, search })} sort:${sort}`
  const left = ` ${mode} `
  const middle = ` ${counts} │ ${filter} │ `
  const all = hintsFor(activeScopes({ dialogs, view: screen, pane, visualAnchorId }))
  const fitted = fitHints(all, props.width)
  // The pinned hints are reserved first; the counts and filter come next; other hints take the rest.
  const pinnedWidth = fitted.pinned ? textWidth(fitted.pinned) + 2 : 0
  const middleRoom = Math.max(0, props.width - textWidth(left) - pinnedWidth)
  const shownMiddle = fitText(middle, middleRoom)
  const hintRoom = props.width - textWidth(left) - textWidth(shownMiddle)
  const { hints, pinned } = fitHints(all, hintRoom)
  const badge = badgeStyle(theme, mode === "READ-ONLY" ? theme.error : theme.accent)
  // One text of coloured chunks (see the header).
  const segments: Segment[] = [
    { text: left, fg: badge.fg, bg: badge.bg, attributes: badge.attributes },
    { text: shownMiddle, fg: theme.text },
    ...(hints ? [{ text: hints, fg: theme.textMuted }] : []),
  ]
  const end: Segment[] = pinned ? [{ text: ` ${pinned} `, fg: theme.text }] : []
  const used = [...segments, ...end].reduce((sum, segment) => sum + textWidth(segment.text), 0)
  return <Line segments={[...segments, { text: " ".repeat(Math.max(0, props.width - used)) }, ...end]} width={props.width} fg={theme.text} bg={theme.panel} />
}
