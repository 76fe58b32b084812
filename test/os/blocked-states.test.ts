import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { TskError } from "../../src/domain/errors.ts"
import type { OsEngine } from "../../src/os/engine.ts"
import { codeOutput, makeOsFixture, readAllLogLines, readJson, readState, snapshotRoot, TWO_TASKS, walkToConstruct, walkToValidate, writeWorkspaceFile, type OsFixture } from "./os-helpers.ts"

let fx: OsFixture
afterEach(() => fx.cleanup())

/** Bump a file's `v` on disk, as another process's write would. */
function bumpVersion(path: string): void {
  const value = JSON.parse(readFileSync(path, "utf8")) as { v: number }
  writeFileSync(path, JSON.stringify({ ...value, v: value.v + 1 }))
}

/** An engine that, once armed, lets "another process" write `file` between its read and its write. */
function racingEngine(file: string): { engine: OsEngine; arm: () => void } {
  let armed = false
  const engine = fx.engineWith({
    beforeCommit: () => {
      if (!armed) return
      armed = false
      bumpVersion(join(fx.root, file))
    },
  })
  return { engine, arm: () => (armed = true) }
}

async function rejection(action: Promise<unknown>): Promise<TskError> {
  const error = await action.then(() => null, (e: unknown) => e)
  expect(error).toBeInstanceOf(TskError)
  return error as TskError
}

describe("optimistic lock conflicts", () => {
  it("blocks with BLK_CON and an E line when state.json moved on, and writes nothing of the change", async () => {
    fx = makeOsFixture()
    const { engine, arm } = racingEngine("state.json")
    await engine.status()
    arm()
    const error = await rejection(engine.analyze({ goal: "g" }))
    expect(error.kind).toBe("conflict")
    expect(error.message).toMatch(/state\.json changed since it was read.*now BLK_CON/)
    const state = readState(fx)
    expect(state).toMatchObject({ st: "BLK_CON", ph: "I" })
    expect(state.err).toMatch(/^analyze: state\.json changed/)
    expect(readAllLogLines(fx).at(-1)).toMatchObject({ L: "E", msg: expect.stringMatching(/^BLK_CON: analyze/) })
  })

  it("blocks with BLK_CON when the primary plan file moved on", async () => {
    fx = makeOsFixture()
    const { engine, arm } = racingEngine("plans/core/p1.json")
    await engine.analyze({ goal: "g" })
    await engine.plan({ dom: "core", goal: "g", tasks: TWO_TASKS })
    arm()
    await rejection(engine.next())
    expect(readState(fx)).toMatchObject({ st: "BLK_CON", ph: "B", ct: null })
    expect(readJson<{ tasks: Array<{ st: string }> }>(fx, "plans/core/p1.json").tasks[0]!.st).toBe("pending")
  })

  it("blocks with BLK_PSUM when only plan_summary.json moved on", async () => {
    fx = makeOsFixture()
    const { engine, arm } = racingEngine("plan_summary.json")
    await engine.analyze({ goal: "g" })
    arm()
    const error = await rejection(engine.plan({ dom: "core", goal: "g", tasks: TWO_TASKS }))
    expect(error.message).toMatch(/plan_summary\.json changed/)
    expect(readState(fx)).toMatchObject({ st: "BLK_PSUM", ph: "A", cp: null })
    expect(readAllLogLines(fx).at(-1)?.msg).toMatch(/^BLK_PSUM: plan p1: plan_summary\.json changed/)
  })

  it("blocks with BLK_SUM when only registry_summary.json moved on", async () => {
    fx = makeOsFixture()
    const { engine, arm } = racingEngine("registry_summary.json")
    await walkToConstruct(engine)
    writeWorkspaceFile(fx, "lexer.ts", "// Purpose: x\n// Depends on: []\n")
    arm()
    await rejection(engine.complete({ taskId: "lexer", output: codeOutput("lexer") }))
    expect(readState(fx)).toMatchObject({ st: "BLK_SUM", ph: "C" })
    expect(readAllLogLines(fx).at(-1)).toMatchObject({ L: "E", msg: expect.stringMatching(/^BLK_SUM: complete lexer/) })
  })
})

describe("blocked states stay until cleared", () => {
  async function blockedFixture(): Promise<void> {
    fx = makeOsFixture()
    const { engine, arm } = racingEngine("state.json")
    await walkToConstruct(engine)
    arm()
    await rejection(engine.fail({ taskId: "lexer", error: "boom" }))
    expect(readState(fx).st).toBe("BLK_CON")
  }

  it("refuses every command that advances work while blocked, naming the state and the way out", async () => {
    await blockedFixture()
    const before = snapshotRoot(fx.root)
    // One after another, as an agent sends them (started together, all but the first would
    // reject before anything awaited them).
    const attempts: Array<() => Promise<unknown>> = [
      () => fx.engine.analyze({ goal: "g" }),
      () => fx.engine.plan({ dom: "core", goal: "g", tasks: TWO_TASKS }),
      () => fx.engine.next(),
      () => fx.engine.complete({ taskId: "lexer", output: codeOutput("lexer") }),
      () => fx.engine.validate(),
      () => fx.engine.fail({ taskId: "lexer", error: "again" }),
      () => fx.engine.issue({ message: "m" }),
      () => fx.engine.resolve({ issueId: "ISS-1" }),
    ]
    for (const attempt of attempts) {
      const error = await rejection(attempt())
      expect(error.kind).toBe("conflict")
      expect(error.message).toMatch(/the agent state is BLK_CON.*tsk os clear/)
    }
    expect(snapshotRoot(fx.root)).toEqual(before)
  })

  it("still answers status and log while blocked", async () => {
    await blockedFixture()
    const status = await fx.engine.status()
    expect(status).toMatchObject({ state: "BLK_CON", blocked: true })
    expect(status.lastError).toMatch(/state\.json changed/)
    expect((await fx.engine.log()).lines.at(-1)?.L).toBe("E")
  })

  it("keeps the blocked state across a restart", async () => {
    await blockedFixture()
    const report = await fx.engineWith().start()
    expect(report).toMatchObject({ state: "BLK_CON", keptBlocked: true })
    expect(readState(fx).st).toBe("BLK_CON")
  })

  it("clears to BUSY when a task is checked out, and logs it", async () => {
    await blockedFixture()
    const result = await fx.engine.clear()
    expect(result).toMatchObject({ cleared: true, previous: "BLK_CON", state: "BUSY", phase: "C" })
    expect(readAllLogLines(fx).at(-1)?.msg).toBe("cleared BLK_CON")
    await fx.engine.fail({ taskId: "lexer", error: "now it counts" })
    expect(readState(fx).rt).toEqual({ lexer: 1 })
  })

  it("clears to READY when no task is checked out", async () => {
    fx = makeOsFixture()
    const { engine, arm } = racingEngine("state.json")
    await engine.status()
    arm()
    await rejection(engine.analyze({ goal: "g" }))
    expect(await fx.engine.clear()).toMatchObject({ cleared: true, state: "READY", phase: "I" })
  })

  it("does nothing on clear when the state is not blocked", async () => {
    fx = makeOsFixture()
    await fx.engine.status()
    const before = snapshotRoot(fx.root)
    expect(await fx.engine.clear()).toEqual({ cleared: false, previous: "READY", phase: "I", state: "READY", retriesReset: null })
    expect(snapshotRoot(fx.root)).toEqual(before)
  })
})

describe("ERROR", () => {
  it("becomes ERROR with an E line when an operation meets a damaged file, and stays until cleared", async () => {
    fx = makeOsFixture()
    await walkToConstruct(fx.engine)
    writeFileSync(join(fx.root, "plans/core/p1.json"), "{ not json")
    const error = await rejection(fx.engine.fail({ taskId: "lexer", error: "x" }))
    expect(error.kind).toBe("corrupt")
    const state = readState(fx)
    expect(state.st).toBe("ERROR")
    expect(state.err).toMatch(/fail lexer: plans\/core\/p1\.json is not valid JSON/)
    expect(readAllLogLines(fx).at(-1)).toMatchObject({ L: "E" })
    expect((await rejection(fx.engine.next())).message).toMatch(/agent state is ERROR/)
    expect(await fx.engine.clear()).toMatchObject({ cleared: true, previous: "ERROR" })
  })

  it("refuses to run on a damaged state.json and leaves it untouched", async () => {
    fx = makeOsFixture()
    await fx.engine.status()
    writeFileSync(join(fx.root, "state.json"), '{"v": "x"}')
    const error = await rejection(fx.engine.analyze({ goal: "g" }))
    expect(error.kind).toBe("corrupt")
    expect(error.message).toMatch(/state\.json is invalid: v:/)
    expect(readFileSync(join(fx.root, "state.json"), "utf8")).toBe('{"v": "x"}')
  })
})

describe("BLK_MAX", () => {
  it("blocks once a task's failures exceed the retry limit, counting in state.rt and the plan file", async () => {
    fx = makeOsFixture({ maxRetries: 2 })
    await walkToConstruct(fx.engine)
    expect(await fx.engine.fail({ taskId: "lexer", error: "one" })).toMatchObject({ retries: 1, blocked: false, state: "BUSY" })
    expect(await fx.engine.fail({ taskId: "lexer", error: "two" })).toMatchObject({ retries: 2, blocked: false })
    expect(await fx.engine.fail({ taskId: "lexer", error: "three" })).toMatchObject({ retries: 3, blocked: true, state: "BLK_MAX" })
    expect(readState(fx)).toMatchObject({ st: "BLK_MAX", rt: { lexer: 3 } })
    expect(readJson<{ tasks: Array<{ rt: number; st: string }> }>(fx, "plans/core/p1.json").tasks[0]).toMatchObject({ rt: 3, st: "failed" })
    expect(readAllLogLines(fx).at(-1)).toMatchObject({ L: "E", msg: expect.stringMatching(/^BLK_MAX: task lexer failed 3 times/) })
  })

  it("blocks on rejected validations the same way", async () => {
    fx = makeOsFixture({ maxRetries: 0 })
    await walkToValidate(fx, "no annotations\n")
    expect(await fx.engine.validate()).toMatchObject({ ok: false, blocked: true, state: "BLK_MAX" })
  })

  it("gives the task a fresh retry budget when cleared", async () => {
    fx = makeOsFixture({ maxRetries: 0 })
    await walkToConstruct(fx.engine)
    await fx.engine.fail({ taskId: "lexer", error: "one" })
    expect(await fx.engine.clear()).toMatchObject({ cleared: true, previous: "BLK_MAX", state: "BUSY", retriesReset: "lexer" })
    expect(readState(fx).rt).toEqual({ lexer: 0 })
    expect(readJson<{ tasks: Array<{ rt: number; st: string }> }>(fx, "plans/core/p1.json").tasks[0]).toMatchObject({ rt: 0, st: "active" })
    expect((await fx.engine.check()).ok).toBe(true)
  })
})
