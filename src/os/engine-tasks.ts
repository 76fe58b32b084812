// CONSTRUCT and VALIDATE: `complete` registers the task's artifact, `validate` enforces the
// annotation rules on it, `fail` records an attempt that went wrong.
import { TskError } from "../domain/errors.ts"
import { validateArtifactFile } from "./annotation-validator.ts"
import { nextVersion, type PlannedWrite } from "./commit.ts"
import { commit, currentPlanTask, guarded, loadState, readCurrentPlan, readLedger, readRegistrySummary, type EngineContext } from "./engine-context.ts"
import { planWrites, summaryWith, type PhaseResult } from "./engine-workflow.ts"
import { parseInput } from "./input.ts"
import { assertPhase, assertTransition } from "./phases.ts"
import { findTask, nextPendingTask, updateTask } from "./plans.ts"
import { assertArtifactType, requiresAnnotations } from "./artifact-types.ts"
import { confineLocation, confineRealLocation, isDataReference, projectFor } from "./project-paths.ts"
import { artifactTarget, buildArtifactRecord, readArtifact } from "./registry.ts"
import { applyTaskFailure } from "./retries.ts"
import { ArtifactFile, CompleteInput, FailInput, type StateFile } from "./schemas.ts"
import { assertNotBlocked, logEntry } from "./state-store.ts"
import { readDiskVersion, readVersioned } from "./versioned-file.ts"
import { taskView, type TaskView } from "./views.ts"

function assertCurrentTask(state: StateFile, taskId: string, action: string): void {
  if (state.ct === null) throw new TskError("invalid", `cannot ${action}: no task is in progress; run 'tsk os next' first`)
  if (state.ct !== taskId) {
    throw new TskError("invalid", `cannot ${action}: task ${taskId} is not the current task (${state.ct})`, { taskId, current: state.ct })
  }
}

export async function complete(
  ctx: EngineContext,
  input: unknown,
): Promise<PhaseResult & { task: TaskView; artifact: ArtifactFile }> {
  const { taskId, output: given, cwd } = parseInput(CompleteInput, input, "os-complete")
  const folders = { cwd: cwd ?? ctx.cwd, configured: ctx.settings().projectRoot }
  // A file is placed in the project before anything is read; a data reference stays as given.
  const dataRef = isDataReference(given.loc)
  assertArtifactType(given.type, given.loc, !dataRef)
  const placed = dataRef ? null : confineLocation(given.loc, folders)
  if (placed) await confineRealLocation(given.loc, placed)
  const output = placed ? { ...given, loc: placed.rel } : given
  return guarded(ctx, `complete ${taskId}`, async () => {
    const state = await loadState(ctx)
    assertNotBlocked(state, "complete a task")
    assertPhase(state.ph, ["C"], "complete a task", "Run 'tsk os next' to start a task.")
    assertTransition(state.ph, "V", "complete a task")
    assertCurrentTask(state, taskId, "complete")
    const { plan, rel: planRel, summary: planSummary } = await readCurrentPlan(ctx, state)
    const task = currentPlanTask(plan, taskId)
    const registry = await readRegistrySummary(ctx)
    const target = artifactTarget(ctx.paths, registry, output)
    const existing = registry.items[output.id] ? await readVersioned(target.path, ArtifactFile, target.rel) : null
    if (!existing && (await readDiskVersion(target.path, target.rel)) !== null) {
      throw new TskError("invalid", `${target.rel} exists but is not in registry_summary.json; run 'tsk os check --repair'`)
    }
    const record = buildArtifactRecord(output, existing, { plan: plan.id, task: taskId, project: placed?.project ?? null })
    const expectedV = existing?.v ?? null
    const updatedPlan = updateTask(plan, taskId, { st: "review", art: output.id, err: null })
    const writes: PlannedWrite[] = [
      { path: target.path, expectedV, value: record, onConflict: "BLK_CON" },
      {
        path: ctx.paths.registrySummary,
        expectedV: registry.v,
        value: summaryWith(registry, output.id, target.rel, nextVersion(expectedV)),
        onConflict: "BLK_SUM",
      },
      ...planWrites(ctx.paths, planRel, updatedPlan, planSummary),
    ]
    const nextState: StateFile = { ...state, ph: "V", st: "READY" }
    const message = `task ${taskId} complete: artifact ${output.id} (${output.type}) at ${output.loc}`
    const saved = await commit(ctx, { op: `complete ${taskId}`, stateV: state.v, state: nextState, writes, logs: [logEntry("I", message, nextState)] })
    return {
      phase: saved.ph,
      state: saved.st,
      task: taskView({ ...task, st: "review", art: output.id, err: null }),
      artifact: { ...record, v: nextVersion(expectedV) },
    }
  })
}

export interface FailResult extends PhaseResult {
  task: TaskView
  retries: number
  maxRetries: number
  blocked: boolean
}

export async function fail(ctx: EngineContext, input: unknown): Promise<FailResult> {
  const { taskId, error } = parseInput(FailInput, input, "os-fail")
  return guarded(ctx, `fail ${taskId}`, async () => {
    const state = await loadState(ctx)
    assertNotBlocked(state, "report a failure")
    assertPhase(state.ph, ["C", "V"], "report a failure", "Only a task in progress or under review can fail.")
    assertTransition(state.ph, "C", "report a failure")
    assertCurrentTask(state, taskId, "report a failure")
    const { plan, rel, summary } = await readCurrentPlan(ctx, state)
    const task = currentPlanTask(plan, taskId)
    const outcome = applyTaskFailure(state, plan, task, error, `task ${taskId} failed`)
    const saved = await commit(ctx, {
      op: `fail ${taskId}`,
      stateV: state.v,
      state: outcome.state,
      writes: planWrites(ctx.paths, rel, outcome.plan, summary),
      logs: outcome.logs,
      setsErr: true,
    })
    return {
      phase: saved.ph,
      state: saved.st,
      task: taskView(findTask(outcome.plan, taskId)),
      retries: outcome.retries,
      maxRetries: plan.max,
      blocked: outcome.exceeded,
    }
  })
}

export interface ValidateResult extends FailResult {
  ok: boolean
  reasons: string[]
  artifact: string
  /** The plan finished (phase I). */
  planDone: boolean
}

export async function validate(ctx: EngineContext): Promise<ValidateResult> {
  return guarded(ctx, "validate", async () => {
    const state = await loadState(ctx)
    assertNotBlocked(state, "validate")
    assertPhase(state.ph, ["V"], "validate", "Complete a task first ('tsk os complete').")
    if (state.ct === null) throw new TskError("invalid", "cannot validate: no task is under review")
    const { plan, rel, summary } = await readCurrentPlan(ctx, state)
    const task = currentPlanTask(plan, state.ct)
    if (!task.art) throw new TskError("invalid", `task ${task.id} has no artifact to validate; complete it with its output first`)
    const { record } = await readArtifact(ctx.paths, await readRegistrySummary(ctx), task.art)
    const ledger = await readLedger(ctx)
    const activeLinked = record.ki.filter((id) => ledger.issues.some((issue) => issue.id === id && issue.status === "ACTIVE"))
    // The project the artifact was registered in, whichever surface validates it.
    const project = record.root ?? projectFor({ cwd: ctx.cwd, configured: ctx.settings().projectRoot })?.project ?? null
    if (project === null && requiresAnnotations(record.type)) {
      // Not the artifact's fault: refused without counting a retry.
      throw new TskError("invalid", `cannot validate ${record.id}: it has no project folder; complete it again with 'cwd', or set os.projectRoot`)
    }
    const result = await validateArtifactFile(record, activeLinked, project)
    if (!result.ok) {
      assertTransition(state.ph, "C", "reject the artifact")
      const outcome = applyTaskFailure(state, plan, task, result.reasons.join("; "), `validation rejected artifact ${record.id}`)
      const saved = await commit(ctx, {
        op: `validate ${task.id}`,
        stateV: state.v,
        state: outcome.state,
        writes: planWrites(ctx.paths, rel, outcome.plan, summary),
        logs: outcome.logs,
        setsErr: true,
      })
      const view = taskView(findTask(outcome.plan, task.id))
      return { ok: false, reasons: result.reasons, artifact: record.id, phase: saved.ph, state: saved.st, task: view, retries: outcome.retries, maxRetries: plan.max, blocked: outcome.exceeded, planDone: false }
    }
    const donePlan = updateTask(plan, task.id, { st: "done", err: null })
    const remaining = nextPendingTask(donePlan)
    const ph = remaining ? "C" : "I"
    assertTransition(state.ph, ph, "accept the artifact")
    const nextState: StateFile = { ...state, ph, st: "READY", ct: null }
    const logs = [logEntry("I", `task ${task.id} validated: artifact ${record.id}${result.checked ? " follows the annotation rules" : ""}`, { ...state, ph: "V" })]
    if (!remaining) logs.push(logEntry("I", `plan ${plan.id} complete (${plan.tasks.length}/${plan.tasks.length} tasks)`, nextState))
    const saved = await commit(ctx, { op: `validate ${task.id}`, stateV: state.v, state: nextState, writes: planWrites(ctx.paths, rel, donePlan, summary), logs })
    const retries = state.rt[task.id] ?? task.rt
    const view = taskView(findTask(donePlan, task.id))
    return { ok: true, reasons: [], artifact: record.id, phase: saved.ph, state: saved.st, task: view, retries, maxRetries: plan.max, blocked: false, planDone: !remaining }
  })
}
