// `log-time`: record time already spent on a task (the CLI's `tsk log <id> <duration>`), an entry
// ending now. The answer is the task with `logged` (minutes) and `trackedMinutes` (its total).
import * as z from "zod"
import { defineBridgeCommand, type BridgeCommandDefinition } from "../domain/command-definition.ts"
import type { TaskAccess } from "./task-access.ts"
import { taskData } from "./task-data.ts"
import { TaskId } from "./task-payloads.ts"
import { named } from "./task-write-commands.ts"
import { parseDuration } from "../domain/duration.ts"
import { logTime, trackedMs } from "../domain/time-tracking.ts"

export const LogTimePayload = z.strictObject({
  taskId: TaskId,
  /** `1h30m`, `45m`, `90s`, or a number of minutes. */
  duration: z.union([z.string().trim().min(1).max(40), z.number().positive()]),
})

export function createTaskTimeCommands(access: TaskAccess): BridgeCommandDefinition[] {
  return [
    defineBridgeCommand({
      command: "log-time",
      payload: LogTimePayload,
      run: async ({ taskId, duration }) => {
        const ms = typeof duration === "number" ? Math.round(duration * 60_000) : parseDuration(duration)
        const task = access.mutate((tasks, ctx) => logTime(tasks, taskId, ms, ctx))
        return { ...taskData(access.tasks(), task), taskId: task.id, logged: Math.round(ms / 60_000), trackedMinutes: Math.round(trackedMs(task, access.now()) / 60_000) }
      },
      describe: (_payload, data) => `logged time on ${named(data)}`,
    }),
  ]
}
