// One selection across the views. The List's `selectedId` is the task selected everywhere: leaving
// a view with a task under its cursor makes that task the selection, and the view opened puts its
// cursor on it (the Board on its card in its status column, the Calendar on its due day, the List
// on its row with its parents expanded). The Monitor shows no tasks, so it keeps the selection for
// the view opened after it.
import { BOARD_STATUSES } from "./board-columns.ts"
import type { Task, TaskStatus } from "../domain/task.ts"
import { currentBoard, currentRowIndex, currentRows, currentView, focusedTask, type TuiContext } from "./tui-context.ts"
import type { ViewName } from "./ui-store.ts"
import { filterLabel } from "./task-filter.ts"

/** Make the task shown under the List's cursor the selection by id (it may be there only by position). */
export function pinSelection(ctx: Pick<TuiContext, "store" | "ui">): void {
  const ui = ctx.ui.getState()
  if (ui.view !== "list" || (ui.selectedId !== null && ui.selectedId === ui.addedId)) return
  const at = currentRowIndex(ctx)
  const row = currentRows(ctx).at(at)
  if (row && row.task.id !== ui.selectedId) ui.set({ selectedId: row.task.id, selectedIndex: at })
}

/** Put `view`'s cursor on the task `id`. */
export function focusIn(ctx: Pick<TuiContext, "store" | "ui">, view: ViewName, id: string): void {
  const ui = ctx.ui.getState()
  const index = currentView(ctx).index
  const task = index.get(id)
  if (!task) return
  switch (view) {
    case "list": {
      // A row under a collapsed parent is not shown: open the parents down to it.
      let collapsed: Set<string> | null = null
      const seen = new Set<string>()
      for (let parentId = task.parentId; parentId !== null && !seen.has(parentId); parentId = index.get(parentId)?.parentId ?? null) {
        seen.add(parentId)
        if (ui.collapsed.has(parentId)) (collapsed ??= new Set(ui.collapsed)).delete(parentId)
      }
      return ui.set({ selectedId: id, detailScroll: 0, ...(collapsed ? { collapsed } : {}) })
    }
    case "board": {
      const column = (BOARD_STATUSES as readonly TaskStatus[]).indexOf(task.status)
      if (column < 0) return ui.set({ selectedId: id })
      const boardSelected = [...ui.boardSelected]
      boardSelected[column] = id
      return ui.set({ selectedId: id, boardColumn: column, boardSelected })
    }
    case "calendar":
      if (task.dueDate === null) return ui.set({ selectedId: id })
      return ui.set({ selectedId: id, calendarDate: task.dueDate, daySelectedId: id })
    case "monitor":
      return ui.set({ selectedId: id })
  }
}

/** Switch to `view`, carrying the selected task over. */
export function showView(ctx: Pick<TuiContext, "store" | "ui">, view: ViewName): void {
  const leaving = focusedTask(ctx)
  const id = leaving?.id ?? ctx.ui.getState().selectedId
  ctx.ui.getState().set({ view, pane: 0, visualAnchorId: null })
  if (id !== null) focusIn(ctx, view, id)
}

/** Whether the current view shows the task (the List's filter and search, or the Board's search, may hide it). */
function isShown(ctx: Pick<TuiContext, "store" | "ui">, id: string): boolean {
  const ui = ctx.ui.getState()
  if (ui.view === "list") return currentRows(ctx).indexOf(id) >= 0
  if (ui.view === "board") return currentBoard(ctx).some((c) => c.tasks.some((t) => t.id === id))
  return true
}

/**
 * After a task is added: a subtask leaves the selection on its parent (opened, so the new subtask
 * shows and `A` again adds a sibling); a task selects itself. A task the filter or search hides
 * gets a toast that says so and how to show it.
 */
export function afterAdd(ctx: Pick<TuiContext, "store" | "ui" | "toaster">, task: Task): void {
  const ui = ctx.ui.getState()
  if (task.parentId !== null && ui.collapsed.has(task.parentId)) {
    const collapsed = new Set(ui.collapsed)
    collapsed.delete(task.parentId)
    ui.set({ collapsed })
  }
  if (task.parentId === null && (ui.view === "list" || ui.view === "board")) {
    focusIn(ctx, ui.view, task.id)
    ctx.ui.getState().set({ addedId: task.id })
  }
  if (isShown(ctx, task.id)) return
  ctx.toaster.show("info", `Added '${task.title}', hidden by ${filterLabel(ctx.ui.getState())}: Esc twice clears the filter`)
}
