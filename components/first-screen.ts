// The app's first screen, drawn from the tasks alone: what the app's first frame shows when it opens
// on the List (header, the task list beside the detail panel, the toast band, the status bar), from
// the same line builders its components use (header-line.ts, list-lines.ts, detail-lines.ts,
// status-line.ts) and the UI store's first state. `tsk` writes it to the terminal before OpenTUI and
// React load (src/cli/first-paint.ts), and the app's first frame then draws the same cells over it.
// test/components/first-screen.test.ts holds it to the app's first frame, cell by cell.
import { localDateOf } from "../src/domain/local-date.ts"
import type { Task } from "../src/domain/task.ts"
import { taskCounts } from "../src/tui/task-counts.ts"
import { taskView } from "../src/tui/task-view.ts"
import { createUiStore } from "../src/tui/ui-store.ts"
import { selectedRowIndex, visibleRows } from "../src/tui/visible-rows.ts"
import { isDefaultFilter } from "../src/tui/task-filter.ts"
import { headerLine } from "./header-line.ts"
import { detailLines } from "./list/detail-lines.ts"
import { emptyListText, listLayout, listLines, listTitle, scrollWindow } from "./list/list-lines.ts"
import { paneFrame } from "./pane-frame.ts"
import { ScreenGrid, TERMINAL_BG, TERMINAL_FG } from "./screen-grid.ts"
import { statusLine } from "./status-line.ts"
import { monoThemeWith, pickTheme, type Theme } from "./theme/theme-tokens.ts"
import { BAND_ROWS } from "./toast-layout.ts"

/** The smallest terminal the first screen is drawn for; a smaller one gets the app's frame only. */
export const FIRST_SCREEN_MIN = { width: 40, height: 10 } as const

export interface FirstScreenInput {
  tasks: readonly Task[]
  width: number
  height: number
  /** config.json's `ui.theme`. */
  theme: "dark" | "light"
  env: NodeJS.ProcessEnv
  now: Date
  /** Merge conflicts waiting (the header's badge). */
  conflicts: number
}

const color = (token: unknown) => token as string

/** The first screen, or null for a terminal smaller than FIRST_SCREEN_MIN. */
export function firstScreen(input: FirstScreenInput): ScreenGrid | null {
  const { width, height, now } = input
  if (width < FIRST_SCREEN_MIN.width || height < FIRST_SCREEN_MIN.height) return null
  const theme: Theme = pickTheme(input.theme, input.env, monoThemeWith(TERMINAL_FG, TERMINAL_BG))
  const today = localDateOf(now)
  const ui = createUiStore({ today, now: () => now, view: "list" }).getState()
  // OpenTUI fills the screen with spaces in white on the app's background (the root box's colour).
  const grid = new ScreenGrid(width, height, { fg: theme.name === "mono" ? TERMINAL_FG : "#ffffff", bg: color(theme.background), attributes: 0 })

  const header = headerLine({ width, view: "list", tasks: input.tasks, asking: 0, conflicts: input.conflicts, agentRunning: false, sync: null, now, theme })
  grid.line(0, 0, width, { segments: header.segments, fg: theme.text, bg: theme.panel })

  // The body, as ListView lays it out with no agent strip and no request waiting.
  const body = Math.max(1, Math.max(3, height - 2) - BAND_ROWS)
  const view = taskView(input.tasks, ui.pending)
  const rows = visibleRows(view, { statusFilter: ui.statusFilter, sort: ui.sort, search: ui.search, collapsed: ui.collapsed, facets: ui.facets, today: ui.today })
  const cursor = selectedRowIndex(rows, ui.selectedId, ui.selectedIndex)
  const { sideBySide, listWidth } = listLayout(width, ui.detailShown)
  const size = body - 2
  const list = paneFrame(theme, ui.pane === 0, listTitle(rows, cursor))
  grid.frame(0, 1, listWidth, body, list.borderStyle === "heavy" ? "heavy" : "rounded", color(list.borderColor), list.title, color(list.titleColor))
  if (rows.length === 0) {
    grid.text(1, 2, emptyListText(!isDefaultFilter(ui), view, false), { fg: color(theme.textMuted), bg: color(theme.background), attributes: 0 }, listWidth - 1)
  } else {
    const top = scrollWindow(0, Math.max(0, cursor), size, rows.length)
    const lines = listLines({ rows, cursor, top, size, anchor: -1, focused: ui.pane === 0, view, innerWidth: listWidth - 2, theme, now })
    lines.forEach((line, i) => grid.line(1, 2 + i, listWidth - 2, line))
  }
  if (sideBySide) {
    const detailWidth = width - listWidth
    const detail = paneFrame(theme, ui.pane === 1, " Detail ")
    grid.frame(listWidth, 1, detailWidth, body, detail.borderStyle === "heavy" ? "heavy" : "rounded", color(detail.borderColor), detail.title, color(detail.titleColor))
    const task = rows.at(cursor)?.task ?? null
    if (task) {
      const lines = detailLines({ task, index: view.index, children: view.children, today, now, width: detailWidth - 2, theme })
      lines.slice(0, size).forEach((segments, i) => grid.line(listWidth + 1, 2 + i, detailWidth - 2, { segments, fg: theme.text }))
    } else {
      grid.text(listWidth + 1, 2, " Select a task to see it here.", { fg: color(theme.textMuted), bg: color(theme.background), attributes: 0 }, width - 1)
    }
  }

  const counts = taskCounts(view, today)
  const status = statusLine({ width, readOnly: false, dialogs: ui.dialogs, view: ui.view, pane: ui.pane, visualAnchorId: ui.visualAnchorId, counts, statusFilter: ui.statusFilter, facets: ui.facets, search: ui.search, sort: ui.sort, theme })
  grid.line(0, 1 + body + BAND_ROWS, width, { segments: status, fg: theme.text, bg: theme.panel })
  return grid
}
