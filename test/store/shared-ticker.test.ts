// The process's shared timers: the runner's once-a-second checks run in one wake-up, on whole seconds.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { clockNow, everyTick, TICK_LEAD_MS, TICK_MS } from "../../src/store/shared-ticker.ts"

describe("shared ticker", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date", "performance"] })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it("runs every callback of one period from a single timer, in the order they were added, just before whole seconds", () => {
    const order: string[] = []
    const at: number[] = []
    const before = vi.getTimerCount()
    const stops = [everyTick(TICK_MS, () => (order.push("heartbeat"), at.push(clockNow()))), everyTick(TICK_MS, () => order.push("guard")), everyTick(TICK_MS, () => order.push("slice"))]
    expect(vi.getTimerCount() - before).toBe(1)
    vi.advanceTimersByTime(2 * TICK_MS)
    expect(order.slice(0, 3)).toEqual(["heartbeat", "guard", "slice"])
    expect(at.length).toBeGreaterThanOrEqual(1)
    for (const t of at) expect((Math.round(t) + TICK_LEAD_MS) % TICK_MS).toBe(0)
    for (const stop of stops) stop()
    expect(vi.getTimerCount()).toBe(before)
  })

  it("runs a period of whole seconds on the one-second timer, every n-th tick counted from when it was added", () => {
    let base = 0
    const seen: number[] = []
    const stopBase = everyTick(TICK_MS, () => base++)
    vi.advanceTimersByTime(2 * TICK_MS)
    const before = vi.getTimerCount()
    const ticksBefore = base
    const stopPoll = everyTick(2 * TICK_MS, () => seen.push(base))
    expect(vi.getTimerCount()).toBe(before)
    vi.advanceTimersByTime(6 * TICK_MS)
    expect(base - ticksBefore).toBe(6)
    expect(seen).toEqual([ticksBefore + 2, ticksBefore + 4, ticksBefore + 6])
    stopPoll()
    stopBase()
  })

  it("keeps other periods on timers of their own", () => {
    let fast = 0
    let slow = 0
    const stopFast = everyTick(50, () => fast++)
    const stopSlow = everyTick(TICK_MS, () => slow++)
    vi.advanceTimersByTime(10 * TICK_MS)
    expect(fast).toBeGreaterThanOrEqual((9 * TICK_MS) / 50)
    expect(slow).toBeGreaterThanOrEqual(9)
    expect(slow).toBeLessThanOrEqual(10)
    stopFast()
    stopSlow()
  })

  it("goes on with the others when one callback throws, and stops calling one that was stopped", () => {
    let after = 0
    let stopped = 0
    const stopThrowing = everyTick(TICK_MS, () => {
      throw new Error("boom")
    })
    const stopCounting = everyTick(TICK_MS, () => after++)
    const stopLater = everyTick(TICK_MS, () => stopped++)
    vi.advanceTimersByTime(2 * TICK_MS)
    const seenBefore = stopped
    expect(seenBefore).toBeGreaterThanOrEqual(1)
    expect(after).toBe(seenBefore)
    stopLater()
    stopLater()
    vi.advanceTimersByTime(2 * TICK_MS)
    expect(after).toBe(seenBefore + 2)
    expect(stopped).toBe(seenBefore)
    stopThrowing()
    stopCounting()
  })
})
