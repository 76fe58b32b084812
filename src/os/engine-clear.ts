// `clear`: the way out of a blocked state (BLK_*, ERROR), after the cause was dealt with. Clearing
// BLK_MAX also gives the blocked task a fresh retry budget (state.rt and the plan file), otherwise
// its next failure would block again at once.
import { join } from "node:path"
import { writeJsonDurable } from "../store/durable-file.ts"
import { withCommitLock, writeStateWithLogs } from "./commit.ts"
import { guarded, loadState, type EngineContext } from "./engine-context.ts"
import { updateTask } from "./plans.ts"
import { PlanFile, SummaryFile, type OsState, type Phase, type StateFile } from "./schemas.ts"
import { isBlocked, logEntry, readState, settledState } from "./state-store.ts"
import { readVersioned } from "./versioned-file.ts"

export interface ClearResult {
  cleared: boolean
  previous: OsState
  phase: Phase
  state: OsState
  /** The task whose retries were reset (clearing BLK_MAX). */
  retriesReset: string | null
}

/** Reset the blocked task's retries in its plan file; the lock is held. */
async function resetPlanRetries(ctx: EngineContext, state: StateFile): Promise<boolean> {
  if (!state.cp || !state.ct) return false
  const summary = await readVersioned(ctx.paths.planSummary, SummaryFile, "plan_summary.json")
  const item = summary?.items[state.cp]
  if (!summary || !item) return false
  const plan = await readVersioned(join(ctx.paths.root, item.path), PlanFile, item.path)
  if (!plan) return false
  const reset = updateTask(plan, state.ct, { rt: 0, st: "active" })
  await writeJsonDurable(join(ctx.paths.root, item.path), { ...reset, v: plan.v + 1 })
  await writeJsonDurable(ctx.paths.planSummary, { ...summary, v: summary.v + 1, items: { ...summary.items, [plan.id]: { ...item, v: plan.v + 1 } } })
  return true
}

export async function clear(ctx: EngineContext): Promise<ClearResult> {
  return guarded(ctx, "clear", async () => {
    const seen = await loadState(ctx)
    const unchanged = (state: StateFile): ClearResult => ({ cleared: false, previous: state.st, phase: state.ph, state: state.st, retriesReset: null })
    if (!isBlocked(seen.st)) return unchanged(seen)
    return withCommitLock(ctx.paths, async () => {
      const current = await readState(ctx.paths)
      if (!isBlocked(current.st)) return unchanged(current)
      // The error that blocked is dealt with: it no longer shows as the last one.
      let next: StateFile = { ...current, st: settledState(current.ph, current.ct), err: null }
      let retriesReset: string | null = null
      if (current.st === "BLK_MAX" && current.ct && (await resetPlanRetries(ctx, current))) {
        retriesReset = current.ct
        next = { ...next, ph: "C", st: "BUSY", rt: { ...current.rt, [current.ct]: 0 } }
      }
      const note = retriesReset ? `; retries of ${retriesReset} reset` : ""
      const saved = await writeStateWithLogs(ctx.paths, current.v, next, [logEntry("I", `cleared ${current.st}${note}`, next)])
      return { cleared: true, previous: current.st, phase: saved.ph, state: saved.st, retriesReset }
    })
  })
}
