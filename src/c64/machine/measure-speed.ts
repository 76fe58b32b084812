// How fast one core emulates the C64 flat out, for the benchmark and the README's figures.
import { C64Machine } from "./c64-machine.ts"
import { demoPrg } from "./demo/demo-program.ts"

export interface SpeedMeasurement {
  /** Emulated megahertz (the real PAL C64 runs at 0.985). */
  mhz: number
  /** How many times faster than a real C64. */
  realTimeFactor: number
  cycles: number
  wallMs: number
}

const CHUNK_CYCLES = 100_000

/**
 * Runs `machine` (by default a fresh one running the demo) as fast as possible for about `ms`
 * wall milliseconds. It blocks for that long: call it from a benchmark, not from a UI.
 */
export function measureSpeed(ms = 1000, machine?: C64Machine): SpeedMeasurement {
  const subject = machine ?? bootDemoMachine()
  const started = performance.now()
  let cycles = 0
  while (performance.now() - started < ms) cycles += subject.runCycles(CHUNK_CYCLES)
  const wallMs = performance.now() - started
  const mhz = cycles / wallMs / 1000
  return { mhz, realTimeFactor: (mhz * 1e6) / subject.clockHz, cycles, wallMs }
}

function bootDemoMachine(): C64Machine {
  const machine = new C64Machine()
  machine.runPrg(demoPrg())
  return machine
}
