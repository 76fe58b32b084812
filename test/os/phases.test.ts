import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { TskError } from "../../src/domain/errors.ts"
import { canTransition } from "../../src/os/phases.ts"
import { PHASES } from "../../src/os/schemas.ts"
import { annotatedCode, codeOutput, makeOsFixture, readJson, readState, snapshotRoot, TWO_TASKS, walkToConstruct, walkToValidate, writeWorkspaceFile, type OsFixture } from "./os-helpers.ts"

let fx: OsFixture
beforeEach(() => {
  fx = makeOsFixture()
})
afterEach(() => fx.cleanup())

async function expectInvalid(action: Promise<unknown>, message: RegExp): Promise<void> {
  const error = await action.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(TskError)
  expect((error as TskError).kind).toBe("invalid")
  expect((error as TskError).message).toMatch(message)
}

describe("phase transitions", () => {
  it("allows exactly A → B → C → V → (C | I) and I → A", () => {
    const allowed = PHASES.flatMap((from) => PHASES.filter((to) => canTransition(from, to)).map((to) => `${from}${to}`))
    expect(allowed.sort()).toEqual(["AB", "BC", "CV", "IA", "VC", "VI"])
  })

  it("starts in IDLE and READY", async () => {
    const status = await fx.engine.status()
    expect(status.phase).toBe("I")
    expect(status.state).toBe("READY")
    expect(readState(fx)).toMatchObject({ ph: "I", st: "READY", cp: null, ct: null, rt: {}, iss: {}, err: null })
  })

  it("moves IDLE → ANALYZE on analyze", async () => {
    const result = await fx.engine.analyze({ goal: "Parse arithmetic" })
    expect(result).toEqual({ phase: "A", state: "READY", goal: "Parse arithmetic" })
    expect(readState(fx).ph).toBe("A")
  })

  it("moves ANALYZE → BLUEPRINT on plan and writes the plan file and its summary entry", async () => {
    await fx.engine.analyze({ goal: "Parse arithmetic" })
    const result = await fx.engine.plan({ dom: "core", goal: "A parser", tasks: [{ id: "lexer", title: "Lexer" }, { title: "Parser" }] })
    expect(result.phase).toBe("B")
    expect(result.plan.tasks.map((task) => task.id)).toEqual(["lexer", "t1"])
    expect(readState(fx)).toMatchObject({ ph: "B", cp: "p1", ct: null })
    expect(readJson(fx, "plans/core/p1.json")).toMatchObject({ v: 1, id: "p1", dom: "core", goal: "A parser", max: 3 })
    expect(readJson(fx, "plan_summary.json")).toEqual({ v: 2, items: { p1: { path: "plans/core/p1.json", v: 1 } } })
  })

  it("moves BLUEPRINT → CONSTRUCT on next and checks out the first pending task as BUSY", async () => {
    await walkToConstruct(fx.engine)
    expect(readState(fx)).toMatchObject({ ph: "C", st: "BUSY", ct: "lexer" })
    expect(readJson<{ tasks: Array<{ st: string }> }>(fx, "plans/core/p1.json").tasks.map((t) => t.st)).toEqual(["active", "pending"])
  })

  it("moves CONSTRUCT → VALIDATE on complete and registers the artifact", async () => {
    await walkToValidate(fx)
    expect(readState(fx)).toMatchObject({ ph: "V", st: "READY", ct: "lexer" })
    expect(readJson(fx, "registry/core/lexer.json")).toMatchObject({ v: 1, id: "lexer", loc: "lexer.ts", type: "code", ki: [], ann: true, dep: [] })
    expect(readJson(fx, "registry_summary.json")).toEqual({ v: 2, items: { lexer: { path: "registry/core/lexer.json", v: 1 } } })
  })

  it("moves VALIDATE → CONSTRUCT when the artifact passes and tasks remain", async () => {
    await walkToValidate(fx)
    const result = await fx.engine.validate()
    expect(result).toMatchObject({ ok: true, phase: "C", state: "READY", planDone: false })
    expect(readState(fx)).toMatchObject({ ph: "C", ct: null })
  })

  it("moves VALIDATE → IDLE when the last task passes", async () => {
    await walkToValidate(fx)
    await fx.engine.validate()
    await fx.engine.next()
    writeWorkspaceFile(fx, "parser.ts", annotatedCode(["lexer"]))
    await fx.engine.complete({ taskId: "parser", output: codeOutput("parser", ["lexer"]) })
    const result = await fx.engine.validate()
    expect(result).toMatchObject({ ok: true, phase: "I", planDone: true })
    const status = await fx.engine.status()
    expect(status.plan?.tasks.map((task) => task.state)).toEqual(["done", "done"])
    expect(status.log.at(-1)?.msg).toBe("plan p1 complete (2/2 tasks)")
  })

  it("moves VALIDATE → CONSTRUCT with the same task when the artifact is rejected", async () => {
    await walkToValidate(fx, "export const tokens = []\n")
    const result = await fx.engine.validate()
    expect(result).toMatchObject({ ok: false, phase: "C", state: "BUSY", retries: 1 })
    expect(readState(fx)).toMatchObject({ ph: "C", ct: "lexer", rt: { lexer: 1 } })
  })

  it("moves VALIDATE → CONSTRUCT when the agent reports a failure under review", async () => {
    await walkToValidate(fx)
    expect(await fx.engine.fail({ taskId: "lexer", error: "review found a bug" })).toMatchObject({ phase: "C", state: "BUSY", retries: 1 })
    expect(readJson<{ tasks: Array<{ st: string }> }>(fx, "plans/core/p1.json").tasks[0]!.st).toBe("active")
  })

  it("takes a new goal from IDLE after a finished plan", async () => {
    await walkToValidate(fx)
    await fx.engine.validate()
    await fx.engine.next()
    writeWorkspaceFile(fx, "parser.ts", annotatedCode(["lexer"]))
    await fx.engine.complete({ taskId: "parser", output: codeOutput("parser", ["lexer"]) })
    await fx.engine.validate()
    await fx.engine.analyze({ goal: "Next goal" })
    await fx.engine.plan({ dom: "core", goal: "Second", tasks: [{ title: "One" }] })
    expect(readState(fx)).toMatchObject({ ph: "B", cp: "p2" })
  })
})

describe("invalid transitions are refused and write nothing", () => {
  it("refuses plan in IDLE", async () => {
    await fx.engine.status()
    const before = snapshotRoot(fx.root)
    await expectInvalid(fx.engine.plan({ dom: "core", goal: "g", tasks: TWO_TASKS }), /cannot plan in phase I \(IDLE\).*needs phase A/)
    expect(snapshotRoot(fx.root)).toEqual(before)
  })

  it("refuses analyze outside IDLE", async () => {
    await fx.engine.analyze({ goal: "g" })
    await expectInvalid(fx.engine.analyze({ goal: "again" }), /cannot analyze in phase A/)
  })

  it("refuses next before a plan exists", async () => {
    await fx.engine.analyze({ goal: "g" })
    await expectInvalid(fx.engine.next(), /cannot move to the next task in phase A/)
  })

  it("refuses next while a task is in progress", async () => {
    await walkToConstruct(fx.engine)
    const before = snapshotRoot(fx.root)
    await expectInvalid(fx.engine.next(), /task lexer is still in progress/)
    expect(snapshotRoot(fx.root)).toEqual(before)
  })

  it("refuses next in VALIDATE", async () => {
    await walkToValidate(fx)
    await expectInvalid(fx.engine.next(), /cannot move to the next task in phase V/)
  })

  it("refuses complete outside CONSTRUCT", async () => {
    await fx.engine.analyze({ goal: "g" })
    await expectInvalid(fx.engine.complete({ taskId: "lexer", output: codeOutput("lexer") }), /cannot complete a task in phase A/)
  })

  it("refuses to complete a task that is not the current one", async () => {
    await walkToConstruct(fx.engine)
    await expectInvalid(fx.engine.complete({ taskId: "parser", output: codeOutput("parser") }), /task parser is not the current task \(lexer\)/)
  })

  it("refuses validate outside VALIDATE", async () => {
    await walkToConstruct(fx.engine)
    await expectInvalid(fx.engine.validate(), /cannot validate in phase C/)
  })

  it("refuses fail outside CONSTRUCT and VALIDATE", async () => {
    await fx.engine.analyze({ goal: "g" })
    await expectInvalid(fx.engine.fail({ taskId: "lexer", error: "boom" }), /cannot report a failure in phase A/)
  })

  it("refuses a plan whose id already exists", async () => {
    await fx.engine.analyze({ goal: "g" })
    await fx.engine.plan({ id: "main", dom: "core", goal: "g", tasks: [{ title: "a" }] })
    await fx.engine.next()
    writeWorkspaceFile(fx, "a.ts", annotatedCode())
    await fx.engine.complete({ taskId: "t1", output: codeOutput("a") })
    await fx.engine.validate()
    await fx.engine.analyze({ goal: "g2" })
    await expectInvalid(fx.engine.plan({ id: "main", dom: "core", goal: "g", tasks: [{ title: "a" }] }), /plan main already exists/)
  })

  it("refuses a plan that repeats a task id", async () => {
    await fx.engine.analyze({ goal: "g" })
    await expectInvalid(fx.engine.plan({ dom: "core", goal: "g", tasks: [{ id: "x", title: "a" }, { id: "x", title: "b" }] }), /task id x appears twice/)
  })
})
