import { describe, expect, it } from "vitest"
import { C64Machine } from "../../../src/c64/machine/c64-machine.ts"
import { measureSpeed } from "../../../src/c64/machine/measure-speed.ts"
import { DEFAULT_SLICE_MS, RealTimeRunner } from "../../../src/c64/machine/real-time-runner.ts"
import { PAL_CLOCK_HZ } from "../../../src/c64/machine/timing.ts"

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A runner over a cycle counter, driven by a clock the test moves by hand. */
function fakeClockRunner(maxCatchUpMs?: number) {
  const clock = { ms: 1000 }
  let ran = 0
  const runner = new RealTimeRunner((count) => (ran += count), {
    clockHz: PAL_CLOCK_HZ,
    maxCatchUpMs,
    now: () => clock.ms,
  })
  return { runner, clock, ran: () => ran }
}

describe("real-time runner", () => {
  it("runs the cycles due for the wall time since the last slice, carrying fractions", () => {
    const { runner, clock, ran } = fakeClockRunner()
    runner.start()
    runner.stop()
    for (let slice = 0; slice < 100; slice++) {
      clock.ms += 10
      runner.catchUp()
    }
    expect(ran()).toBe(PAL_CLOCK_HZ)
  })

  it("runs at most the catch-up limit after a stall instead of spiralling", () => {
    const { runner, clock, ran } = fakeClockRunner(100)
    runner.start()
    runner.stop()
    clock.ms += 5000
    runner.catchUp()
    expect(ran()).toBe(Math.floor(PAL_CLOCK_HZ / 10))
  })

  it("reports the achieved clock rate once it has a tenth of a second of data", () => {
    const { runner, clock } = fakeClockRunner()
    runner.start()
    runner.stop()
    expect(runner.stats().hz).toBeNull()
    for (let slice = 0; slice < 20; slice++) {
      clock.ms += 15
      runner.catchUp()
    }
    expect(runner.stats().hz).toBeCloseTo(PAL_CLOCK_HZ, -2)
  })

  it("stops and keeps the error when a slice throws, instead of crashing the process", async () => {
    const runner = new RealTimeRunner(
      () => {
        throw new Error("bus fault")
      },
      { clockHz: PAL_CLOCK_HZ, sliceMs: 5 },
    )
    runner.start()
    await sleep(60)
    expect(runner.running).toBe(false)
    expect(runner.failure?.message).toBe("bus fault")
  })
})

describe("C64 machine in real time", () => {
  it("advances about one emulated second per wall second while started, and not after stop", async () => {
    const machine = new C64Machine()
    const startCycles = machine.cycles
    const started = performance.now()
    machine.start()
    // Slices come once a second (on the shared timer), each catching up the wall time since the
    // last: wait past one slice, and on a loaded machine (whose timers come late, never early) on
    // until a tenth of an emulated second has run.
    await sleep(DEFAULT_SLICE_MS + 300)
    const patience = performance.now() + 120_000
    while (machine.cycles - startCycles <= PAL_CLOCK_HZ * 0.1 && performance.now() < patience) await sleep(50)
    machine.stop()
    const elapsedMs = performance.now() - started
    const ran = machine.cycles - startCycles
    expect(ran).toBeGreaterThan(PAL_CLOCK_HZ * 0.1)
    // Never ahead of the wall clock.
    expect(ran).toBeLessThanOrEqual((PAL_CLOCK_HZ * (elapsedMs + 20)) / 1000)
    const stoppedAt = machine.cycles
    await sleep(50)
    expect(machine.cycles).toBe(stoppedAt)
  })

  it("emulates faster than a real C64 when run flat out", () => {
    const result = measureSpeed(150)
    expect(result.cycles).toBeGreaterThan(0)
    expect(result.mhz).toBeGreaterThan(PAL_CLOCK_HZ / 1e6)
    expect(result.realTimeFactor).toBeGreaterThan(1)
  })
})
