// Keys of the C64 pane (Monitor): Enter opens the selected task's latest sample, m cycles the
// sparkline metric, o chooses the byte it shows, n starts a background read, x stops the selected
// task (asks first). Starting and stopping go through the C64 control, which answers with a toast.
import { nextMetric } from "./c64-metric.ts"
import { describeReadRequest, type C64ReadRequest } from "./c64-start-form.ts"
import type { C64StartOutcome } from "./c64-control.ts"
import type { ActionId } from "./keymap.ts"
import type { C64TaskSummary } from "./monitor-feeds.ts"
import type { ActionHandler } from "./navigation-actions.ts"
import type { TuiContext } from "./tui-context.ts"

export const C64_NOT_CONNECTED = "C64 tasks are not connected to this TUI (tsk c64 start read --every 1s starts one from the shell)"

export function c64Tasks(ctx: Pick<TuiContext, "feeds">): readonly C64TaskSummary[] {
  return ctx.feeds.get().c64?.get() ?? []
}

/** The task under the pane's cursor (the cursor stays on the last task when tasks go away). */
export function selectedC64Task(ctx: Pick<TuiContext, "feeds" | "ui">): C64TaskSummary | null {
  const tasks = c64Tasks(ctx)
  if (tasks.length === 0) return null
  return tasks[Math.min(ctx.ui.getState().monitorIndex, tasks.length - 1)]!
}

function selectedOrSay(ctx: TuiContext): C64TaskSummary | null {
  const task = selectedC64Task(ctx)
  if (!task) ctx.toaster.show("info", "No C64 task selected")
  return task
}

export function startedMessage(outcome: C64StartOutcome, request: C64ReadRequest): string {
  const what = `${outcome.task.id}: read ${describeReadRequest(request)}`
  switch (outcome.route) {
    case "runner":
      return `Started ${what}, on the runner (pid ${outcome.runnerPid ?? "?"})`
    case "this-tui":
      return `Started ${what}, on this TUI's runner`
    case "took-role":
      return `No runner was up: this TUI took the runner role and started ${what}`
  }
}

/** Start a background read through the runner; the outcome (or the error) shows as a toast. */
export async function startC64Read(ctx: TuiContext, request: C64ReadRequest): Promise<void> {
  const control = ctx.feeds.get().c64Control
  if (!control) return ctx.toaster.show("error", C64_NOT_CONNECTED)
  try {
    ctx.toaster.show("success", startedMessage(await control.start(request), request))
  } catch (error) {
    ctx.toaster.error(error)
  }
}

/** Stop a C64 task through the runner; the outcome (or the error) shows as a toast. */
export async function stopC64Task(ctx: TuiContext, taskId: string): Promise<void> {
  const control = ctx.feeds.get().c64Control
  if (!control) return ctx.toaster.show("error", C64_NOT_CONNECTED)
  try {
    const { task, stopped } = await control.stop(taskId)
    ctx.toaster.show("info", stopped ? `Stopped ${task.id} after ${task.iterations ?? 0} iterations` : `${task.id} had already ended (${task.status})`)
  } catch (error) {
    ctx.toaster.error(error)
  }
}

export const c64KeyActions = {
  "monitor.c64Sample": (ctx) => {
    const task = selectedOrSay(ctx)
    if (task) ctx.ui.getState().openDialog({ kind: "c64-sample", taskId: task.id })
  },
  "monitor.c64Metric": (ctx) => {
    const ui = ctx.ui.getState()
    ui.set({ c64Metric: nextMetric(ui.c64Metric) })
  },
  "monitor.c64Byte": (ctx) => ctx.ui.getState().openDialog({ kind: "c64-byte" }),
  "monitor.c64Start": (ctx) => {
    if (!ctx.feeds.get().c64Control) return ctx.toaster.show("error", C64_NOT_CONNECTED)
    ctx.ui.getState().openDialog({ kind: "c64-start" })
  },
  "monitor.c64Stop": (ctx) => {
    const task = selectedOrSay(ctx)
    if (!task) return
    if (task.status !== "running") return ctx.toaster.show("info", `${task.id} is not running (${task.status})`)
    if (!ctx.feeds.get().c64Control) return ctx.toaster.show("error", C64_NOT_CONNECTED)
    ctx.ui.getState().openDialog({ kind: "c64-stop", taskId: task.id })
  },
} satisfies Partial<Record<ActionId, ActionHandler>>
