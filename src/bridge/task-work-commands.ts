// Bridge commands for sharing work between agents: `claim` (assignee + in progress in one step of
// the runner, which holds the tasks lock, so two agents claiming at once cannot both win) and
// `block` / `unblock` (the same operation as `tsk block`).
import { defineBridgeCommand, type BridgeCommandDefinition } from "../domain/command-definition.ts"
import type { TaskAccess } from "./task-access.ts"
import { taskData } from "./task-data.ts"
import { BlockPayload, ClaimPayload } from "./task-payloads.ts"
import { named } from "./task-write-commands.ts"
import { claimTask } from "../domain/task-claim.ts"
import { setBlocked } from "../domain/task-operations.ts"

export function createTaskWorkCommands(access: TaskAccess): BridgeCommandDefinition[] {
  return [
    defineBridgeCommand({
      command: "claim",
      payload: ClaimPayload,
      run: async ({ taskId, assignee }) => {
        const who = assignee ?? access.source()
        return taskData(access.tasks(), access.mutate((tasks, ctx) => claimTask(tasks, taskId, who, ctx)))
      },
      describe: (_payload, data) => `claimed ${named(data)}`,
    }),
    ...(["block", "unblock"] as const).map((command) =>
      defineBridgeCommand({
        command,
        payload: BlockPayload,
        run: async ({ taskId, blockerId }) =>
          taskData(access.tasks(), access.mutate((tasks, ctx) => setBlocked(tasks, taskId, blockerId, command === "block", ctx))),
        describe: (_payload, data) => `${command}ed ${named(data)}`,
      }),
    ),
  ]
}
