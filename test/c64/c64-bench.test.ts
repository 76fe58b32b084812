import { describe, expect, it } from "vitest"
import { measureSamplingRunner } from "../../src/c64/c64-bench.ts"
import { createFakeBackend } from "./helpers/fake-backend.ts"

describe("the C64 benchmark helpers", () => {
  it("measure jitter and CPU over a window of background reads and clean up after themselves", async () => {
    const result = await measureSamplingRunner({ seconds: 1, tasks: 3, everyMs: 100, warmUpMs: 150, makeBackend: () => createFakeBackend() })
    expect(result).toMatchObject({ seconds: 1, tasks: 3, everyMs: 100 })
    // About 10 runs per task in the window; slack for a loaded test machine.
    expect(result.jitter.count).toBeGreaterThanOrEqual(20)
    expect(result.jitter.p95Ms).toBeGreaterThanOrEqual(result.jitter.p50Ms)
    expect(result.jitter.maxMs).toBeGreaterThanOrEqual(result.jitter.p95Ms)
    expect(result.cpuPercentOfOneCore).toBeGreaterThan(0)
    expect(result.cpuPercentOfOneCore).toBeLessThan(100)
  })
})
