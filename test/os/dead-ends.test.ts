// No dead ends: a plan that is gone (missing, moved aside) or a task it does not hold used to leave
// only hand-editing state.json; `abort` (CLI, bridge) now abandons the plan from any state.
import { renameSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { osCommand } from "../../src/cli/os-command.ts"
import { runCli } from "../../src/cli/run-cli.ts"
import type { CommandSpec } from "../../src/cli/command.ts"
import { createOsBridgeCommands } from "../../src/os/bridge-commands.ts"
import { TskError } from "../../src/domain/errors.ts"
import { makeOsFixture, readAllLogLines, readJson, readState, walkToConstruct, type OsFixture } from "./os-helpers.ts"

let fx: OsFixture
beforeEach(async () => {
  fx = makeOsFixture()
  await walkToConstruct(fx.engine)
})
afterEach(() => fx.cleanup())

const moveAsidePlan = () => renameSync(join(fx.root, "plans/core/p1.json"), join(fx.root, "plans/core/p1.json.corrupt-2026"))

async function refusal(run: () => Promise<unknown>): Promise<TskError> {
  try {
    await run()
  } catch (error) {
    return error as TskError
  }
  throw new Error("the command was not refused")
}

describe("a plan that is gone", () => {
  it("refuses commands pointing to abort, and clear alone only returns to BUSY", async () => {
    moveAsidePlan()
    const refused = await refusal(() => fx.engine.fail({ taskId: "lexer", error: "x" }))
    expect(refused.message).toMatch(/tsk os abort/)
    await fx.engine.clear()
    expect(readState(fx)).toMatchObject({ st: "BUSY", ph: "C", ct: "lexer" })
    expect((await refusal(() => fx.engine.fail({ taskId: "lexer", error: "x" }))).message).toMatch(/tsk os abort/)
  })

  it("abort returns to IDLE and READY from a blocked state, logs it, and says the plan file was already gone", async () => {
    moveAsidePlan()
    await refusal(() => fx.engine.fail({ taskId: "lexer", error: "x" }))
    expect(readState(fx).st).toBe("ERROR")
    const result = await fx.engine.abort()
    expect(result).toMatchObject({ aborted: true, plan: "p1", task: "lexer", previous: { phase: "C", state: "ERROR" }, phase: "I", state: "READY", kept: null, missing: "plans/core/p1.json" })
    expect(readState(fx)).toMatchObject({ ph: "I", st: "READY", cp: null, ct: null, rt: {}, err: null })
    expect(readAllLogLines(fx).at(-1)).toMatchObject({ L: "W", ph: "I", plan: null, msg: "aborted plan p1 at task lexer from C/ERROR; its file plans/core/p1.json was already missing" })
    expect(await fx.engine.analyze({ goal: "start again" })).toMatchObject({ phase: "A" })
  })

  it("abort gets out when the state names a task the plan does not hold", async () => {
    const state = readState(fx)
    writeFileSync(join(fx.root, "state.json"), JSON.stringify({ ...state, ct: "ghost" }))
    expect((await refusal(() => fx.engine.fail({ taskId: "ghost", error: "x" }))).message).toMatch(/task ghost is not in plan p1.*tsk os abort/)
    await fx.engine.abort()
    expect(readJson(fx, "plans/core/p1.json")).toMatchObject({ id: "p1" })
    expect(readState(fx)).toMatchObject({ ph: "I", st: "READY" })
  })

  it("check --repair offers abort for a plan it cannot mend", async () => {
    moveAsidePlan()
    const report = await fx.engine.check({ repair: true })
    expect(report.findings).toContainEqual(expect.objectContaining({ kind: "current_plan", fix: null }))
    expect(report.suggestions).toEqual(["tsk os abort (bridge: os-abort): abandon plan p1"])
  })

  it("answers abort from the CLI and the bridge alike", async () => {
    let stdout = ""
    const root: CommandSpec = { name: "tsk", summary: "t", usage: "tsk", subcommands: [osCommand] }
    writeFileSync(join(fx.home, "config.json"), JSON.stringify({ os: { root: fx.root } }))
    const code = await runCli(root, ["os", "abort"], { TSK_HOME: fx.home, NO_COLOR: "1" }, { stdout: (t) => void (stdout += t), stderr: () => {}, stdoutIsTTY: false })
    expect(code).toBe(0)
    expect(stdout).toBe("Aborted plan p1 (task lexer); state is now READY in phase I; plans/core/p1.json kept for reference\n")
    const bridge = createOsBridgeCommands(fx.engine).find((definition) => definition.command === "os-abort")!
    const data = await bridge.run({})
    expect(bridge.describe({}, data)).toBe("nothing to abort (idle)")
  })
})

describe("the folder a command carries", () => {
  it("must be absolute: a relative cwd is refused before anything is read", async () => {
    const error = await refusal(() => fx.engine.complete({ taskId: "lexer", output: { id: "lexer", dom: "core", loc: "lexer.ts", type: "code" }, cwd: "app" }))
    expect(error).toMatchObject({ kind: "invalid", message: expect.stringMatching(/cwd: must be an absolute folder/) })
  })

  it("validating an artifact with no project refuses without counting a retry", async () => {
    const noFolder = fx.engineWith({ cwd: undefined })
    writeFileSync(join(fx.workspace, "lexer.ts"), "// Purpose: x\n// Depends on: []\n")
    await fx.engine.complete({ taskId: "lexer", output: { id: "lexer", dom: "core", loc: "lexer.ts", type: "code" } })
    // A record from before projects existed: no root.
    const record = readJson<Record<string, unknown>>(fx, "registry/core/lexer.json")
    delete record.root
    writeFileSync(join(fx.root, "registry/core/lexer.json"), JSON.stringify(record))
    expect((await refusal(() => noFolder.validate())).message).toMatch(/has no project folder/)
    expect(readState(fx).rt).toEqual({})
    expect((await fx.engine.validate()).ok).toBe(true)
  })
})
