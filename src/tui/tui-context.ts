// What key handlers work with: the stores, the intents and the derived views of the tasks. The
// derived views are memoised, so handlers and components share one computation per change.
import type { AppStore } from "../store/app-store.ts"
import { localDateOf } from "../domain/local-date.ts"
import type { Task } from "../domain/task.ts"
import { boardColumns, cardIndex, type BoardColumn } from "./board-columns.ts"
import { tasksByDueDate } from "./calendar-model.ts"
import type { Feed, MonitorFeeds } from "./monitor-feeds.ts"
import type { TaskIntents } from "./task-intents.ts"
import { taskView, type TaskView } from "./task-view.ts"
import type { Toaster } from "./toaster.ts"
import type { UiStore } from "./ui-store.ts"
import type { RowList } from "./row-list.ts"
import { selectedRowIndex, visibleRows } from "./visible-rows.ts"

export interface TuiContext {
  store: AppStore
  ui: UiStore
  intents: TaskIntents
  toaster: Toaster
  feeds: Feed<MonitorFeeds>
  now(): Date
  requestQuit(): void
}

export function currentView(ctx: Pick<TuiContext, "store" | "ui">): TaskView {
  return taskView(ctx.store.getState().tasks, ctx.ui.getState().pending)
}

export function currentRows(ctx: Pick<TuiContext, "store" | "ui">): RowList {
  const ui = ctx.ui.getState()
  return visibleRows(currentView(ctx), ui)
}

export function currentRowIndex(ctx: Pick<TuiContext, "store" | "ui">): number {
  const ui = ctx.ui.getState()
  return selectedRowIndex(currentRows(ctx), ui.selectedId, ui.selectedIndex)
}

export function currentBoard(ctx: Pick<TuiContext, "store" | "ui">): BoardColumn[] {
  const ui = ctx.ui.getState()
  return boardColumns(currentView(ctx), ui.search, ui.sort, ui.facets, ui.today)
}

export function dayTasks(ctx: Pick<TuiContext, "store" | "ui">): Task[] {
  const ui = ctx.ui.getState()
  return tasksByDueDate(currentView(ctx), ui.search, ui.sort).get(ui.calendarDate) ?? []
}

export function today(ctx: Pick<TuiContext, "now">): string {
  return localDateOf(ctx.now())
}

/** The task the keys act on in the current view, if any. */
export function focusedTask(ctx: Pick<TuiContext, "store" | "ui">): Task | null {
  const ui = ctx.ui.getState()
  switch (ui.view) {
    case "list": {
      const rows = currentRows(ctx)
      return rows.at(currentRowIndex(ctx))?.task ?? null
    }
    case "board": {
      const column = currentBoard(ctx)[ui.boardColumn]
      if (!column) return null
      return column.tasks[cardIndex(column, ui.boardSelected[ui.boardColumn] ?? null)] ?? null
    }
    case "calendar": {
      if (ui.pane !== 1) return null
      const tasks = dayTasks(ctx)
      return tasks.find((t) => t.id === ui.daySelectedId) ?? tasks[0] ?? null
    }
    case "monitor":
      return null
  }
}

/** The tasks the keys act on: the visual-mode range in the list, otherwise the focused task. */
export function targetTasks(ctx: Pick<TuiContext, "store" | "ui">): Task[] {
  const ui = ctx.ui.getState()
  if (ui.view === "list" && ui.pane === 0 && ui.visualAnchorId !== null) {
    const rows = currentRows(ctx)
    const cursor = currentRowIndex(ctx)
    const anchor = rows.indexOf(ui.visualAnchorId)
    const from = Math.min(anchor < 0 ? cursor : anchor, cursor)
    const to = Math.max(anchor < 0 ? cursor : anchor, cursor)
    return rows.slice(from, to + 1).map((r) => r.task)
  }
  const task = focusedTask(ctx)
  return task ? [task] : []
}
