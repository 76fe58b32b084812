// Keys that change tasks or open the dialogs that do.
import { BOARD_STATUSES, cardIndex } from "./board-columns.ts"
import type { ActionId } from "./keymap.ts"
import type { ActionHandler } from "./navigation-actions.ts"
import type { TaskStatus } from "../domain/task.ts"
import { MAX_DEPTH } from "../domain/task-constants.ts"
import { depthOf } from "../domain/task-tree.ts"
import { currentBoard, currentView, focusedTask, targetTasks, type TuiContext } from "./tui-context.ts"

function ids(ctx: TuiContext): string[] | null {
  const tasks = targetTasks(ctx)
  if (tasks.length === 0) {
    ctx.toaster.show("info", "No task selected")
    return null
  }
  return tasks.map((t) => t.id)
}

function leaveVisual(ctx: TuiContext): void {
  if (ctx.ui.getState().visualAnchorId !== null) ctx.ui.getState().set({ visualAnchorId: null })
}

function moveOnBoard(ctx: TuiContext, delta: -1 | 1): void {
  const ui = ctx.ui.getState()
  const task = focusedTask(ctx)
  const target = ui.boardColumn + delta
  if (!task || target < 0 || target >= BOARD_STATUSES.length) return
  const selected = [...ui.boardSelected]
  selected[target] = task.id
  // Keep the cursor in the old column on the card that took the moved card's place.
  const column = currentBoard(ctx)[ui.boardColumn]!
  const at = cardIndex(column, task.id)
  selected[ui.boardColumn] = column.tasks[at + 1]?.id ?? column.tasks[at - 1]?.id ?? null
  ui.set({ boardSelected: selected, boardColumn: target })
  void ctx.intents.setStatus([task.id], BOARD_STATUSES[target]!)
}

/** H/L in the List: the selected task(s) one status back or on, in the Board's column order. */
function stepStatus(ctx: TuiContext, delta: -1 | 1): void {
  const tasks = targetTasks(ctx)
  if (tasks.length === 0) return void ctx.toaster.show("info", "No task selected")
  const groups = new Map<TaskStatus, string[]>()
  for (const task of tasks) {
    const at = (BOARD_STATUSES as readonly TaskStatus[]).indexOf(task.status)
    const target = BOARD_STATUSES[at + delta]
    if (at < 0 || !target) continue
    groups.set(target, [...(groups.get(target) ?? []), task.id])
  }
  for (const [status, group] of groups) void ctx.intents.setStatus(group, status)
  leaveVisual(ctx)
}

export const taskActions = {
  "task.startStop": (ctx) => {
    const selection = ids(ctx)
    if (!selection) return
    void ctx.intents.startStop(selection)
    leaveVisual(ctx)
  },
  "list.statusBack": (ctx) => stepStatus(ctx, -1),
  "list.statusOn": (ctx) => stepStatus(ctx, 1),
  "task.toggleDone": (ctx) => {
    const selection = ids(ctx)
    if (!selection) return
    void ctx.intents.toggleDone(selection)
    leaveVisual(ctx)
  },
  "task.edit": (ctx) => {
    const task = focusedTask(ctx)
    if (task) ctx.ui.getState().openDialog({ kind: "task-form", mode: "edit", taskId: task.id })
  },
  "task.addSubtask": (ctx) => {
    const task = focusedTask(ctx)
    if (!task) return
    // Refused before the dialog opens, not after the title is typed (the store would refuse it too).
    if (depthOf(currentView(ctx).index, task.id) >= MAX_DEPTH) {
      ctx.toaster.show("error", `Subtasks nest at most ${MAX_DEPTH} levels; '${task.title}' is already at level ${MAX_DEPTH}`)
      return
    }
    ctx.ui.getState().openDialog({ kind: "task-form", mode: "add", parentId: task.id, dueDate: null })
  },
  "task.delete": (ctx) => {
    const selection = ids(ctx)
    if (selection) ctx.ui.getState().openDialog({ kind: "confirm-delete", ids: selection })
  },
  "task.priority": (ctx) => {
    const selection = ids(ctx)
    if (selection) ctx.ui.getState().openDialog({ kind: "priority", ids: selection })
  },
  "task.project": (ctx) => {
    const selection = ids(ctx)
    if (selection) ctx.ui.getState().openDialog({ kind: "project", ids: selection })
  },
  "task.tags": (ctx) => {
    const selection = ids(ctx)
    if (selection) ctx.ui.getState().openDialog({ kind: "tags", ids: selection })
  },
  "task.due": (ctx) => {
    const selection = ids(ctx)
    if (selection) ctx.ui.getState().openDialog({ kind: "due", ids: selection })
  },
  "task.note": (ctx) => {
    const task = focusedTask(ctx)
    if (task) ctx.ui.getState().openDialog({ kind: "note", taskId: task.id })
  },
  "task.timer": (ctx) => {
    const task = focusedTask(ctx)
    if (task) void ctx.intents.toggleTimer(task.id)
  },
  "board.moveLeft": (ctx) => moveOnBoard(ctx, -1),
  "board.moveRight": (ctx) => moveOnBoard(ctx, 1),
  "global.add": (ctx) => {
    const ui = ctx.ui.getState()
    ui.openDialog({ kind: "task-form", mode: "add", parentId: null, dueDate: ui.view === "calendar" ? ui.calendarDate : null })
  },
  "global.undo": (ctx) => void ctx.intents.undo(),
  "global.redo": (ctx) => void ctx.intents.redo(),
} satisfies Partial<Record<ActionId, ActionHandler>>
