// Running one command's definition and turning the outcome into a response: data on success, a
// sanitized message (no stack, no absolute path) on failure. Task commands run against the
// working copy of a batch (WorkingTasks), reached through the TaskAccess the definitions hold.
import { randomUUID } from "node:crypto"
import type { Slot } from "./claim-plan.ts"
import type { AgentResponse } from "./protocol.ts"
import type { TaskAccess } from "./task-access.ts"
import type { Task } from "../domain/task.ts"
import type { Mutation, OperationContext } from "../domain/task-operations.ts"
import { conflict, sanitizeErrorMessage, toTskError, TskError } from "../domain/errors.ts"
import { splitAnswer } from "./paged-answer.ts"
import type { AgentIdentity } from "../domain/agent-identity.ts"
import { clockJudge, renewingLeases, type LeaseJudge } from "../domain/task-claim.ts"

/** Thrown when this process is no longer the runner: stop at once, answer nothing more. */
export class RoleLostError extends Error {
  constructor() {
    super("another process took over the runner role")
    this.name = "RoleLostError"
  }
}

/** The task list of one batch, changed in memory by each command in turn. */
export class WorkingTasks {
  list: Task[]
  changed = false

  constructor(tasks: Task[]) {
    this.list = tasks
  }

  mutate<T>(operation: (tasks: Task[], ctx: OperationContext) => Mutation<T>, now: Date): T {
    const mutation = operation(this.list, { now, newId: randomUUID })
    // The store's no-wipe rule, per command, as mutateTasks applies it per action.
    if (this.list.length > 0 && mutation.tasks.length === 0 && !mutation.explicitDelete) {
      throw conflict("refusing to replace a non-empty task list with an empty one; delete tasks explicitly instead")
    }
    this.list = mutation.tasks
    this.changed = true
    return mutation.result
  }
}

export interface TaskRouter {
  /** What the task command definitions are built on. */
  access: TaskAccess
  /** `agentId`: the command's own (it names the holder of what it claims; else its source does). */
  enter(working: WorkingTasks, source: string, agentId?: string): void
  leave(): void
}

export function createTaskRouter(clock: () => Date = () => new Date(), judge: (now: Date) => LeaseJudge = clockJudge): TaskRouter {
  let current: { working: WorkingTasks; source: string; identity: AgentIdentity } | null = null
  const active = () => {
    if (!current) throw new TskError("io", "task commands run only inside a batch of the runner")
    return current
  }
  return {
    access: {
      tasks: () => active().working.list,
      mutate: (operation) => active().working.mutate(renewingLeases(active().identity.name, operation), clock()),
      now: clock,
      source: () => active().source,
      identity: () => active().identity,
      leaseJudge: () => judge(clock()),
    },
    enter(working, source, agentId) {
      const identity: AgentIdentity = agentId !== undefined ? { name: agentId, how: "agentId" } : { name: source, how: "source" }
      current = { working, source, identity }
    },
    leave() {
      current = null
    },
  }
}

/** An error answer in the CLI's vocabulary: the message, and its kind as `errorKind`. */
export function errorAnswer(commandId: string, error: unknown, timestamp: string): AgentResponse {
  return { commandId, status: "error", error: sanitizeErrorMessage(error), errorKind: toTskError(error).kind, timestamp }
}

export interface CommandOutcome {
  response: AgentResponse
  summary: string
}

/** The definition's detail for a failure, as plain JSON; a describer that fails adds nothing. */
function errorDataOf(definition: Extract<Slot, { kind: "run" }>["definition"], error: unknown): unknown {
  try {
    const data = definition.errorData?.(error)
    return data === undefined ? undefined : JSON.parse(JSON.stringify(data))
  } catch {
    return undefined
  }
}

export async function runDefinition(slot: Extract<Slot, { kind: "run" }>, now: () => string): Promise<CommandOutcome> {
  const { command, definition, payload } = slot
  try {
    // Plain JSON (what the outbox can hold); a page's paging goes beside `data`.
    const { data, page } = splitAnswer(await definition.run(payload))
    let summary: string
    try {
      summary = definition.describe(payload, data)
    } catch {
      summary = `${command.command} done`
    }
    return { response: { commandId: command.id, status: "ok", ...(data !== undefined ? { data } : {}), ...(page ?? {}), timestamp: now() }, summary }
  } catch (error) {
    if (error instanceof RoleLostError) throw error
    const data = errorDataOf(definition, error)
    return { response: { ...errorAnswer(command.id, error, now()), ...(data !== undefined ? { data } : {}) }, summary: `${command.command} failed` }
  }
}
