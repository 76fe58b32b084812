// The one C64 core the CLI, the bridge and the TUI share: run foreground tasks, start and stop
// background tasks, look at them, and talk to the machine directly. Arguments are validated
// before anything is written, so a bad request leaves no id, folder or registry change behind.
import * as z from "zod"
import { invalid, sanitizeErrorMessage } from "../domain/errors.ts"
import type { BackendStatus, C64Backend } from "./backend.ts"
import { createEventHub, type C64EventListener } from "./c64-events.ts"
import { createBackgroundJob, type BackgroundJob } from "./background-task.ts"
import { createRegistryGuard } from "./registry-guard.ts"
import { rerunForegroundTask, runForegroundTask, type ForegroundRun } from "./foreground-task.ts"
import { claimForResume } from "./resume-tasks.ts"
import { createScheduler, systemClock, type SchedulerClock } from "./scheduler.ts"
import type { JitterStats } from "./jitter-stats.ts"
import { backgroundOperation, foregroundOperation, parseOperationArgs } from "./operations/operation-table.ts"
import { createTaskRegistry } from "./state/task-registry.ts"
import { join } from "node:path"
import { sanitizeTaskName } from "./state/task-id.ts"
import { formatInterval } from "./interval-text.ts"
import { formatTimestamp } from "./state/timestamp.ts"
import { readLastSamples, readLogTail, readResultJson, readTaskJson } from "./state/task-files.ts"
import type { RegistryEntry, ResultFile, SampleLine, TaskFile } from "./state/task-schema.ts"
import { resolveTaskEntry } from "./task-lookup.ts"
import { currentOwner, type TaskOwner } from "./task-owner.ts"
import { logTask, writeResult, type TaskRuntime } from "./task-runtime.ts"
import { createMachineAccess, type MachineAccess } from "./machine-access.ts"

export interface C64ServiceOptions {
  /** The c64bridge home (`C64BRIDGE_HOME`); task folders are relative to it. */
  home: string
  /** The registry file; `<home>/tasks.json` unless `C64_TASK_STATE_FILE` names another. */
  registryFile?: string
  /** The service owns the backend from here on and closes it in `close()`. */
  backend: C64Backend
  clock?: SchedulerClock
  owner?: TaskOwner
}

export const StartOptions = z.strictObject({
  everyMs: z.number({ message: "an interval is needed, e.g. every 1s" }).int("the interval must be whole milliseconds").positive("the interval must be above 0 ms"),
  count: z.number().int("count must be a whole number").positive("count must be at least 1").optional(),
  name: z.string().optional(),
})
export type StartOptions = z.input<typeof StartOptions>

/**
 * Validates a background start without touching any file: the same checks `start` makes, for
 * callers (the CLI) that hand the work to another process and want bad input refused here.
 */
export function checkStartRequest(operation: string, args: Record<string, unknown> | undefined, options: StartOptions) {
  const op = backgroundOperation(operation)
  const checked = StartOptions.safeParse(options)
  if (!checked.success) throw invalid(checked.error.issues.map((i) => i.message).join("; "))
  return { op, options: checked.data, args: parseOperationArgs(op, args) }
}

export interface TaskDetails {
  task: RegistryEntry
  taskFile: TaskFile | null
  result: ResultFile | null
  samples: SampleLine[]
  log: string[]
  /** Files of the task that could not be read (another tool's odd task.json, say); the rest still shows. */
  problems: string[]
}

export interface StopResult {
  task: RegistryEntry
  stopped: boolean
}

export interface ListFilter {
  status?: RegistryEntry["status"]
  type?: RegistryEntry["type"]
}

export interface C64Service extends MachineAccess {
  readonly home: string
  run(operation: string, args?: Record<string, unknown>, options?: { name?: string }): Promise<ForegroundRun>
  start(operation: string, args: Record<string, unknown> | undefined, options: StartOptions): Promise<RegistryEntry>
  /** `stopped: false` when the task had already ended (then it is left as it was). */
  stop(id: string): Promise<StopResult>
  list(filter?: ListFilter): Promise<RegistryEntry[]>
  show(id: string, options?: { samples?: number; logLines?: number }): Promise<TaskDetails>
  backendStatus(): Promise<BackendStatus>
  onEvent(listener: C64EventListener): () => void
  /**
   * Picks up tasks left `running` by a process that is gone: resumes background ones, runs
   * idempotent foreground ones again to their end (a write is marked interrupted); returns them.
   */
  resumeRunning(options?: { othersOnly?: boolean }): Promise<RegistryEntry[]>
  /**
   * Keeps tsk's tasks whole in a registry other programs rewrite (registry-guard.ts): puts back
   * the tasks whose folders the registry no longer lists, then checks once a heartbeat and resumes
   * a tsk task left running with nothing sampling it. For the runner; `close` ends it.
   */
  watchRegistry(): Promise<void>
  /** Ids of the tasks this process is running now. */
  runningHere(): string[]
  jitter(): JitterStats
  resetJitter(): void
  /** Stops the timers (tasks stay `running` on disk, to be resumed) and closes the backend. */
  close(): Promise<void>
}

export async function createC64Service(options: C64ServiceOptions): Promise<C64Service> {
  const clock = options.clock ?? systemClock
  const registry = createTaskRegistry({ home: options.home, registry: options.registryFile ?? join(options.home, "tasks.json") })
  await registry.ensure()
  const events = createEventHub()
  // On the clock's grid: tasks with one interval sample in one wake-up of the runner.
  const scheduler = createScheduler(clock, { alignToClock: true })
  const rt: TaskRuntime = {
    home: options.home,
    registry,
    backend: options.backend,
    now: () => Math.floor(clock.now()),
    events,
    owner: options.owner ?? currentOwner(),
  }

  const jobs = new Map<string, BackgroundJob>()
  const jobsHere = () => {
    for (const id of jobs.keys()) if (!scheduler.has(id)) jobs.delete(id)
    return jobs
  }
  const guard = createRegistryGuard(rt, jobsHere)

  function schedule(entry: RegistryEntry, op: ReturnType<typeof backgroundOperation>, args: unknown, resume: Parameters<typeof createBackgroundJob>[4]) {
    const job = createBackgroundJob(rt, entry, op, args, resume, () => guard.beat())
    jobs.set(entry.id, job)
    scheduler.add(job)
    // A task with a long interval is still held to its state once a heartbeat.
    guard.start()
  }

  async function finishSpentBudget(entry: RegistryEntry): Promise<RegistryEntry> {
    const stamp = formatTimestamp(rt.now())
    const task = await registry.update(entry.id, (e) => (e.status === "running" ? { ...e, status: "completed", stoppedAt: stamp, updatedAt: stamp } : e))
    await logTask(rt, task, `completed after ${task.iterations ?? 0} iterations`)
    events.emit({ type: "completed", task, summary: {} })
    return task
  }

  const service: C64Service = {
    home: options.home,
    ...createMachineAccess(options.backend),

    async run(operation, args, runOptions = {}) {
      const op = foregroundOperation(operation)
      const parsed = parseOperationArgs(op, args)
      return runForegroundTask(rt, op, parsed, sanitizeTaskName(runOptions.name ?? operation, operation))
    },

    async start(operation, args, startOptions) {
      const { op, options: checked, args: parsed } = checkStartRequest(operation, args, startOptions)
      const { everyMs, count, name } = checked
      const entry = await registry.create(
        {
          name: sanitizeTaskName(name ?? operation, operation),
          type: "background",
          operation: op.name,
          args: parsed.stored,
          intervalMs: everyMs,
          ...(count ? { maxIterations: count } : {}),
          extra: { owner: rt.owner },
        },
        rt.now(),
      )
      await writeResult(rt, entry, { id: entry.id, type: "task", name: op.name, created: entry.startedAt, completed: null, status: "running", iterations: 0, summary: {} })
      await logTask(rt, entry, `started ${op.describe(parsed.parsed)} every ${formatInterval(everyMs)}${count ? `, ${count} times` : ""}`)
      events.emit({ type: "started", task: entry, resumed: false })
      schedule(entry, op, parsed.parsed, { iterations: 0, firstSample: null, lastSample: null, previousSummary: null })
      return entry
    },

    async stop(id) {
      const entry = resolveTaskEntry(await registry.list(), id)
      const job = jobsHere().get(entry.id)
      await scheduler.remove(entry.id)
      // What the runner here knows (its last iteration and figures), and what the samples prove:
      // each sample is durable before it is counted, so the count is at least the last one's.
      const progress = job?.progress() ?? null
      const [last] = entry.type === "background" ? await readLastSamples(rt.home, entry, 1).catch(() => []) : []
      const stamp = formatTimestamp(rt.now())
      let stopped = false
      const task = await registry.update(
        entry.id,
        (e) => {
          if (e.status !== "running") return e
          stopped = true
          const counted = e.type === "background" ? { iterations: Math.max(e.iterations ?? 0, last?.i ?? 0, progress?.iterations ?? 0) } : {}
          return { ...e, ...counted, status: "stopped", stoppedAt: stamp, updatedAt: stamp }
        },
        // Inside the registry lock: a runner in another process that takes one more sample after
        // this counts it into the stopped task and rewrites these files after this write.
        async (current) => {
          if (!stopped) return
          const previous = await readResultJson(rt.home, current).catch(() => null)
          await writeResult(rt, current, {
            ...(previous ?? { id: current.id, type: "task", name: current.operation, created: current.startedAt }),
            status: "stopped",
            updated: stamp,
            completed: stamp,
            ...(current.type === "background" ? { iterations: current.iterations ?? 0, summary: progress?.summary ?? previous?.summary ?? {} } : {}),
          })
        },
      )
      if (!stopped) return { task, stopped: false }
      await logTask(rt, task, `stopped after ${task.iterations ?? 0} iterations`)
      events.emit({ type: "stopped", task })
      return { task, stopped: true }
    },

    async list(filter = {}) {
      return (await registry.list()).filter((e) => (!filter.status || e.status === filter.status) && (!filter.type || e.type === filter.type))
    },

    async show(id, showOptions = {}) {
      const task = resolveTaskEntry(await registry.list(), id)
      const problems: string[] = []
      const tolerant = <T>(read: Promise<T>, empty: T) =>
        read.catch((error: unknown) => {
          problems.push(sanitizeErrorMessage(error))
          return empty
        })
      return {
        task,
        taskFile: await tolerant(readTaskJson(rt.home, task), null),
        result: await tolerant(readResultJson(rt.home, task), null),
        samples: await tolerant(readLastSamples(rt.home, task, showOptions.samples ?? 20), []),
        log: await tolerant(readLogTail(rt.home, task, showOptions.logLines ?? 20), []),
        problems,
      }
    },

    backendStatus: () => options.backend.status(),
    onEvent: (listener) => events.subscribe(listener),

    async resumeRunning({ othersOnly = false } = {}) {
      const resumed: RegistryEntry[] = []
      for (const seen of await registry.list()) {
        if (seen.status !== "running" || scheduler.has(seen.id)) continue
        let plan: Awaited<ReturnType<typeof claimForResume>>
        try {
          plan = await claimForResume(rt, seen, othersOnly)
        } catch (error) {
          // One unreadable task (a folder outside the home, a broken file) must not keep the
          // others from resuming; it is reported and left for `tsk c64 show` to explain.
          events.emit({ type: "error", task: seen, error: `cannot resume: ${sanitizeErrorMessage(error)}` })
          continue
        }
        if (!plan) continue
        if (plan.kind === "rerun") {
          // Awaited, so the runner's start has finished it; a failure is recorded in the task.
          resumed.push(await rerunForegroundTask(rt, plan.op, plan.args, plan.entry).then((run) => run.task, () => registry.get(plan.entry.id)))
          continue
        }
        if (plan.entry.maxIterations && (plan.entry.iterations ?? 0) >= plan.entry.maxIterations) {
          await finishSpentBudget(plan.entry)
          continue
        }
        await logTask(rt, plan.entry, `resumed after iteration ${plan.resume.iterations}`)
        events.emit({ type: "started", task: plan.entry, resumed: true })
        schedule(plan.entry, plan.op, plan.args, plan.resume)
        resumed.push(plan.entry)
      }
      return resumed
    },

    async watchRegistry() {
      await guard.scanFolders()
      // At run time only what other, dead processes left: this one's own are under way here.
      guard.start(() => service.resumeRunning({ othersOnly: true }))
    },

    runningHere: () => scheduler.ids(),
    jitter: () => scheduler.jitter(),
    resetJitter: () => scheduler.resetJitter(),

    async close() {
      guard.stop()
      await scheduler.close()
      await options.backend.close()
    },
  }
  return service
}
