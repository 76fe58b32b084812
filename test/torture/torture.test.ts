// 20 torture trials inside `npm test` (`npm run torture` runs 200).
import { describe, expect, it } from "vitest"
import { runTorture } from "./torture.ts"

describe("the torture suite", () => {
  it("loses nothing acknowledged, runs nothing twice and keeps every file parseable through 20 trials of kills and pauses", async () => {
    const report = await runTorture({ trials: 20 })
    expect(report.failures).toEqual([])
    expect(report.kills).toBeGreaterThan(0)
    expect(report.answeredCommands).toBeGreaterThan(20)
  }, 180_000)
})
