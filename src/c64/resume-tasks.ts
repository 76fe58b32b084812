// Picking up after a restart: background tasks still `running` whose process is gone are resumed
// from what their files prove was done; foreground tasks cut off mid-run are run again when they
// only read (the operation table says which) and marked as errors when they write (running them
// again could repeat the write).
import type { BackgroundOperation, ForegroundOperation, ResumeState } from "./operations/operation-types.ts"
import { backgroundOperation, foregroundOperation, parseOperationArgs } from "./operations/operation-table.ts"
import type { RegistryEntry } from "./state/task-schema.ts"
import { readFirstSample, readLastSamples, readResultJson, readTaskJson } from "./state/task-files.ts"
import { formatTimestamp } from "./state/timestamp.ts"
import { ownedByAnotherLiveProcess, ownerOf } from "./task-owner.ts"
import { errorMessage, logTask, type TaskRuntime } from "./task-runtime.ts"

/** The lastError of a foreground write a crash cut off: one message for recovery and the runner. */
export const INTERRUPTED_WRITE = "interrupted: the process running it ended before it finished; not run again because it may write to the machine (only reads run again)"

export interface ResumePlan {
  kind: "resume"
  entry: RegistryEntry
  op: BackgroundOperation
  args: unknown
  resume: ResumeState
}

/** An idempotent foreground operation a crash cut off, claimed to run again in the same task. */
export interface RerunPlan {
  kind: "rerun"
  entry: RegistryEntry
  op: ForegroundOperation
  args: unknown
}

/**
 * Claims `entry` for this process (inside the registry lock, so two starting runners cannot both
 * take it) and works out where it stands. Null when it is not ours to resume.
 */
export async function claimForResume(rt: TaskRuntime, seen: RegistryEntry, othersOnly = false): Promise<ResumePlan | RerunPlan | null> {
  // tsk's own task.json keeps the owner another program may have stripped from the registry.
  const fileOwner = ownerOf((await readTaskJson(rt.home, seen).catch(() => null)) ?? seen)
  const withOwner = (e: RegistryEntry): RegistryEntry => (ownerOf(e) === null && fileOwner !== null ? { ...e, owner: fileOwner } : e)
  const seenOwner = JSON.stringify(ownerOf(withOwner(seen)))
  // While this process runs, a task of its own (a foreground task under way) is never taken.
  if (othersOnly && seenOwner === JSON.stringify(rt.owner)) return null
  const stamp = formatTimestamp(rt.now())
  // A sample written just before the runner died is a finished iteration the registry missed.
  const [last] = seen.type === "background" ? await readLastSamples(rt.home, seen, 1) : []
  let claimed = false
  const entry = await rt.registry.update(seen.id, (e) => {
    if (e.status !== "running" || JSON.stringify(ownerOf(withOwner(e))) !== seenOwner || ownedByAnotherLiveProcess(withOwner(e), rt.owner, rt.now())) return e
    claimed = true
    const iterations = e.type === "background" ? { iterations: Math.max(e.iterations ?? 0, last?.i ?? 0) } : {}
    return { ...e, ...iterations, owner: rt.owner, updatedAt: stamp }
  })
  if (!claimed) return null
  if (entry.type === "foreground") return planRerun(rt, entry)
  let op: BackgroundOperation
  let args: unknown
  try {
    op = backgroundOperation(entry.operation)
    args = parseOperationArgs(op, entry.args).parsed
  } catch (error) {
    await markInterrupted(rt, entry, `cannot resume: ${errorMessage(error)}`)
    return null
  }
  const previous = await readResultJson(rt.home, entry).catch(() => null)
  const resume: ResumeState = {
    iterations: entry.iterations ?? 0,
    lastSample: last ?? null,
    firstSample: await readFirstSample(rt.home, entry),
    previousSummary: previous?.summary ?? null,
  }
  return { kind: "resume", entry, op, args, resume }
}

async function planRerun(rt: TaskRuntime, entry: RegistryEntry): Promise<RerunPlan | null> {
  let op: ForegroundOperation
  let args: unknown
  try {
    op = foregroundOperation(entry.operation)
    args = parseOperationArgs(op, entry.args).parsed
  } catch (error) {
    await markInterrupted(rt, entry, `interrupted, and cannot run again: ${errorMessage(error)}`)
    return null
  }
  if (!op.idempotent) {
    await markInterrupted(rt, entry, INTERRUPTED_WRITE)
    return null
  }
  return { kind: "rerun", entry, op, args }
}

async function markInterrupted(rt: TaskRuntime, entry: RegistryEntry, message: string): Promise<void> {
  const stamp = formatTimestamp(rt.now())
  const task = await rt.registry.update(entry.id, (e) => ({ ...e, status: "error", lastError: message, stoppedAt: stamp, updatedAt: stamp }))
  await logTask(rt, task, `error: ${message}`)
  rt.events.emit({ type: "error", task, error: message })
}
