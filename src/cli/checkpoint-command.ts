// tsk checkpoint list|show|create and tsk recover [--dry-run] (DESIGN 11).
import type { CommandSpec } from "./command.ts"
import { TskError } from "../domain/errors.ts"

const store = () => import("../recovery/checkpoint-store.ts")

const checkpointList: CommandSpec = {
  name: "list",
  summary: "List the kept checkpoints, newest first (a torn or invalid one is marked)",
  usage: "tsk checkpoint list",
  async run(ctx) {
    const { listCheckpoints } = await store()
    const list = listCheckpoints(ctx.home)
    const s = ctx.style
    const lines = list.map((c) =>
      c.valid
        ? `${c.id}  ${c.createdAt}  ${c.reason}  ${s.green(`${c.completed} completed`)}, ${c.pending} pending, ${c.failed > 0 ? s.red(`${c.failed} failed`) : "0 failed"}`
        : `${c.id}  ${s.red(`invalid: ${c.error}`)}`,
    )
    return { data: list, text: lines.length > 0 ? lines.join("\n") : "No checkpoints yet (a runner writes them; tsk checkpoint create writes one now)." }
  },
}

const checkpointShow: CommandSpec = {
  name: "show",
  summary: "Show a checkpoint (the newest valid one, or the one with this id prefix)",
  usage: "tsk checkpoint show [id]",
  examples: ["tsk checkpoint show", "tsk checkpoint show 0001764000000000 --json"],
  async run(ctx, { positionals }) {
    const { findCheckpoint, loadLatestCheckpoint } = await store()
    const { describeWork } = await import("../recovery/recovery-plan.ts")
    const [id] = positionals
    const checkpoint = id ? findCheckpoint(ctx.home, id) : loadLatestCheckpoint(ctx.home)
    if (!checkpoint) throw new TskError("not_found", id ? `no checkpoint '${id}'` : "no valid checkpoint yet")
    const e = checkpoint.execution
    const b = checkpoint.budgets
    const section = (title: string, entries: typeof checkpoint.completedTasks) => [`${title} (${entries.length})`, ...entries.slice(0, 20).map((w) => `  ${describeWork(w)}`), ...(entries.length > 20 ? [`  … ${entries.length - 20} more (--json for all)`] : [])]
    const text = [
      `checkpoint ${checkpoint.id}  ${checkpoint.createdAt}  (${checkpoint.reason})`,
      `execution: phase ${e.phase ?? "-"}, state ${e.state ?? "-"}, plan ${e.currentPlan ?? "-"}, plan task ${e.currentPlanTask ?? "-"}, running C64 ${e.runningC64.map((r) => `${r.id}@${r.iterations}`).join(", ") || "-"}`,
      `budgets: validation retries ${b.validationRetries.used} used, ${b.validationRetries.remaining} left; C64 iterations ${b.c64Iterations.used} used, ${b.c64Iterations.remaining} left`,
      `tracked files: ${checkpoint.trackedFiles.length}`,
      ...section("failed", checkpoint.failedTasks),
      ...section("pending", checkpoint.pendingTasks),
      ...section("completed", checkpoint.completedTasks),
    ]
    return { data: checkpoint, text: text.join("\n") }
  },
}

const checkpointCreate: CommandSpec = {
  name: "create",
  summary: "Write a checkpoint of the current state now",
  usage: "tsk checkpoint create",
  async run(ctx) {
    const [{ writeCheckpoint }, { collectCheckpoint }] = await Promise.all([store(), import("../recovery/collect-state.ts")])
    const checkpoint = await writeCheckpoint(ctx.home, await collectCheckpoint(ctx.home, ctx.env, "manual"))
    return {
      data: checkpoint,
      text: `${ctx.style.green("✓")} checkpoint ${checkpoint.id}: ${checkpoint.completedTasks.length} completed, ${checkpoint.pendingTasks.length} pending, ${checkpoint.failedTasks.length} failed`,
    }
  },
}

export const checkpointCommand: CommandSpec = {
  name: "checkpoint",
  summary: "Recovery checkpoints: list, show, create",
  usage: "tsk checkpoint <list|show|create>",
  subcommands: [checkpointList, checkpointShow, checkpointCreate],
}

export const recoverCommand: CommandSpec = {
  name: "recover",
  summary: "Reconcile the newest checkpoint with the files: what resumes, runs again, or is marked interrupted",
  usage: "tsk recover [--dry-run]",
  description: "A runner does this when it starts. Without --dry-run, lost iteration counts are restored and interrupted writes are marked; interrupted reads are left for the next runner start to run again; a checkpoint of the result is written.",
  options: { "dry-run": { type: "boolean", description: "only say what would be done" } },
  examples: ["tsk recover --dry-run", "tsk recover --json"],
  async run(ctx, { options }) {
    const { applyRecovery, planRecovery } = await import("../recovery/recovery-plan.ts")
    const dry = options["dry-run"] === true
    const plan = dry ? (await planRecovery(ctx.home, ctx.env)).plan : (await applyRecovery(ctx.home, ctx.env)).plan
    const lines = [
      plan.checkpoint ? `from checkpoint ${plan.checkpoint.id} (${plan.checkpoint.createdAt})` : "no checkpoint yet: reconciling the files alone",
      `${plan.completed} completed: not run again`,
      ...plan.resume.map((r) => `resume ${r.id} (${r.operation}) at iteration ${r.nextIteration}${r.restoredFrom !== null ? ` (count restored from ${r.restoredFrom})` : ""}`),
      ...plan.rerun.map((r) => `${dry ? "would run again" : "left to run again"} ${r.id} (${r.operation}: a read, run again in the same task when a runner starts)`),
      ...plan.interrupted.map((r) => `${dry ? "would mark" : "marked"} interrupted ${r.id} (${r.operation}: not idempotent)`),
      ...(plan.planTask ? [`resume plan ${plan.planTask.plan} task ${plan.planTask.task} (retries stay ${plan.planTask.retries})`] : []),
      `${plan.queued.length} queued command${plan.queued.length === 1 ? "" : "s"}: each runs once`,
    ]
    return { data: { dryRun: dry, ...plan }, text: lines.join("\n") }
  },
}
