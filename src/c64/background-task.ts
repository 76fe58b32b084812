// One background task on the scheduler: each run is one iteration. The iteration's sample is
// durable before the registry counts it, so a killed runner never loses a counted iteration and a
// resumed one (which counts the samples too) never repeats one.
import type { RunVerdict, ScheduledJob } from "./scheduler.ts"
import type { BackgroundOperation, BackgroundStep, ResumeState } from "./operations/operation-types.ts"
import type { RegistryEntry } from "./state/task-schema.ts"
import { appendSample } from "./state/task-files.ts"
import { formatTimestamp } from "./state/timestamp.ts"
import { TskError } from "../domain/errors.ts"
import { errorMessage, logTask, writeResult, type TaskRuntime } from "./task-runtime.ts"

export function createBackgroundJob(
  rt: TaskRuntime,
  entry: RegistryEntry,
  op: BackgroundOperation,
  args: unknown,
  resume: ResumeState,
): ScheduledJob {
  const run = op.start(rt.backend, args, resume)
  let iterations = resume.iterations
  let summary: Record<string, unknown> = resume.previousSummary ?? {}
  const max = entry.maxIterations ?? null

  function resultFor(current: RegistryEntry, extra: Record<string, unknown> = {}) {
    const finished = current.status !== "running"
    return {
      id: current.id,
      type: "task",
      name: current.operation,
      created: current.startedAt,
      updated: current.updatedAt,
      completed: finished ? (current.stoppedAt ?? current.updatedAt) : null,
      status: current.status,
      iterations,
      ...(max ? { maxIterations: max } : {}),
      intervalMs: current.intervalMs,
      summary,
      ...extra,
    }
  }

  async function fail(message: string): Promise<void> {
    const stamp = formatTimestamp(rt.now())
    const failed = await rt.registry.update(entry.id, (e) =>
      e.status === "running" ? { ...e, status: "error", lastError: message, stoppedAt: stamp, updatedAt: stamp } : e,
    )
    if (failed.status !== "error") return
    await writeResult(rt, failed, resultFor(failed, { error: message }))
    await logTask(rt, failed, `error: ${message}`)
    rt.events.emit({ type: "error", task: failed, error: message })
  }

  async function iterate(): Promise<RunVerdict> {
    const iteration = iterations + 1
    let step: BackgroundStep
    try {
      step = await run.step(iteration, rt.now())
    } catch (error) {
      await fail(errorMessage(error))
      return "finish"
    }
    if (step.sample) await appendSample(rt.home, entry, step.sample)
    let status: RegistryEntry["status"] = "running"
    let lastError: string | null = null
    if (step.done) status = "completed"
    else if (max !== null && iteration >= max) {
      lastError = run.onExhausted(iteration)
      status = lastError ? "error" : "completed"
    }
    const stamp = formatTimestamp(rt.now())
    let counted = false
    let updated: RegistryEntry
    try {
      updated = await rt.registry.update(entry.id, (e) => {
        // Stopped (or finished) by another process since our last look: leave it be.
        if (e.status !== "running") return e
        counted = true
        return { ...e, iterations: iteration, updatedAt: stamp, ...(status !== "running" ? { status, stoppedAt: stamp, lastError } : {}) }
      })
    } catch (error) {
      if (error instanceof TskError && error.kind === "not_found") return "finish"
      throw error
    }
    if (!counted) {
      if (updated.status === "stopped") rt.events.emit({ type: "stopped", task: updated })
      return "finish"
    }
    iterations = iteration
    summary = step.summary
    await writeResult(rt, updated, resultFor(updated, lastError ? { error: lastError } : {}), status !== "running")
    if (step.log) await logTask(rt, updated, step.log)
    rt.events.emit({ type: "iteration", task: updated, sample: step.sample ?? null, summary })
    if (status === "running") return "continue"
    if (status === "error") {
      await logTask(rt, updated, `error: ${lastError}`)
      rt.events.emit({ type: "error", task: updated, error: lastError ?? "failed" })
    } else {
      await logTask(rt, updated, `completed after ${iteration} iterations`)
      rt.events.emit({ type: "completed", task: updated, summary })
    }
    return "finish"
  }

  return {
    id: entry.id,
    intervalMs: entry.intervalMs ?? 1000,
    run: () => iterate(),
    onCrash: (error) => {
      // The iteration itself worked but recording it failed (disk full, a corrupt registry):
      // try to say so in the task's own state; if even that fails, tell the listeners.
      const message = `could not record the iteration: ${errorMessage(error)}`
      fail(message).catch(() => rt.events.emit({ type: "error", task: entry, error: message }))
    },
  }
}
