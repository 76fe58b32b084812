// Every surface checks the same bounds: a number, a duration or a date outside a safe range is
// refused on the CLI (exit 4) as on the bridge and MCP, by the shared domain checks, and nothing
// is written, so one bad value can never make the list unreadable.
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { existsSync } from "node:fs"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { runTsk, runTskJson } from "../helpers/run-tsk.ts"
import { CreatePayload, UpdatePayload } from "../../src/bridge/task-payloads.ts"
import { createTask } from "../../src/domain/task-operations.ts"
import { MAX_ESTIMATE_MINUTES } from "../../src/domain/task-fields.ts"
import { parseDuration } from "../../src/domain/duration.ts"
import { parseDateInput } from "../../src/domain/local-date.ts"
import { fixedContext } from "../helpers/task-fixtures.ts"

let home: string
let cleanup: () => void
beforeEach(() => ({ home, cleanup } = makeTempHome()))
afterEach(() => cleanup())

describe("bounds on the CLI", () => {
  it("refuses an estimate above the largest safe integer with exit 4 and writes nothing", () => {
    const result = runTsk(home, ["add", "x", "--estimate", "99999999999999d"])
    expect(result.code, result.stdout + result.stderr).toBe(4)
    expect(existsSync(join(home, "tasks.json"))).toBe(false)
    expect(runTsk(home, ["doctor"]).code).toBe(0)
  })

  it("refuses an estimate beyond ten years on add and edit, and takes one just inside", () => {
    expect(runTsk(home, ["add", "x", "--estimate", "4000d"]).code).toBe(4)
    const task = runTskJson<{ id: string; estimateMinutes: number }>(home, ["add", "x", "--estimate", "3000d"])
    expect(task.estimateMinutes).toBe(3000 * 24 * 60)
    expect(runTsk(home, ["edit", task.id, "--estimate", "99999999999999d"]).code).toBe(4)
  })

  it("refuses a due date too far from today and a logged duration above the safe range", () => {
    expect(runTsk(home, ["add", "x", "--due", "+99999999999999d"]).code).toBe(4)
    const task = runTskJson<{ id: string }>(home, ["add", "y"])
    expect(runTsk(home, ["edit", task.id, "--due", "+9999999w"]).code).toBe(4)
    expect(runTsk(home, ["log", task.id, "99999999999999999999d"]).code).toBe(4)
    expect(runTsk(home, ["list", "--limit", "99999999999999999999"]).code).toBe(4)
  })
})

describe("the same bounds in the domain and the bridge payloads", () => {
  it("refuses an estimate beyond the bound in the shared operation and in the bridge's and MCP's payloads", () => {
    expect(() => createTask([], { title: "x", estimateMinutes: MAX_ESTIMATE_MINUTES + 1 }, fixedContext())).toThrow(/estimate/)
    expect(() => createTask([], { title: "x", estimateMinutes: 2 ** 60 }, fixedContext())).toThrow(/estimate/)
    expect(createTask([], { title: "x", estimateMinutes: MAX_ESTIMATE_MINUTES }, fixedContext()).tasks).toHaveLength(1)
    expect(CreatePayload.safeParse({ title: "x", estimateMinutes: MAX_ESTIMATE_MINUTES + 1 }).success).toBe(false)
    expect(UpdatePayload.safeParse({ taskId: "abcd", estimateMinutes: MAX_ESTIMATE_MINUTES + 1 }).success).toBe(false)
  })

  it("refuses durations and relative dates that leave the safe range", () => {
    expect(() => parseDuration("99999999999999d")).toThrow(/too long/)
    expect(() => parseDuration("1e400")).toThrow()
    expect(parseDuration("36500d")).toBe(36500 * 86_400_000)
    expect(() => parseDateInput("+99999999999999d", "2026-01-01")).toThrow(/too far/)
    expect(() => parseDateInput("-99999999d", "2026-01-01")).toThrow(/too far/)
    expect(parseDateInput("+3d", "2026-01-01")).toBe("2026-01-04")
  })
})
