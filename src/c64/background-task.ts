// One background task on the scheduler: each run is one iteration. The iteration's sample is
// durable before the registry counts it, so a killed runner never loses a counted iteration and a
// resumed one (which counts the samples too) never repeats one. A running iteration's count waits
// for the registry's next write, shared with the other tasks (updateSoon: within one interval, at
// most a second); its log line follows that write, in order, and so does the rewrite of the task's
// task.json and result.json, at most every `TASK_FILES_EVERY_MS` (the registry and the samples hold
// the rest) and always when the task stops here or its runner shuts down. Listeners hear of an
// iteration as soon as its sample is durable. A status change is written at once, files and all.
import type { RunVerdict, ScheduledJob } from "./scheduler.ts"
import type { BackgroundOperation, BackgroundStep, ResumeState } from "./operations/operation-types.ts"
import type { RegistryEntry } from "./state/task-schema.ts"
import { appendSample, writeTaskJson } from "./state/task-files.ts"
import { formatTimestamp, restamp, timestampStyleOf } from "./state/timestamp.ts"
import { TskError } from "../domain/errors.ts"
import { errorMessage, logTask, writeResult, type TaskRuntime } from "./task-runtime.ts"
import { ownerOf, type TaskOwner } from "./task-owner.ts"

/** How often a running task's task.json and result.json are rewritten with its latest iteration. */
export const TASK_FILES_EVERY_MS = 5000

export interface BackgroundJob extends ScheduledJob {
  /**
   * Holds the registry to what this runner knows of its task (see registry-guard.ts): `seen` is
   * the entry as the file holds it now, undefined when the file has none, null when unreadable.
   */
  guard(seen: RegistryEntry | undefined | null): Promise<void>
  /** The last iteration run (its sample is durable) and its figures. */
  progress(): { iterations: number; summary: Record<string, unknown> }
}

const sameOwner = (a: unknown, b: TaskOwner) => JSON.stringify(ownerOf({ owner: a } as unknown as RegistryEntry)) === JSON.stringify(b)

export function createBackgroundJob(
  rt: TaskRuntime,
  entry: RegistryEntry,
  op: BackgroundOperation,
  args: unknown,
  resume: ResumeState,
  /** Called once an iteration: lets the registry guard's heartbeat ride on it (registry-guard.ts). */
  beat: () => void = () => {},
): BackgroundJob {
  const run = op.start(rt.backend, args, resume)
  /** The last iteration run; the registry may not have counted it yet. */
  let iterations = resume.iterations
  let summary: Record<string, unknown> = resume.previousSummary ?? {}
  const max = entry.maxIterations ?? null
  /** Set once the task has ended (here or elsewhere): no further iteration runs. */
  let finished = false
  /** What follows each waiting count's write (files, log), in iteration order. */
  let tail: Promise<void> = Promise.resolve()
  let filesWrittenAt = -Infinity
  /** The rewrite of task.json and result.json that the last counted iteration is owed, if any. */
  let filesOwed: (() => Promise<void>) | null = null
  /** The iteration count this runner last wrote to the registry, and the entry as written. */
  let committed = resume.iterations
  let lastWritten: RegistryEntry = entry
  let guarding: Promise<void> | null = null

  /**
   * Another program rewrote the registry from an older copy (c64bridge does after every iteration
   * of its own tasks): this task dropped, its count rewound or its owner gone. The task's own
   * state here is the truth: put it back, and say so in its log.
   */
  /** How a running entry differs from what this runner last wrote (count behind, owner gone), or null. */
  function driftOf(e: RegistryEntry): string | null {
    const drift: string[] = []
    if ((e.iterations ?? 0) < committed) drift.push(`iterations ${e.iterations ?? 0} → ${Math.max(committed, iterations)}`)
    if (!sameOwner((e as Record<string, unknown>).owner, rt.owner)) drift.push("its owner")
    return drift.length > 0 ? drift.join(", ") : null
  }

  const logRewrite = (updated: RegistryEntry, drift: string) =>
    logTask(rt, updated, `restored in tasks.json (${drift}): another program had rewritten the registry from an older copy`)

  function guard(seen: RegistryEntry | undefined | null): Promise<void> {
    if (finished || seen === null || guarding) return guarding ?? Promise.resolve()
    if (seen !== undefined && (seen.status !== "running" || driftOf(seen) === null)) return Promise.resolve()
    guarding = repair(seen).finally(() => (guarding = null))
    return guarding
  }

  async function repair(seen: RegistryEntry | undefined): Promise<void> {
    const stamp = formatTimestamp(rt.now())
    if (seen === undefined) {
      const back = { ...lastWritten, iterations: iterations, owner: rt.owner, status: "running" as const, updatedAt: stamp }
      if (await rt.registry.restore(back)) await logTask(rt, back, `restored to tasks.json at iteration ${iterations}: another program had dropped this task from the registry (tsk's task files are the truth for tsk's tasks)`)
      return
    }
    let drift: string | null = null
    const fixed = await rt.registry.update(entry.id, (e) => {
      drift = e.status === "running" ? driftOf(e) : null
      return drift === null ? e : { ...e, iterations: Math.max(e.iterations ?? 0, committed), owner: rt.owner, updatedAt: stamp }
    })
    if (drift !== null) await logRewrite(fixed, drift)
  }

  async function writeFiles(updated: RegistryEntry, count: number, figures: Record<string, unknown>): Promise<void> {
    filesOwed = null
    filesWrittenAt = performance.now()
    await writeTaskJson(rt.home, updated, false)
    await writeResult(rt, updated, resultFor(updated, count, figures), false)
  }

  function resultFor(current: RegistryEntry, count: number, figures: Record<string, unknown>, extra: Record<string, unknown> = {}) {
    const ended = current.status !== "running"
    return {
      id: current.id,
      type: "task",
      name: current.operation,
      created: current.startedAt,
      updated: current.updatedAt,
      completed: ended ? (current.stoppedAt ?? current.updatedAt) : null,
      status: current.status,
      iterations: count,
      ...(max ? { maxIterations: max } : {}),
      intervalMs: current.intervalMs,
      summary: figures,
      ...extra,
    }
  }

  /** Ended by another process (stopped, say): this one stops running it. */
  async function endedElsewhere(current: RegistryEntry | null): Promise<void> {
    if (finished) return
    finished = true
    filesOwed = null
    if (current?.status === "stopped") rt.events.emit({ type: "stopped", task: await settleStopped().catch(() => current) })
  }

  /**
   * Stopped by another process (`tsk c64 stop` from the CLI) while this runner sampled: an
   * iteration whose sample was written after the stop's count is counted into the stopped task,
   * and task.json and result.json are rewritten from this runner's figures. In the registry lock,
   * after the stop's own writes, so the registry, both files and the samples agree.
   */
  function settleStopped(): Promise<RegistryEntry> {
    return rt.registry.update(
      entry.id,
      (e) => (e.status === "stopped" && (e.iterations ?? 0) < iterations ? { ...e, iterations } : e),
      async (current) => {
        if (current.status !== "stopped" || (current.iterations ?? 0) !== iterations) return
        await writeTaskJson(rt.home, current)
        await writeResult(rt, current, resultFor(current, iterations, summary))
      },
    )
  }

  /** `afterTail: false` from inside the tail itself, which must not wait for itself. */
  async function fail(message: string, afterTail = true): Promise<void> {
    finished = true
    const stamp = formatTimestamp(rt.now())
    const failed = await rt.registry.update(entry.id, (e) =>
      e.status === "running" ? { ...e, status: "error", lastError: message, stoppedAt: stamp, updatedAt: stamp } : e,
    )
    if (afterTail) await tail
    filesOwed = null
    if (failed.status !== "error") return
    await writeResult(rt, failed, resultFor(failed, iterations, summary, { error: message }))
    await logTask(rt, failed, `error: ${message}`)
    rt.events.emit({ type: "error", task: failed, error: message })
  }

  function crashed(error: unknown, afterTail = true): Promise<void> {
    // The iteration itself worked but recording it failed (disk full, a corrupt registry): try to
    // say so in the task's own state; if even that fails, tell the listeners.
    const message = `could not record the iteration: ${errorMessage(error)}`
    return fail(message, afterTail).catch(() => rt.events.emit({ type: "error", task: entry, error: message }))
  }

  /** Queues what follows a waiting count's write; a failure ends the task as a crash would. */
  function afterCommit(work: () => Promise<void>): void {
    tail = tail.then(work).catch((error: unknown) => {
      if (!finished) return crashed(error, false)
    })
  }

  async function iterate(): Promise<RunVerdict> {
    if (finished) return "finish"
    // Stopped (or finished) by another process since the last write: no sample after that.
    const seen = rt.registry.peek(entry.id)
    if (seen !== null && seen !== undefined && seen.status !== "running") {
      await endedElsewhere(seen)
      return "finish"
    }
    await guard(seen)
    beat()
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
    let drift: string | null = null
    const count = (e: RegistryEntry): RegistryEntry => {
      // Stopped (or finished) by another process since our last look: leave it be.
      if (e.status !== "running") return e
      counted = true
      drift = driftOf(e)
      return { ...e, iterations: Math.max(iteration, e.iterations ?? 0), owner: rt.owner, updatedAt: stamp, ...(status !== "running" ? { status, stoppedAt: stamp, lastError } : {}) }
    }
    const figures = step.summary
    iterations = iteration
    summary = figures

    if (status === "running") {
      const written = rt.registry.updateSoon(entry.id, count, entry.intervalMs)
      const known = seen ?? entry
      const counting = { ...known, iterations: iteration, updatedAt: restamp(stamp, timestampStyleOf(known.updatedAt)) }
      rt.events.emit({ type: "iteration", task: counting, sample: step.sample ?? null, summary: figures })
      afterCommit(async () => {
        let updated: RegistryEntry
        try {
          updated = await written
        } catch (error) {
          if (error instanceof TskError && error.kind === "not_found") return guard(undefined)
          throw error
        }
        if (!counted) return endedElsewhere(updated)
        committed = Math.max(committed, updated.iterations ?? 0)
        lastWritten = updated
        if (drift !== null) await logRewrite(updated, drift)
        if (performance.now() - filesWrittenAt >= TASK_FILES_EVERY_MS) await writeFiles(updated, iteration, figures)
        else filesOwed = () => writeFiles(updated, iteration, figures)
        if (step.log) await logTask(rt, updated, step.log)
      })
      return "continue"
    }

    finished = true
    let updated: RegistryEntry
    try {
      updated = await rt.registry.update(entry.id, count)
    } catch (error) {
      if (error instanceof TskError && error.kind === "not_found") return "finish"
      throw error
    }
    await tail
    filesOwed = null
    if (!counted) {
      if (updated.status === "stopped") rt.events.emit({ type: "stopped", task: await settleStopped() })
      return "finish"
    }
    await writeResult(rt, updated, resultFor(updated, iteration, figures, lastError ? { error: lastError } : {}))
    if (step.log) await logTask(rt, updated, step.log)
    rt.events.emit({ type: "iteration", task: updated, sample: step.sample ?? null, summary: figures })
    if (status === "error") {
      await logTask(rt, updated, `error: ${lastError}`)
      rt.events.emit({ type: "error", task: updated, error: lastError ?? "failed" })
    } else {
      await logTask(rt, updated, `completed after ${iteration} iterations`)
      rt.events.emit({ type: "completed", task: updated, summary: figures })
    }
    return "finish"
  }

  return {
    id: entry.id,
    intervalMs: entry.intervalMs ?? 1000,
    run: () => iterate(),
    async drain() {
      await rt.registry.flush()
      await tail
      // Only a convenience copy of what the registry and the samples hold: a failure here must not
      // keep the task from stopping or the runner from shutting down.
      if (!finished) await filesOwed?.().catch(() => {})
    },
    onCrash: (error) => void crashed(error),
    guard,
    progress: () => ({ iterations, summary }),
  }
}
