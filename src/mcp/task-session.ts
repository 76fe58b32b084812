// The bridge's task commands outside the runner: an MCP tool call runs one command definition on a
// working copy of tasks.json (the TaskAccess the definitions are built on) and commits the copy
// with the store's locked read-modify-write only if tasks.json is still the list the command ran
// on; otherwise it runs the command again on the new list. Task commands are pure functions of the
// list, the clock and fresh ids, so a rerun is the same command on newer data, never a double.
import type { BridgeCommandDefinition } from "../domain/command-definition.ts"
import type { TaskAccess } from "../bridge/task-access.ts"
import { WorkingTasks } from "../bridge/command-execution.ts"
import { mutateTasks, readTasks } from "../store/tasks-repository.ts"
import { conflict, TskError } from "../domain/errors.ts"
import type { Task } from "../domain/task.ts"
import type { AgentIdentity } from "../domain/agent-identity.ts"
import { renewingLeases } from "../domain/task-claim.ts"
import { createLeaseJudge } from "../os/lease-judge.ts"

/** Writers racing for the same list: after this many reruns the call answers `conflict`. */
const MAX_ATTEMPTS = 8

/** Thrown inside the lock when tasks.json moved on since the command read it. */
class ListMovedOn extends Error {}

export interface TaskSession {
  /** What the task command definitions are built on. */
  access: TaskAccess
  /** Run one task command definition and make its change durable. */
  run(definition: BridgeCommandDefinition, payload: unknown): Promise<unknown>
}

export function createTaskSession(home: string, source: () => string, identity: () => AgentIdentity, clock: () => Date = () => new Date()): TaskSession {
  let working: WorkingTasks | null = null
  const active = () => {
    if (!working) throw new TskError("io", "task commands run only inside a tool call")
    return working
  }
  const access: TaskAccess = {
    tasks: () => active().list,
    mutate: (operation) => active().mutate(renewingLeases(identity().name, operation), clock()),
    now: clock,
    source,
    identity,
    leaseJudge: () => createLeaseJudge(home, clock()),
  }

  async function attempt(definition: BridgeCommandDefinition, payload: unknown): Promise<unknown> {
    const read = await readTasks(home)
    const copy = new WorkingTasks(read.tasks)
    working = copy
    let data: unknown
    try {
      data = await definition.run(payload)
    } finally {
      working = null
    }
    if (!copy.changed) return data
    const base: readonly Task[] = read.tasks
    // readTasks hands back the very snapshot it last saw while the file is unchanged, so identity
    // of the list under the lock proves no other writer came in between. (A missing file reads as
    // a new empty list each time; empty is empty.)
    await mutateTasks(home, (current) => {
      if (current !== base && (current.length > 0 || base.length > 0)) throw new ListMovedOn()
      // The no-wipe rule was applied per command by WorkingTasks; an explicit delete passes it.
      return { tasks: copy.list, result: null, explicitDelete: true }
    })
    return data
  }

  async function runWithRetries(definition: BridgeCommandDefinition, payload: unknown): Promise<unknown> {
    for (let tries = 1; ; tries++) {
      try {
        return await attempt(definition, payload)
      } catch (error) {
        if (!(error instanceof ListMovedOn)) throw error
        if (tries >= MAX_ATTEMPTS) throw conflict("tasks.json kept changing under this command; try again")
      }
    }
  }

  // A client may send calls concurrently; the working copy is one at a time, so calls queue.
  let queue: Promise<unknown> = Promise.resolve()
  return {
    access,
    run(definition, payload) {
      const result = queue.then(() => runWithRetries(definition, payload))
      queue = result.catch(() => undefined)
      return result
    },
  }
}
