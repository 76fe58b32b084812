// The process's shared timers: the runner's once-a-second checks run in one wake-up.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { everyTick, TICK_MS } from "../../src/store/shared-ticker.ts"

describe("shared ticker", () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it("runs every callback of one period from a single timer, in the order they were added", () => {
    const order: string[] = []
    const before = vi.getTimerCount()
    const stops = [everyTick(TICK_MS, () => order.push("heartbeat")), everyTick(TICK_MS, () => order.push("guard")), everyTick(TICK_MS, () => order.push("slice"))]
    expect(vi.getTimerCount() - before).toBe(1)
    vi.advanceTimersByTime(TICK_MS)
    expect(order).toEqual(["heartbeat", "guard", "slice"])
    for (const stop of stops) stop()
    expect(vi.getTimerCount()).toBe(before)
  })

  it("runs a period of whole seconds on the one-second timer, every n-th tick counted from when it was added", () => {
    const seen: number[] = []
    const stopBase = everyTick(TICK_MS, () => {})
    vi.advanceTimersByTime(TICK_MS)
    const before = vi.getTimerCount()
    const stopPoll = everyTick(2 * TICK_MS, () => seen.push(Date.now()))
    expect(vi.getTimerCount()).toBe(before)
    const added = Date.now()
    vi.advanceTimersByTime(6 * TICK_MS)
    expect(seen.map((t) => t - added)).toEqual([2 * TICK_MS, 4 * TICK_MS, 6 * TICK_MS])
    stopPoll()
    stopBase()
  })

  it("keeps other periods on timers of their own", () => {
    let fast = 0
    let slow = 0
    const stopFast = everyTick(50, () => fast++)
    const stopSlow = everyTick(TICK_MS, () => slow++)
    vi.advanceTimersByTime(TICK_MS)
    expect(fast).toBe(TICK_MS / 50)
    expect(slow).toBe(1)
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
    vi.advanceTimersByTime(TICK_MS)
    stopLater()
    stopLater()
    vi.advanceTimersByTime(TICK_MS)
    expect(after).toBe(2)
    expect(stopped).toBe(1)
    stopThrowing()
    stopCounting()
  })
})
