// A C64 service on a temporary home over the fake backend, with a clock that starts at a fixed
// instant (so timestamps are predictable) and then runs in real time with real timers.
import { createC64Service, type C64Service } from "../../../src/c64/c64-service.ts"
import type { C64Event } from "../../../src/c64/c64-events.ts"
import type { C64Backend } from "../../../src/c64/backend.ts"
import { systemClock, type SchedulerClock } from "../../../src/c64/scheduler.ts"
import { createFakeBackend, type FakeBackend } from "./fake-backend.ts"
import { makeTempHome } from "./temp-home.ts"

export const FIXED_START = Date.UTC(2025, 9, 27, 11, 42, 3)

export function clockFrom(startMs: number): SchedulerClock {
  const offset = startMs - systemClock.now()
  return { ...systemClock, now: () => systemClock.now() + offset }
}

export interface ServiceFixture {
  home: string
  backend: FakeBackend
  service: C64Service
  /** Another service on the same home, as a second process would see it. */
  reopen(backend?: C64Backend): Promise<C64Service>
  cleanup(): Promise<void>
}

export async function makeServiceFixture(startMs = FIXED_START): Promise<ServiceFixture> {
  const temp = await makeTempHome()
  const backend = createFakeBackend()
  const clock = clockFrom(startMs)
  const service = await createC64Service({ home: temp.home, backend, clock })
  const opened: C64Service[] = [service]
  return {
    home: temp.home,
    backend,
    service,
    async reopen(other = createFakeBackend()) {
      const next = await createC64Service({ home: temp.home, backend: other, clock })
      opened.push(next)
      return next
    },
    async cleanup() {
      await Promise.all(opened.map((s) => s.close()))
      await temp.cleanup()
    },
  }
}

/** Resolves with the event that ends task `id` (completed, error or stopped), after its files are written. */
export function untilFinished(service: C64Service, id: string, timeoutMs = 5000): Promise<C64Event> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off()
      reject(new Error(`task ${id} did not finish within ${timeoutMs} ms`))
    }, timeoutMs)
    const off = service.onEvent((event) => {
      if (event.task.id !== id || !["completed", "error", "stopped"].includes(event.type)) return
      clearTimeout(timer)
      off()
      resolve(event)
    })
  })
}
