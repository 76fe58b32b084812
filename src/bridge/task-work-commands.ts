// Bridge commands for sharing work between agents: `claim` (assignee + in progress + a lease in one
// step of the runner, which holds the tasks lock, so two agents claiming at once cannot both win),
// `renew` (the holder extends its lease), `next` (the first ready task nobody else holds; `claim`
// takes it in the same step), `whoami` (the identity claims are made under) and `block` /
// `unblock` (the same operation as `tsk block`).
import { defineBridgeCommand, type BridgeCommandDefinition } from "../domain/command-definition.ts"
import type { TaskAccess } from "./task-access.ts"
import { taskData } from "./task-data.ts"
import { BlockPayload, ClaimPayload, EmptyPayload, NextPayload, RenewPayload } from "./task-payloads.ts"
import { named } from "./task-write-commands.ts"
import { claimNext, claimTask, nextFreeTask, renewLease, type Claimant } from "../domain/task-claim.ts"
import { setBlocked } from "../domain/task-operations.ts"
import { describeIdentitySource } from "../domain/agent-identity.ts"
import { pickFields, SUMMARY_FIELDS, viewOfShown } from "../domain/task-shape.ts"
import type { Task } from "../domain/task.ts"

export function createTaskWorkCommands(access: TaskAccess): BridgeCommandDefinition[] {
  const claimant = (assignee?: string): Claimant => (assignee === undefined ? access.identity() : { name: assignee })
  return [
    defineBridgeCommand({
      command: "claim",
      payload: ClaimPayload,
      run: async ({ taskId, assignee, ttlMinutes }) =>
        taskData(access.tasks(), access.mutate((tasks, ctx) => claimTask(tasks, taskId, claimant(assignee), ctx, { minutes: ttlMinutes, judge: access.leaseJudge() }))),
      describe: (_payload, data) => `claimed ${named(data)}`,
    }),
    defineBridgeCommand({
      command: "renew",
      payload: RenewPayload,
      run: async ({ taskId, ttlMinutes }) => taskData(access.tasks(), access.mutate((tasks, ctx) => renewLease(tasks, taskId, access.identity(), ctx, ttlMinutes))),
      describe: (_payload, data) => `renewed the lease on ${named(data)}`,
    }),
    defineBridgeCommand({
      command: "next",
      payload: NextPayload,
      run: async ({ claim }) => {
        const answer = (task: Task | null) => (task ? pickFields(task, viewOfShown(access.tasks(), [task]), SUMMARY_FIELDS) : null)
        if (claim) return answer(access.mutate((tasks, ctx) => claimNext(tasks, access.identity(), ctx, { judge: access.leaseJudge() })))
        return answer(nextFreeTask(access.tasks(), access.identity().name, access.leaseJudge()))
      },
      describe: (payload, data) => (data === null ? "nothing is ready" : `${payload.claim ? "claimed" : "next:"} ${named(data)}`),
    }),
    defineBridgeCommand({
      command: "whoami",
      payload: EmptyPayload,
      readOnly: true,
      run: async () => {
        const identity = access.identity()
        return { ...identity, because: describeIdentitySource(identity.how) }
      },
      describe: (_payload, data) => `you are ${(data as { name: string }).name}`,
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
