// ANALYZE, BLUEPRINT and the step into CONSTRUCT: `analyze`, `plan` and `next`.
import { join } from "node:path"
import { TskError } from "../domain/errors.ts"
import { nextVersion, type PlannedWrite } from "./commit.ts"
import { commit, guarded, loadState, readCurrentPlan, readPlanSummary, type EngineContext } from "./engine-context.ts"
import { parseInput } from "./input.ts"
import { planRelPath, type OsPaths } from "./os-paths.ts"
import { assertPhase, assertTransition } from "./phases.ts"
import { buildPlanFile, nextPendingTask, updateTask } from "./plans.ts"
import { AnalyzeInput, PlanInput, type OsState, type Phase, type PlanFile, type StateFile, type SummaryFile } from "./schemas.ts"
import { assertNotBlocked, logEntry } from "./state-store.ts"
import { readDiskVersion } from "./versioned-file.ts"
import { planView, taskView, type PlanView, type TaskView } from "./views.ts"

export interface PhaseResult {
  phase: Phase
  state: OsState
}

/** A summary with `id` mapped to `path` at version `v` (the summary's own `v` is set on commit). */
export function summaryWith(summary: SummaryFile, id: string, path: string, v: number): SummaryFile {
  return { ...summary, items: { ...summary.items, [id]: { path, v } } }
}

/** The writes for a changed plan (version 0: new): the plan file (primary), then plan_summary.json. */
export function planWrites(paths: OsPaths, rel: string, plan: PlanFile, summary: SummaryFile): PlannedWrite[] {
  const expectedV = plan.v === 0 ? null : plan.v
  return [
    { path: join(paths.root, rel), expectedV, value: plan, onConflict: "BLK_CON" },
    { path: paths.planSummary, expectedV: summary.v, value: summaryWith(summary, plan.id, rel, nextVersion(expectedV)), onConflict: "BLK_PSUM" },
  ]
}

export async function analyze(ctx: EngineContext, input: unknown): Promise<PhaseResult & { goal: string }> {
  const { goal } = parseInput(AnalyzeInput, input, "os-analyze")
  return guarded(ctx, "analyze", async () => {
    const state = await loadState(ctx)
    assertNotBlocked(state, "analyze")
    assertPhase(state.ph, ["I"], "analyze", "A new goal is analysed from IDLE; finish the current plan first.")
    assertTransition(state.ph, "A", "analyze")
    const next: StateFile = { ...state, ph: "A", st: "READY", cp: null, ct: null, rt: {} }
    const saved = await commit(ctx, { op: "analyze", stateV: state.v, state: next, writes: [], logs: [logEntry("I", `analyze: ${goal}`, next)] })
    return { phase: saved.ph, state: saved.st, goal }
  })
}

export async function plan(ctx: EngineContext, input: unknown): Promise<PhaseResult & { plan: PlanView }> {
  const request = parseInput(PlanInput, input, "os-plan")
  return guarded(ctx, "plan", async () => {
    const state = await loadState(ctx)
    assertNotBlocked(state, "plan")
    assertPhase(state.ph, ["A"], "plan", "Run 'tsk os analyze <goal>' first.")
    assertTransition(state.ph, "B", "plan")
    const summary = await readPlanSummary(ctx)
    const planFile = buildPlanFile(request, summary, ctx.settings().maxRetries)
    const rel = planRelPath(planFile.dom, planFile.id)
    const path = join(ctx.paths.root, rel)
    if ((await readDiskVersion(path, rel)) !== null) {
      throw new TskError("invalid", `${rel} exists but is not in plan_summary.json; run 'tsk os check --repair' or choose another plan id`)
    }
    const next: StateFile = { ...state, ph: "B", st: "READY", cp: planFile.id, ct: null, rt: {} }
    const writes = planWrites(ctx.paths, rel, planFile, summary)
    const message = `plan ${planFile.id} (${planFile.dom}): ${planFile.goal} (${planFile.tasks.length} tasks)`
    const saved = await commit(ctx, { op: `plan ${planFile.id}`, stateV: state.v, state: next, writes, logs: [logEntry("I", message, next)] })
    return { phase: saved.ph, state: saved.st, plan: planView({ ...planFile, v: 1 }) }
  })
}

export async function next(ctx: EngineContext): Promise<PhaseResult & { plan: string; task: TaskView }> {
  return guarded(ctx, "next", async () => {
    const state = await loadState(ctx)
    assertNotBlocked(state, "move to the next task")
    assertPhase(state.ph, ["B", "C"], "move to the next task", "Plan first, or validate the task under review.")
    assertTransition(state.ph, "C", "move to the next task")
    if (state.ct !== null) {
      throw new TskError("invalid", `task ${state.ct} is still in progress; complete it ('tsk os complete') or report a failure ('tsk os fail') first`, {
        taskId: state.ct,
      })
    }
    const { plan: current, rel, summary } = await readCurrentPlan(ctx, state)
    const task = nextPendingTask(current)
    if (!task) throw new TskError("invalid", `plan ${current.id} has no pending task`, { planId: current.id })
    const updated = updateTask(current, task.id, { st: "active" })
    const nextState: StateFile = { ...state, ph: "C", st: "BUSY", ct: task.id }
    const writes = planWrites(ctx.paths, rel, updated, summary)
    const saved = await commit(ctx, {
      op: `next ${task.id}`,
      stateV: state.v,
      state: nextState,
      writes,
      logs: [logEntry("I", `task ${task.id} started: ${task.title}`, nextState)],
    })
    return { phase: saved.ph, state: saved.st, plan: current.id, task: taskView({ ...task, st: "active" }) }
  })
}
