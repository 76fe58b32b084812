// What a click or the wheel does (ui.mouse): a click selects what it lands on (a row, a tab, a board
// card, a calendar day) and gives its pane the keys; the wheel moves the selection or scrolls, three
// rows a notch. Keys and mouse change the same UI state, so both always agree.
import { cardIndex } from "./board-columns.ts"
import { currentBoard, currentRows, currentRowIndex, dayTasks, type TuiContext } from "./tui-context.ts"
import type { ViewName } from "./ui-store.ts"
import { showView } from "./shared-selection.ts"

export const WHEEL_ROWS = 3

export type MouseActions = ReturnType<typeof createMouseActions>

export function createMouseActions(ctx: TuiContext) {
  const ui = () => ctx.ui.getState()
  const moveList = (index: number) => {
    const rows = currentRows(ctx)
    if (rows.length === 0) return
    const at = Math.max(0, Math.min(rows.length - 1, index))
    ui().set({ selectedId: rows.at(at)!.task.id, selectedIndex: at, detailScroll: 0 })
  }
  return {
    showView(view: ViewName) {
      showView(ctx, view)
    },
    /** A click on row `index` of the visible list rows. */
    selectListRow(index: number) {
      ui().set({ pane: 0 })
      moveList(index)
    },
    wheelList(direction: 1 | -1) {
      moveList(currentRowIndex(ctx) + direction * WHEEL_ROWS)
    },
    wheelDetail(direction: 1 | -1) {
      ui().set({ detailScroll: Math.max(0, ui().detailScroll + direction * WHEEL_ROWS) })
    },
    selectBoardCard(column: number, taskId: string) {
      const selected = [...ui().boardSelected]
      selected[column] = taskId
      ui().set({ boardColumn: column, boardSelected: selected })
    },
    wheelBoard(column: number, direction: 1 | -1) {
      const cards = currentBoard(ctx)[column]
      if (!cards || cards.tasks.length === 0) return
      const from = cardIndex(cards, ui().boardSelected[column] ?? null)
      const to = Math.max(0, Math.min(cards.tasks.length - 1, from + direction * WHEEL_ROWS))
      const selected = [...ui().boardSelected]
      selected[column] = cards.tasks[to]!.id
      ui().set({ boardColumn: column, boardSelected: selected })
    },
    selectDay(date: string) {
      ui().set({ calendarDate: date, daySelectedId: null, pane: 0 })
    },
    selectDayTask(taskId: string) {
      ui().set({ daySelectedId: taskId, pane: 1 })
    },
    wheelDay(direction: 1 | -1) {
      const tasks = dayTasks(ctx)
      if (tasks.length === 0) return
      const at = Math.max(0, tasks.findIndex((t) => t.id === ui().daySelectedId))
      ui().set({ daySelectedId: tasks[Math.max(0, Math.min(tasks.length - 1, at + direction * WHEEL_ROWS))]!.id })
    },
    selectMonitorRow(index: number) {
      ui().set({ monitorIndex: index, pane: 0 })
    },
  }
}
