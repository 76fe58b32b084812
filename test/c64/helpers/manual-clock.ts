// A clock whose time moves only when a test says so; timers fire in order as it passes them.
import type { SchedulerClock } from "../../../src/c64/scheduler.ts"

export interface ManualClock extends SchedulerClock {
  /** Moves time forward, firing due timers one by one and letting their promises settle. */
  advance(ms: number): Promise<void>
  pending(): number
}

export function createManualClock(start = 1_000_000): ManualClock {
  let now = start
  let nextId = 1
  const timers = new Map<number, { at: number; fn: () => void }>()
  const settle = async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve()
  }
  return {
    now: () => now,
    setTimeout(fn, ms) {
      const id = nextId++
      timers.set(id, { at: now + Math.max(0, ms), fn })
      return id
    },
    clearTimeout(handle) {
      timers.delete(handle as number)
    },
    async advance(ms) {
      const end = now + ms
      // Like a real event loop: promises settle before the next timer fires.
      await settle()
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0]
        if (!due) break
        timers.delete(due[0])
        now = Math.max(now, due[1].at)
        due[1].fn()
        await settle()
      }
      now = end
      await settle()
    },
    pending: () => timers.size,
  }
}
