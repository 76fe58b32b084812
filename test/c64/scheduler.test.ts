import { describe, expect, it } from "vitest"
import { createScheduler, type RunVerdict } from "../../src/c64/scheduler.ts"
import { percentile } from "../../src/c64/jitter-stats.ts"
import { createManualClock } from "./helpers/manual-clock.ts"

function recordingJob(id: string, intervalMs: number, clock: { now(): number }, options: { busyMs?: () => number; finishAfter?: number } = {}) {
  const starts: number[] = []
  const planned: number[] = []
  let resolveBusy: (() => void) | null = null
  const job = {
    id,
    intervalMs,
    crashes: [] as unknown[],
    async run(plannedAt: number): Promise<RunVerdict> {
      starts.push(clock.now())
      planned.push(plannedAt)
      if (options.busyMs) await new Promise<void>((resolve) => (resolveBusy = resolve))
      return options.finishAfter !== undefined && starts.length >= options.finishAfter ? "finish" : "continue"
    },
    onCrash(error: unknown) {
      job.crashes.push(error)
    },
  }
  return { job, starts, planned, release: () => resolveBusy?.() }
}

describe("the fixed-rate scheduler", () => {
  it("runs at once and then on the period, measured from the start, not from the end of each run", async () => {
    const clock = createManualClock(0)
    const scheduler = createScheduler(clock)
    const { job, planned } = recordingJob("a", 1000, clock)
    scheduler.add(job)
    await clock.advance(3500)
    expect(planned).toEqual([0, 1000, 2000, 3000])
    await scheduler.close()
  })

  it("with alignToClock runs at once, then on the clock's grid, so jobs started apart run together", async () => {
    const clock = createManualClock(10_300)
    const scheduler = createScheduler(clock, { alignToClock: true })
    const a = recordingJob("a", 1000, clock)
    scheduler.add(a.job)
    await clock.advance(250)
    const b = recordingJob("b", 1000, clock)
    scheduler.add(b.job)
    await clock.advance(2800)
    // The first run at start; the next on the first whole second at least half a period later.
    expect(a.planned).toEqual([10_300, 11_000, 12_000, 13_000])
    expect(b.planned).toEqual([10_550, 12_000, 13_000])
    expect(a.starts.slice(1)).toEqual(a.planned.slice(1))
    await scheduler.close()
  })

  it("with alignToClock, a first run held back past the next grid point is not followed at once by a second", async () => {
    const clock = createManualClock(10_300)
    const timers: Array<() => void> = []
    // A clock whose timers we hold back, as a busy event loop would the first run's.
    const blocked = { ...clock, setTimeout: (fn: () => void) => timers.push(fn) }
    const scheduler = createScheduler(blocked, { alignToClock: true })
    const { job, starts } = recordingJob("late-first", 1000, clock)
    scheduler.add(job)
    await clock.advance(900)
    timers.shift()!()
    await Promise.resolve()
    // The next timer comes due at once (a zero delay when its slot has passed): it must not sample again.
    timers.shift()!()
    await Promise.resolve()
    expect(starts).toEqual([11_200])
    expect(scheduler.jitter().missedSlots).toBe(1)
    await clock.advance(800)
    timers.shift()!()
    await Promise.resolve()
    expect(starts).toEqual([11_200, 12_000])
    await scheduler.close()
  })

  it("keeps the timetable when runs take part of the period", async () => {
    const clock = createManualClock(0)
    const scheduler = createScheduler(clock)
    const starts: number[] = []
    scheduler.add({
      id: "slow",
      intervalMs: 100,
      async run() {
        starts.push(clock.now())
        // Each run takes 40 ms of the clock: a gap-based scheduler would drift to 0, 140, 280.
        await new Promise<void>((resolve) => clock.setTimeout(resolve, 40))
        return "continue"
      },
      onCrash() {},
    })
    await clock.advance(250)
    expect(starts).toEqual([0, 100, 200])
    await scheduler.close()
  })

  it("skips slots that pass while a run is still going instead of bursting afterwards", async () => {
    const clock = createManualClock(0)
    const scheduler = createScheduler(clock)
    const { job, planned, release } = recordingJob("busy", 100, clock, { busyMs: () => 0 })
    scheduler.add(job)
    await clock.advance(350)
    expect(planned).toEqual([0])
    release()
    await clock.advance(100)
    expect(planned).toEqual([0, 400])
    expect(scheduler.jitter().missedSlots).toBe(3)
    release()
    await scheduler.close()
  })

  it("skips slots missed while the process was blocked and runs the latest one", async () => {
    const clock = createManualClock(0)
    const timers: Array<() => void> = []
    // A clock whose timers we hold back, as a blocked event loop would.
    const blocked = { ...clock, setTimeout: (fn: () => void) => timers.push(fn) }
    const scheduler = createScheduler(blocked)
    const { job, planned } = recordingJob("late", 100, clock)
    scheduler.add(job)
    timers.shift()!()
    await clock.advance(350)
    timers.shift()!()
    await Promise.resolve()
    expect(planned).toEqual([0, 300])
    expect(scheduler.jitter()).toMatchObject({ count: 2, maxMs: 250, missedSlots: 2 })
    await scheduler.close()
  })

  it("ends a job that says it is finished and clears its timer", async () => {
    const clock = createManualClock(0)
    const scheduler = createScheduler(clock)
    const { job, starts } = recordingJob("three", 10, clock, { finishAfter: 3 })
    scheduler.add(job)
    await clock.advance(1000)
    expect(starts).toHaveLength(3)
    expect(scheduler.has("three")).toBe(false)
    expect(clock.pending()).toBe(0)
  })

  it("hands a crashing run to onCrash and stops that job only", async () => {
    const clock = createManualClock(0)
    const scheduler = createScheduler(clock)
    const crashes: unknown[] = []
    scheduler.add({ id: "bad", intervalMs: 10, run: () => Promise.reject(new Error("boom")), onCrash: (e) => crashes.push(e) })
    const { job, starts } = recordingJob("good", 10, clock)
    scheduler.add(job)
    await clock.advance(35)
    expect(crashes).toHaveLength(1)
    expect(scheduler.ids()).toEqual(["good"])
    expect(starts).toHaveLength(4)
    await scheduler.close()
  })

  it("waits for a run under way when a job is removed, and never runs it again", async () => {
    const clock = createManualClock(0)
    const scheduler = createScheduler(clock)
    const { job, starts, release } = recordingJob("r", 10, clock, { busyMs: () => 0 })
    scheduler.add(job)
    await clock.advance(1)
    let removed = false
    const removing = scheduler.remove("r").then(() => (removed = true))
    await Promise.resolve()
    expect(removed).toBe(false)
    release()
    await removing
    await clock.advance(100)
    expect(starts).toHaveLength(1)
  })

  it("refuses a zero or negative interval", () => {
    const scheduler = createScheduler(createManualClock())
    expect(() => scheduler.add({ id: "x", intervalMs: 0, run: async () => "continue", onCrash() {} })).toThrow(/above 0 ms/)
    expect(() => scheduler.add({ id: "y", intervalMs: -5, run: async () => "continue", onCrash() {} })).toThrow(/above 0 ms/)
  })

  it("measures jitter as p50 and p95 of how far starts were from their slots", async () => {
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 50)).toBe(5)
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 95)).toBe(10)
    const clock = createManualClock(0)
    const scheduler = createScheduler(clock)
    const { job } = recordingJob("on-time", 50, clock)
    scheduler.add(job)
    await clock.advance(500)
    expect(scheduler.jitter()).toMatchObject({ count: 11, p50Ms: 0, p95Ms: 0, missedSlots: 0 })
    await scheduler.close()
  })
})
