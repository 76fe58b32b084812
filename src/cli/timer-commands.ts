// tsk timer start|stop|status and tsk log — time tracking. The running timer lives in tasks.json,
// so it survives restarts and every process sees it.
import { changeCommandHead } from "./change-command-names.ts"
import type { CommandSpec } from "./command.ts"
import { loadTasks, openStore, requirePositional } from "./cli-store.ts"
import { taskJson, viewOf } from "./task-format.ts"
import { shortId } from "../domain/task-constants.ts"
import { findRunningTimer, trackedMs } from "../domain/time-tracking.ts"
import { formatClock, formatDuration, parseDuration } from "../domain/duration.ts"
import { escapeControls } from "../domain/text-safety.ts"

const timerStart: CommandSpec = {
  name: "start",
  summary: "Start timing a task (stops any other timer)",
  usage: "tsk timer start <id>",
  examples: ["tsk timer start a1b2"],
  async run(ctx, { positionals }) {
    const id = requirePositional(positionals, 0, "task id", "tsk timer start <id>")
    const store = await openStore(ctx)
    const { task, stopped } = await store.getState().startTimer(id)
    const view = viewOf(store.getState().tasks)
    const note = stopped ? `\n  stopped the timer of ${shortId(stopped.id)} ${escapeControls(stopped.title)}` : ""
    return {
      data: { ...taskJson(task, view), stoppedTaskId: stopped?.id ?? null },
      text: `${ctx.style.green("⏱")} Timing ${ctx.style.bold(shortId(task.id))} ${escapeControls(task.title)}${note}`,
    }
  },
}

const timerStop: CommandSpec = {
  name: "stop",
  summary: "Stop the running timer",
  usage: "tsk timer stop [id]",
  async run(ctx, { positionals }) {
    const store = await openStore(ctx)
    const task = await store.getState().stopTimer(positionals[0])
    const last = task.timeEntries.at(-1)!
    const spent = Date.parse(last.end!) - Date.parse(last.start)
    return {
      data: taskJson(task, viewOf(store.getState().tasks)),
      text: `${ctx.style.green("✓")} Stopped ${ctx.style.bold(shortId(task.id))} ${escapeControls(task.title)} after ${formatDuration(spent)} (total ${formatDuration(trackedMs(task, new Date()))})`,
    }
  },
}

const timerStatus: CommandSpec = {
  name: "status",
  summary: "Show the running timer",
  usage: "tsk timer status",
  async run(ctx) {
    const running = findRunningTimer(await loadTasks(ctx))
    if (!running) return { data: { running: false }, text: "No timer running." }
    const elapsedMs = Date.now() - Date.parse(running.start)
    return {
      data: { running: true, taskId: running.task.id, title: running.task.title, start: running.start, elapsedMs },
      text: `⏱ ${formatClock(elapsedMs)}  ${ctx.style.bold(shortId(running.task.id))} ${escapeControls(running.task.title)}`,
    }
  },
}

export const timerCommand: CommandSpec = {
  ...changeCommandHead("timer"),
  usage: "tsk timer <start|stop|status>",
  subcommands: [timerStart, timerStop, timerStatus],
}

export const logCommand: CommandSpec = {
  ...changeCommandHead("log"),
  usage: "tsk log <id> <duration>",
  examples: ["tsk log a1b2 1h30m", "tsk log a1b2 45m"],
  async run(ctx, { positionals }) {
    const id = requirePositional(positionals, 0, "task id", "tsk log <id> <duration>")
    const durationMs = parseDuration(requirePositional(positionals, 1, "duration", "tsk log <id> <duration>"))
    const store = await openStore(ctx)
    const task = await store.getState().logTime(id, durationMs)
    return {
      data: taskJson(task, viewOf(store.getState().tasks)),
      text: `${ctx.style.green("✓")} Logged ${formatDuration(durationMs)} on ${ctx.style.bold(shortId(task.id))} ${escapeControls(task.title)} (total ${formatDuration(trackedMs(task, new Date()))})`,
    }
  },
}
