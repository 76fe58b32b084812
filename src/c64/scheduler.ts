// A fixed-rate scheduler: run k of a job is planned at `anchor + k × interval` (a period, not a gap
// after the previous run), so slow runs do not drift the timetable. A slot that passes while the
// process was busy or the previous run is still going is skipped, never made up in a burst. One
// timer per job and nothing else: an idle runner sleeps.
// With `alignToClock` (the C64 service's) the timetable is the clock's own grid of the interval
// (whole seconds for a task every second): the first run is still at once, the next on the first
// grid point at least half an interval later. Tasks with the same interval then run in one
// wake-up of the process, right after its other once-a-second work (store/shared-ticker.ts).
import { createJitterRecorder, type JitterStats } from "./jitter-stats.ts"
import { clockNow } from "../store/shared-ticker.ts"

export interface SchedulerClock {
  /** Milliseconds since the epoch; fractions welcome (jitter is measured with them). */
  now(): number
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export const systemClock: SchedulerClock = {
  now: clockNow,
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

export type RunVerdict = "continue" | "finish"

export interface ScheduledJob {
  id: string
  intervalMs: number
  /** One run. Resolve "finish" to end the job. A rejection ends it too and goes to `onCrash`. */
  run(plannedAt: number): Promise<RunVerdict>
  onCrash(error: unknown): void
  /** Finishes what runs left to do after them (awaited once the job is removed or closed). */
  drain?(): Promise<void>
}

export interface Scheduler {
  /** Starts `job` now: its first run is due at once, then every `intervalMs`. */
  add(job: ScheduledJob): void
  /** Ends `id`'s timetable; resolves once a run that is under way, and its drain, have finished. */
  remove(id: string): Promise<void>
  has(id: string): boolean
  ids(): string[]
  jitter(): JitterStats
  resetJitter(): void
  close(): Promise<void>
}

interface JobState {
  job: ScheduledJob
  anchor: number
  slot: number
  timer: unknown
  inFlight: Promise<void> | null
  removed: boolean
}

export interface SchedulerOptions {
  /** Slots on multiples of the interval since the clock's zero instead of from each job's start. */
  alignToClock?: boolean
}

export function createScheduler(clock: SchedulerClock = systemClock, options: SchedulerOptions = {}): Scheduler {
  const jobs = new Map<string, JobState>()
  const jitter = createJitterRecorder()

  function arm(state: JobState): void {
    const planned = state.anchor + state.slot * state.job.intervalMs
    state.timer = clock.setTimeout(() => fire(state, planned), Math.max(0, planned - clock.now()))
  }

  function fire(state: JobState, planned: number): void {
    if (state.removed) return
    const now = clock.now()
    // Timers may round the delay down; wait out the rest rather than run early.
    if (now < planned - 1) {
      state.timer = clock.setTimeout(() => fire(state, planned), planned - now)
      return
    }
    const interval = state.job.intervalMs
    const latestDue = Math.max(state.slot, Math.floor((now - state.anchor) / interval))
    if (state.inFlight) {
      // The previous run is still going: this slot passes without a run.
      jitter.missed(latestDue - state.slot + 1)
      state.slot = latestDue + 1
      arm(state)
      return
    }
    jitter.record(now - planned)
    if (latestDue > state.slot) jitter.missed(latestDue - state.slot)
    const plannedAt = state.anchor + latestDue * interval
    state.slot = latestDue + 1
    arm(state)
    state.inFlight = runOnce(state, plannedAt)
  }

  async function runOnce(state: JobState, plannedAt: number): Promise<void> {
    try {
      const verdict = await state.job.run(plannedAt)
      if (verdict === "finish") stopTimetable(state)
    } catch (error) {
      stopTimetable(state)
      state.job.onCrash(error)
    } finally {
      state.inFlight = null
    }
  }

  function stopTimetable(state: JobState): void {
    state.removed = true
    clock.clearTimeout(state.timer)
    if (jobs.get(state.job.id) === state) jobs.delete(state.job.id)
  }

  return {
    add(job) {
      if (!(job.intervalMs > 0)) throw new RangeError(`interval must be above 0 ms (got ${job.intervalMs})`)
      if (jobs.has(job.id)) throw new Error(`job ${job.id} is already scheduled`)
      const now = clock.now()
      const state: JobState = { job, anchor: now, slot: 0, timer: null, inFlight: null, removed: false }
      jobs.set(job.id, state)
      if (!options.alignToClock) {
        arm(state)
        return
      }
      // The first run at once, off the grid; the timetable from the grid point after it.
      const interval = job.intervalMs
      state.anchor = Math.ceil((now + interval / 2) / interval) * interval - interval
      state.slot = 1
      state.timer = clock.setTimeout(() => {
        if (state.removed) return
        const at = clock.now()
        jitter.record(Math.max(0, at - now))
        // A first run held back (a busy process) keeps the next at least half an interval away:
        // a grid point it passed meanwhile is skipped, not sampled right after it.
        state.slot = Math.max(1, Math.ceil((at + interval / 2 - state.anchor) / interval))
        const passed = Math.floor((at - state.anchor) / interval)
        if (passed > 0) jitter.missed(passed)
        arm(state)
        state.inFlight = runOnce(state, now)
      }, 0)
    },
    async remove(id) {
      const state = jobs.get(id)
      if (!state) return
      stopTimetable(state)
      await state.inFlight
      await state.job.drain?.()
    },
    has: (id) => jobs.has(id),
    ids: () => [...jobs.keys()],
    jitter: () => jitter.stats(),
    resetJitter: () => jitter.reset(),
    async close() {
      const states = [...jobs.values()]
      for (const state of states) stopTimetable(state)
      await Promise.all(states.map(async (s) => {
        await s.inFlight
        await s.job.drain?.()
      }))
    },
  }
}
