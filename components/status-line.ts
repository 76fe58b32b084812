// The bottom line's segments: mode, counts, filter and sort, and key hints from the keymap table.
// StatusBar draws them; so does the first screen (first-screen.ts), before OpenTUI loads.
import type { SortKey } from "../src/domain/task-query.ts"
import { activeScopes } from "../src/tui/active-scopes.ts"
import { hintsFor } from "../src/tui/keymap.ts"
import { filterLabel, type Facets } from "../src/tui/task-filter.ts"
import type { TaskCounts } from "../src/tui/task-counts.ts"
import type { StatusFilter, UiState } from "../src/tui/ui-store.ts"
import { badgeStyle } from "./badge.ts"
import type { Segment } from "./line.tsx"
import { fitHints } from "./status-hints.ts"
import { fitText, textWidth } from "./text-fit.ts"
import type { Theme } from "./theme/theme-tokens.ts"

export interface StatusState extends Pick<UiState, "dialogs" | "view" | "pane" | "visualAnchorId"> {
  width: number
  readOnly: boolean
  counts: TaskCounts
  statusFilter: StatusFilter
  facets: Facets
  search: string
  sort: SortKey
  theme: Theme
}

export function statusLine(state: StatusState): Segment[] {
  const { theme, counts: c } = state
  const mode = state.dialogs.length > 0 ? "DIALOG" : state.visualAnchorId !== null ? "VISUAL" : state.readOnly ? "READ-ONLY" : "NORMAL"
  const counts = `${c.open} open · ${c.done} done${c.overdue > 0 ? ` · ${c.overdue} overdue` : ""}`
  const filter = `${filterLabel({ statusFilter: state.statusFilter, facets: state.facets, search: state.search })} sort:${state.sort}`
  const left = ` ${mode} `
  const middle = ` ${counts} │ ${filter} │ `
  const all = hintsFor(activeScopes({ dialogs: state.dialogs, view: state.view, pane: state.pane, visualAnchorId: state.visualAnchorId }))
  const fitted = fitHints(all, state.width)
  // The pinned hints are reserved first; the counts and filter come next; other hints take the rest.
  const pinnedWidth = fitted.pinned ? textWidth(fitted.pinned) + 2 : 0
  const middleRoom = Math.max(0, state.width - textWidth(left) - pinnedWidth)
  const shownMiddle = fitText(middle, middleRoom)
  const hintRoom = state.width - textWidth(left) - textWidth(shownMiddle)
  const { hints, pinned } = fitHints(all, hintRoom)
  const badge = badgeStyle(theme, mode === "READ-ONLY" ? theme.error : theme.accent)
  const segments: Segment[] = [
    { text: left, fg: badge.fg, bg: badge.bg, attributes: badge.attributes },
    { text: shownMiddle, fg: theme.text },
    ...(hints ? [{ text: hints, fg: theme.textMuted }] : []),
  ]
  const end: Segment[] = pinned ? [{ text: ` ${pinned} `, fg: theme.text }] : []
  const used = [...segments, ...end].reduce((sum, segment) => sum + textWidth(segment.text), 0)
  return [...segments, { text: " ".repeat(Math.max(0, state.width - used)) }, ...end]
}
