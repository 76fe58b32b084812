// Moving around: the list tree, the detail panel, the board, the calendar and the monitor.
import { addDays, addMonths } from "../domain/local-date.ts"
import type { ActionId } from "./keymap.ts"
import { cardIndex } from "./board-columns.ts"
import { currentBoard, currentRowIndex, currentRows, dayTasks, today, type TuiContext } from "./tui-context.ts"

export type ActionHandler = (ctx: TuiContext) => boolean | void

/** Rows a page key moves: the list pane's height, at least one. */
const page = (ctx: TuiContext) => Math.max(1, ctx.ui.getState().pageSize)

function moveMonitor(ctx: TuiContext, delta: number): void {
  const count = ctx.feeds.get().c64?.get().length ?? 0
  const ui = ctx.ui.getState()
  ui.set({ monitorIndex: Math.max(0, Math.min(count - 1, ui.monitorIndex + delta)) })
}

function moveList(ctx: TuiContext, to: (index: number, count: number) => number): void {
  const rows = currentRows(ctx)
  if (rows.length === 0) return
  const index = Math.max(0, Math.min(rows.length - 1, to(currentRowIndex(ctx), rows.length)))
  ctx.ui.getState().set({ selectedId: rows.at(index)!.task.id, selectedIndex: index, detailScroll: 0 })
}

function setCollapsed(ctx: TuiContext, id: string, collapsed: boolean): void {
  const current = ctx.ui.getState().collapsed
  if (current.has(id) === collapsed) return
  const next = new Set(current)
  if (collapsed) next.add(id)
  else next.delete(id)
  ctx.ui.getState().set({ collapsed: next })
}

function moveCard(ctx: TuiContext, to: (index: number, count: number) => number): void {
  const ui = ctx.ui.getState()
  const column = currentBoard(ctx)[ui.boardColumn]
  if (!column || column.tasks.length === 0) return
  const index = Math.max(0, Math.min(column.tasks.length - 1, to(cardIndex(column, ui.boardSelected[ui.boardColumn] ?? null), column.tasks.length)))
  const selected = [...ui.boardSelected]
  selected[ui.boardColumn] = column.tasks[index]!.id
  ui.set({ boardSelected: selected })
}

function moveDay(ctx: TuiContext, delta: number): void {
  const tasks = dayTasks(ctx)
  if (tasks.length === 0) return
  const ui = ctx.ui.getState()
  const at = Math.max(0, tasks.findIndex((t) => t.id === ui.daySelectedId))
  ui.set({ daySelectedId: tasks[Math.max(0, Math.min(tasks.length - 1, at + delta))]!.id })
}

function moveDate(ctx: TuiContext, shift: (date: string) => string): void {
  const ui = ctx.ui.getState()
  ui.set({ calendarDate: shift(ui.calendarDate), daySelectedId: null })
}

export const navigationActions = {
  "list.down": (ctx) => moveList(ctx, (i) => i + 1),
  "list.up": (ctx) => moveList(ctx, (i) => i - 1),
  "list.pageDown": (ctx) => moveList(ctx, (i) => i + page(ctx)),
  "list.pageUp": (ctx) => moveList(ctx, (i) => i - page(ctx)),
  "list.top": (ctx) => moveList(ctx, () => 0),
  "list.bottom": (ctx) => moveList(ctx, (_, n) => n - 1),
  "list.toggle": (ctx) => {
    const row = currentRows(ctx).at(currentRowIndex(ctx))
    if (row?.hasChildren) setCollapsed(ctx, row.task.id, row.expanded)
    // A task without subtasks has nothing to expand: Enter opens its detail (Esc or Tab comes back).
    else if (row) ctx.ui.getState().set({ pane: 1, detailScroll: 0, visualAnchorId: null })
  },
  "list.expand": (ctx) => {
    const row = currentRows(ctx).at(currentRowIndex(ctx))
    if (!row?.hasChildren) return
    if (row.expanded) moveList(ctx, (i) => i + 1)
    else setCollapsed(ctx, row.task.id, false)
  },
  "list.collapse": (ctx) => {
    const rows = currentRows(ctx)
    const row = rows.at(currentRowIndex(ctx))
    if (!row) return
    if (row.expanded) return setCollapsed(ctx, row.task.id, true)
    const parentAt = row.task.parentId === null ? -1 : rows.indexOf(row.task.parentId)
    if (parentAt >= 0) moveList(ctx, () => parentAt)
  },
  "list.visual": (ctx) => {
    const row = currentRows(ctx).at(currentRowIndex(ctx))
    if (row) ctx.ui.getState().set({ visualAnchorId: row.task.id })
  },
  "visual.exit": (ctx) => ctx.ui.getState().set({ visualAnchorId: null }),

  "detail.down": (ctx) => ctx.ui.getState().set({ detailScroll: ctx.ui.getState().detailScroll + 1 }),
  "detail.up": (ctx) => ctx.ui.getState().set({ detailScroll: Math.max(0, ctx.ui.getState().detailScroll - 1) }),
  "detail.pageDown": (ctx) => ctx.ui.getState().set({ detailScroll: ctx.ui.getState().detailScroll + page(ctx) }),
  "detail.pageUp": (ctx) => ctx.ui.getState().set({ detailScroll: Math.max(0, ctx.ui.getState().detailScroll - page(ctx)) }),

  "board.left": (ctx) => ctx.ui.getState().set({ boardColumn: Math.max(0, ctx.ui.getState().boardColumn - 1) }),
  "board.right": (ctx) => ctx.ui.getState().set({ boardColumn: Math.min(2, ctx.ui.getState().boardColumn + 1) }),
  "board.down": (ctx) => moveCard(ctx, (i) => i + 1),
  "board.up": (ctx) => moveCard(ctx, (i) => i - 1),
  "board.top": (ctx) => moveCard(ctx, () => 0),
  "board.bottom": (ctx) => moveCard(ctx, (_, n) => n - 1),
  "board.pageDown": (ctx) => moveCard(ctx, (i) => i + page(ctx)),
  "board.pageUp": (ctx) => moveCard(ctx, (i) => i - page(ctx)),

  "calendar.prevDay": (ctx) => moveDate(ctx, (d) => addDays(d, -1)),
  "calendar.nextDay": (ctx) => moveDate(ctx, (d) => addDays(d, 1)),
  "calendar.prevWeek": (ctx) => moveDate(ctx, (d) => addDays(d, -7)),
  "calendar.nextWeek": (ctx) => moveDate(ctx, (d) => addDays(d, 7)),
  "calendar.prevMonth": (ctx) => moveDate(ctx, (d) => addMonths(d, -1)),
  "calendar.nextMonth": (ctx) => moveDate(ctx, (d) => addMonths(d, 1)),
  "calendar.today": (ctx) => moveDate(ctx, () => today(ctx)),

  "day.down": (ctx) => moveDay(ctx, 1),
  "day.up": (ctx) => moveDay(ctx, -1),
  "day.pageDown": (ctx) => moveDay(ctx, page(ctx)),
  "day.pageUp": (ctx) => moveDay(ctx, -page(ctx)),

  "monitor.down": (ctx) => moveMonitor(ctx, 1),
  "monitor.up": (ctx) => moveMonitor(ctx, -1),
  "monitor.pageDown": (ctx) => moveMonitor(ctx, page(ctx)),
  "monitor.pageUp": (ctx) => moveMonitor(ctx, -page(ctx)),
} satisfies Partial<Record<ActionId, ActionHandler>>
