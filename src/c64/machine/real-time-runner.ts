// Runs a machine at its real clock rate without ever blocking the event loop for long: a timer
// fires every slice and runs the cycles due since the last one, and whoever looks at the machine
// calls `catchUp()` first, so it always sees the present. Slices are long (a wake-up costs more
// than emulating a second of a machine that idles, ~3 ms) because looking catches up anyway, and
// they ride on the process's shared one-second timer (the runner's heartbeat wakes it then).
// After a stall (a busy event loop, a suspended laptop) at most `maxCatchUpMs` of emulated time is
// run, so the emulator falls behind instead of spiralling into ever longer slices.
import { everyTick } from "../../store/shared-ticker.ts"

export interface RealTimeOptions {
  clockHz: number
  sliceMs?: number
  maxCatchUpMs?: number
  /** Wall clock in milliseconds; tests pass a fixed clock. */
  now?: () => number
}

export interface RealTimeStats {
  /** Emulated cycles per wall second over the last few seconds, or null before enough data. */
  hz: number | null
  /** Share of wall time spent emulating (0..1), or null before enough data. */
  busyShare: number | null
}

interface Sample {
  wallMs: number
  cycles: number
  busyMs: number
}

export const DEFAULT_SLICE_MS = 1000
const DEFAULT_MAX_CATCH_UP_MS = 1000
const STATS_WINDOW_MS = 2000
const MIN_STATS_SPAN_MS = 100

export class RealTimeRunner {
  private readonly runCycles: (count: number) => void
  private readonly clockHz: number
  private readonly sliceMs: number
  private readonly maxCatchUpMs: number
  private readonly now: () => number
  private stopTicking: (() => void) | undefined
  private lastWallMs = 0
  /** Wall time granted since start (stalls clipped) and the cycles it has paid for: no drift. */
  private grantedMs = 0
  private grantedCycles = 0
  private totalCycles = 0
  private totalBusyMs = 0
  private samples: Sample[] = []
  /** The error that stopped the runner, if one did. */
  failure: Error | null = null

  constructor(runCycles: (count: number) => void, options: RealTimeOptions) {
    this.runCycles = runCycles
    this.clockHz = options.clockHz
    this.sliceMs = options.sliceMs ?? DEFAULT_SLICE_MS
    this.maxCatchUpMs = options.maxCatchUpMs ?? Math.max(DEFAULT_MAX_CATCH_UP_MS, 2 * this.sliceMs)
    this.now = options.now ?? (() => performance.now())
  }

  get running(): boolean {
    return this.stopTicking !== undefined
  }

  start(): void {
    if (this.stopTicking !== undefined) return
    this.failure = null
    this.lastWallMs = this.now()
    this.grantedMs = 0
    this.grantedCycles = 0
    this.samples = [{ wallMs: this.lastWallMs, cycles: this.totalCycles, busyMs: this.totalBusyMs }]
    // An emulated machine alone should not keep a process alive.
    this.stopTicking = everyTick(this.sliceMs, () => this.slice(), { keepAlive: false })
  }

  stop(): void {
    this.stopTicking?.()
    this.stopTicking = undefined
  }

  /** Runs the cycles due since the previous slice; returns how many ran. */
  catchUp(): number {
    const wallMs = this.now()
    const elapsedMs = Math.min(Math.max(wallMs - this.lastWallMs, 0), this.maxCatchUpMs)
    this.lastWallMs = wallMs
    this.grantedMs += elapsedMs
    const target = Math.floor((this.grantedMs * this.clockHz) / 1000)
    const cycles = target - this.grantedCycles
    this.grantedCycles = target
    const busyStart = performance.now()
    if (cycles > 0) this.runCycles(cycles)
    this.totalBusyMs += performance.now() - busyStart
    this.totalCycles += cycles
    this.record(wallMs)
    return cycles
  }

  stats(): RealTimeStats {
    const first = this.samples[0]
    const last = this.samples.at(-1)
    if (first === undefined || last === undefined || last.wallMs - first.wallMs < MIN_STATS_SPAN_MS) {
      return { hz: null, busyShare: null }
    }
    const spanMs = last.wallMs - first.wallMs
    return {
      hz: ((last.cycles - first.cycles) * 1000) / spanMs,
      busyShare: (last.busyMs - first.busyMs) / spanMs,
    }
  }

  private slice(): void {
    try {
      this.catchUp()
    } catch (error) {
      // A throw from inside a timer would take the whole process down; stop and keep the reason.
      this.stop()
      this.failure = error instanceof Error ? error : new Error(String(error))
    }
  }

  private record(wallMs: number): void {
    this.samples.push({ wallMs, cycles: this.totalCycles, busyMs: this.totalBusyMs })
    while (this.samples.length > 2 && wallMs - this.samples[1]!.wallMs >= STATS_WINDOW_MS) this.samples.shift()
  }
}
