// Recovery when a runner starts (and `tsk recover`): reconcile the newest valid checkpoint with
// the files. Nothing completed runs again; a background C64 task resumes at its next iteration and
// its count never goes back (a registry write lost in a crash is restored from the checkpoint); an
// interrupted foreground C64 operation runs again only when it is idempotent (a read), otherwise
// it is marked interrupted; the agent's current plan task resumes with its retry count as it was;
// queued commands run exactly once (the bridge's journal and processed ids guarantee it, recovery
// lists them).
import { createTaskRegistry } from "../c64/state/task-registry.ts"
import { resolveC64StatePaths } from "../c64/state/state-paths.ts"
import { formatTimestamp } from "../c64/state/timestamp.ts"
import { ownedByAnotherLiveProcess } from "../c64/task-owner.ts"
import { isIdempotentForeground } from "../c64/operations/operation-table.ts"
import { INTERRUPTED_WRITE } from "../c64/resume-tasks.ts"
import type { RegistryEntry } from "../c64/state/task-schema.ts"
import type { CheckpointBody, CommandNode, WorkEntry } from "./checkpoint-schema.ts"
import { collectCheckpoint } from "./collect-state.ts"
import { loadLatestCheckpoint, writeCheckpoint } from "./checkpoint-store.ts"

export interface RecoveryPlan {
  checkpoint: { id: string; createdAt: string } | null
  /** Completed work at every level: never executed again. */
  completed: number
  /** Background C64 tasks to resume, at their next iteration. */
  resume: Array<{ id: string; operation: string; nextIteration: number; restoredFrom: number | null }>
  /** Interrupted idempotent foreground C64 operations: left running, run again when a runner starts. */
  rerun: Array<{ id: string; operation: string }>
  /** Interrupted foreground C64 operations that write: marked interrupted, never run again. */
  interrupted: Array<{ id: string; operation: string }>
  /** The agent's plan task in progress: resumed, its retry count unchanged. */
  planTask: { plan: string; task: string; retries: number } | null
  /** Commands waiting in the inbox: each runs exactly once. */
  queued: CommandNode[]
}

const iterationsIn = (checkpoint: CheckpointBody | null, id: string): number | null =>
  checkpoint?.structure.c64.find((c) => c.id === id)?.iterations ?? null

export async function planRecovery(home: string, env: NodeJS.ProcessEnv): Promise<{ plan: RecoveryPlan; now: CheckpointBody; entries: RegistryEntry[] }> {
  const checkpoint = loadLatestCheckpoint(home)
  const now = await collectCheckpoint(home, env, "recover")
  const registry = createTaskRegistry(resolveC64StatePaths(env))
  const entries = await registry.list().catch(() => [] as RegistryEntry[])
  const orphaned = entries.filter((e) => e.status === "running" && !ownedByAnotherLiveProcess(e))
  const resume = orphaned
    .filter((e) => e.type === "background")
    .map((e) => {
      const saved = iterationsIn(checkpoint, e.id)
      const current = e.iterations ?? 0
      return { id: e.id, operation: e.operation, nextIteration: Math.max(current, saved ?? 0) + 1, restoredFrom: saved !== null && saved > current ? current : null }
    })
  const foreground = orphaned.filter((e) => e.type === "foreground")
  const exec = now.execution
  const planTask = exec.currentPlan && exec.currentPlanTask
    ? { plan: exec.currentPlan, task: exec.currentPlanTask, retries: now.budgets.validationRetries.byTask[exec.currentPlanTask] ?? 0 }
    : null
  const plan: RecoveryPlan = {
    checkpoint: checkpoint ? { id: checkpoint.id, createdAt: checkpoint.createdAt } : null,
    completed: now.completedTasks.length,
    resume,
    rerun: foreground.filter((e) => isIdempotentForeground(e.operation)).map((e) => ({ id: e.id, operation: e.operation })),
    interrupted: foreground.filter((e) => !isIdempotentForeground(e.operation)).map((e) => ({ id: e.id, operation: e.operation })),
    planTask,
    queued: now.structure.commands.filter((c) => !c.answered),
  }
  return { plan, now, entries }
}

/**
 * Apply what recovery can do without the machine: restore iteration counts the registry lost
 * (never lowering one) and mark interrupted foreground writes; then write a checkpoint of the
 * recovered state. Interrupted reads stay `running`: the C64 service of a starting runner runs
 * them again in the same task, and resumes background tasks at their next iteration.
 */
export async function applyRecovery(home: string, env: NodeJS.ProcessEnv, nowMs = Date.now()): Promise<{ plan: RecoveryPlan; checkpoint: CheckpointBody }> {
  const { plan } = await planRecovery(home, env)
  const registry = createTaskRegistry(resolveC64StatePaths(env))
  const stamp = formatTimestamp(nowMs)
  for (const task of plan.resume.filter((r) => r.restoredFrom !== null)) {
    await registry.update(task.id, (e) => ({ ...e, iterations: Math.max(e.iterations ?? 0, task.nextIteration - 1), updatedAt: stamp }))
  }
  for (const task of plan.interrupted) {
    await registry.update(task.id, (e) =>
      e.status === "running" && !ownedByAnotherLiveProcess(e)
        ? { ...e, status: "error", lastError: INTERRUPTED_WRITE, stoppedAt: stamp, updatedAt: stamp }
        : e,
    )
  }
  const checkpoint = await writeCheckpoint(home, await collectCheckpoint(home, env, "recover"))
  return { plan, checkpoint }
}

export function describeWork(entry: WorkEntry): string {
  const path = entry.parentPath.length > 0 ? `${entry.parentPath.join(" › ")} › ` : ""
  return `${entry.kind} ${path}${entry.id} (${entry.status}) ${entry.title}`
}
