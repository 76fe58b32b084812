// Scheduler jitter: how late each run started against its planned slot, kept in a bounded ring so
// a runner that samples for days does not grow, summarised as percentiles for the benchmark.
export interface JitterStats {
  count: number
  p50Ms: number
  p95Ms: number
  maxMs: number
  /** Slots that passed without a run (the process was busy, or the previous run still going). */
  missedSlots: number
}

export interface JitterRecorder {
  record(lateByMs: number): void
  missed(slots: number): void
  stats(): JitterStats
  reset(): void
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[rank]!
}

export function createJitterRecorder(capacity = 4096): JitterRecorder {
  const ring: number[] = []
  let next = 0
  let missedSlots = 0
  return {
    record(lateByMs) {
      // A timer can fire a hair early; lateness either way counts as jitter.
      const value = Math.abs(lateByMs)
      if (ring.length < capacity) ring.push(value)
      else ring[next] = value
      next = (next + 1) % capacity
    },
    missed(slots) {
      missedSlots += slots
    },
    stats() {
      const sorted = ring.slice().sort((a, b) => a - b)
      const round = (n: number) => Math.round(n * 100) / 100
      return {
        count: sorted.length,
        p50Ms: round(percentile(sorted, 50)),
        p95Ms: round(percentile(sorted, 95)),
        maxMs: round(sorted[sorted.length - 1] ?? 0),
        missedSlots,
      }
    },
    reset() {
      ring.length = 0
      next = 0
      missedSlots = 0
    },
  }
}
