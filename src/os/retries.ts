// A failed attempt at a task (reported by the agent, or a rejected validation): count the retry in
// `state.rt` and the plan file, send the task back to CONSTRUCT, and block with BLK_MAX once the
// count exceeds the plan's limit.
import type { LogEntry } from "./log-writer.ts"
import { updateTask } from "./plans.ts"
import type { PlanFile, PlanTask, StateFile } from "./schemas.ts"
import { logEntry } from "./state-store.ts"

export interface FailureOutcome {
  state: StateFile
  plan: PlanFile
  logs: LogEntry[]
  retries: number
  exceeded: boolean
}

export function applyTaskFailure(state: StateFile, plan: PlanFile, task: PlanTask, reason: string, what: string): FailureOutcome {
  const retries = Math.max(state.rt[task.id] ?? 0, task.rt) + 1
  const exceeded = retries > plan.max
  const err = `${task.id}: ${reason}`.slice(0, 300)
  const next: StateFile = {
    ...state,
    ph: "C",
    ct: task.id,
    st: exceeded ? "BLK_MAX" : "BUSY",
    rt: { ...state.rt, [task.id]: retries },
    err,
  }
  const logs: LogEntry[] = [logEntry("W", `${what} (retry ${retries}/${plan.max}): ${reason}`, next)]
  if (exceeded) logs.push(logEntry("E", `BLK_MAX: task ${task.id} failed ${retries} times, over the limit of ${plan.max} retries`, next))
  return {
    state: next,
    plan: updateTask(plan, task.id, { rt: retries, err: reason.slice(0, 300), st: exceeded ? "failed" : "active" }),
    logs,
    retries,
    exceeded,
  }
}
