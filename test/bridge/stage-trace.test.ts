import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { runTsk } from "../helpers/run-tsk.ts"
import { createStageTrace } from "../../src/bridge/stage-trace.ts"

let home: string
let cleanup: () => void
beforeEach(() => ({ home, cleanup } = makeTempHome("tsk-stage-trace-")))
afterEach(() => cleanup())

const traceLines = (file: string) =>
  readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { kind: string; commands?: number; files?: number; ms: Record<string, number> | number })

describe("the bridge's stage trace (TSK_BRIDGE_TRACE)", () => {
  it("writes one line per unit with the time of each stage and the unit's commands", () => {
    const file = join(home, "trace.jsonl")
    const result = runTsk(home, ["agent", "send", '{"command":"create","payload":{"title":"Traced"}}'], { TSK_BRIDGE_TRACE: file })
    expect(result.code).toBe(0)
    const units = traceLines(file).filter((line) => line.kind === "unit")
    expect(units).toHaveLength(1)
    expect(units[0]).toMatchObject({ commands: 1, files: 1 })
    const stages = units[0]!.ms as Record<string, number>
    for (const stage of ["claim", "read", "plan", "execute", "batch", "remember", "outbox", "memory", "finish", "emit"]) expect(stages[stage]).toBeGreaterThanOrEqual(0)
  })

  it("is off when the variable is unset or empty, and passes each stage's result through", async () => {
    for (const value of [undefined, ""]) {
      const trace = createStageTrace(value)
      expect(trace.on).toBe(false)
      expect(trace.timeSync("plan", () => 42)).toBe(42)
      await expect(trace.time("batch", async () => "done")).resolves.toBe("done")
    }
    const file = join(home, "on.jsonl")
    const trace = createStageTrace(file)
    expect(await trace.time("batch", async () => "done")).toBe("done")
    trace.unit({ commands: 3 })
    expect(existsSync(file)).toBe(true)
    expect(traceLines(file)[0]).toMatchObject({ kind: "unit", commands: 3 })
  })
})
