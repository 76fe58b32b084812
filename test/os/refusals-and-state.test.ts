// Every os refusal carries `{kind, state, phase}` (CLI usage errors and bridge payload errors too);
// `state.err` belongs to the state it was met in; `abort` says what it did; `check` reports a torn
// log line; `complete` resolves symbolic links; the sessions text view counts what it leaves out.
import { appendFileSync, mkdirSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { osCommand } from "../../src/cli/os-command.ts"
import { runCli } from "../../src/cli/run-cli.ts"
import type { CommandSpec } from "../../src/cli/command.ts"
import { osRunnerService } from "../../src/bridge/default-services.ts"
import { formatStatus } from "../../src/os/status-text.ts"
import type { AgentSession } from "../../src/os/sessions.ts"
import { answerTo, startTestRunner, writeInboxFile } from "../bridge/bridge-helpers.ts"
import { annotatedCode, makeOsFixture, readState, walkToConstruct, type OsFixture } from "./os-helpers.ts"

const ROOT: CommandSpec = { name: "tsk", summary: "test root", usage: "tsk <command>", subcommands: [osCommand] }

let fx: OsFixture
beforeEach(() => {
  fx = makeOsFixture()
})
afterEach(() => fx.cleanup())

async function tskJson(...argv: string[]): Promise<{ code: number; out: Record<string, unknown> }> {
  let stdout = ""
  const code = await runCli(ROOT, [...argv, "--json"], { TSK_HOME: fx.home, NO_COLOR: "1" }, { stdout: (t) => void (stdout += t), stderr: () => {}, stdoutIsTTY: false })
  return { code, out: JSON.parse(stdout) as Record<string, unknown> }
}

describe("os refusals", () => {
  it("carry kind, state and phase for CLI usage errors", async () => {
    await fx.engine.analyze({ goal: "g" })
    for (const argv of [["os", "plan", "--tasks", "[{"], ["os", "fail", "t1"], ["os", "log", "--limit", "abc"], ["os", "bogus"], ["os", "status", "--nope"]]) {
      const { code, out } = await tskJson(...argv)
      expect(code, argv.join(" ")).toBe(4)
      expect(out.error, argv.join(" ")).toMatchObject({ kind: "invalid", state: "READY", phase: "A" })
    }
  })

  it("carry kind, state and phase for a bridge payload that fails its schema", async () => {
    await walkToConstruct(fx.engine)
    const runner = startTestRunner(fx.home, { services: [osRunnerService()] })
    writeInboxFile(fx.home, [
      { id: "bad-plan", command: "os-plan", payload: { dom: "d", goal: "g", tasks: "not a list" } },
      { id: "bad-fail", command: "os-fail", payload: { taskId: "t1" } },
    ])
    await runner.processNow()
    await runner.stop()
    for (const id of ["bad-plan", "bad-fail"]) {
      const answer = answerTo(fx.home, id)
      expect(answer, id).toMatchObject({ status: "error", errorKind: "invalid", data: { kind: "invalid", state: "BUSY", phase: "C" } })
      expect(answer.error, id).toMatch(/^invalid payload for 'os-(plan|fail)': /)
    }
  })
})

describe("state.err", () => {
  it("is cleared by the next successful step after a failure", async () => {
    await walkToConstruct(fx.engine)
    const task = readState(fx).ct!
    await fx.engine.fail({ taskId: task, error: "boom" })
    expect(readState(fx)).toMatchObject({ st: "BUSY", err: `${task}: boom` })
    writeFileSync(join(fx.workspace, "a.ts"), annotatedCode())
    await fx.engine.complete({ taskId: task, output: { id: "a", dom: "core", loc: "a.ts", type: "code" } })
    expect(readState(fx).err).toBeNull()
    expect((await fx.engine.status()).lastError).toBeNull()
  })

  it("is cleared by clear", async () => {
    writeFileSync(join(fx.home, "config.json"), JSON.stringify({ os: { maxRetries: 0 } }))
    const engine = fx.engineWith({ home: fx.home })
    await walkToConstruct(engine)
    const task = readState(fx).ct!
    await engine.fail({ taskId: task, error: "boom" })
    expect(readState(fx)).toMatchObject({ st: "BLK_MAX", err: `${task}: boom` })
    await engine.clear()
    expect(readState(fx)).toMatchObject({ st: "BUSY", err: null })
  })
})

describe("abort", () => {
  it("says the plan file was already missing rather than kept", async () => {
    await walkToConstruct(fx.engine)
    unlinkSync(join(fx.root, "plans", "core", "p1.json"))
    const { out } = await tskJson("os", "abort")
    expect(out).toMatchObject({ aborted: true, kept: null, missing: "plans/core/p1.json", state: "READY", phase: "I" })
    expect(out.did).toMatch(/^abandoned plan p1 at task \S+ from C\/BUSY; its file plans\/core\/p1\.json was already missing; now READY in phase I$/)
  })

  it("says the plan file is kept when it is there", async () => {
    await walkToConstruct(fx.engine)
    const result = await fx.engine.abort()
    expect(result).toMatchObject({ kept: "plans/core/p1.json", missing: null })
    expect(result.did).toContain("plans/core/p1.json kept for reference")
  })
})

describe("check", () => {
  it("reports a torn last log line", async () => {
    await fx.engine.analyze({ goal: "g" })
    appendFileSync(join(fx.root, "logs", "log_unit_1.jsonl"), '{"id":9,"L":"I","ph"')
    const report = await fx.engine.check()
    expect(report.findings).toContainEqual(expect.objectContaining({ kind: "torn_log_line", file: "logs/log_unit_1.jsonl" }))
    expect(report.ok).toBe(false)
  })
})

describe("complete", () => {
  it("refuses a symbolic link that leads out of the project, and takes one that stays inside", async () => {
    await walkToConstruct(fx.engine)
    const task = readState(fx).ct!
    const outside = join(fx.home, "outside")
    mkdirSync(outside)
    writeFileSync(join(outside, "secret.ts"), annotatedCode())
    symlinkSync(join(outside, "secret.ts"), join(fx.workspace, "link.ts"))
    const refused = await fx.engine.complete({ taskId: task, output: { id: "a", dom: "core", loc: "link.ts", type: "code" } }).catch((e: unknown) => e)
    expect(refused).toMatchObject({ kind: "invalid", details: { field: "loc", state: "BUSY", phase: "C" } })
    expect((refused as Error).message).toMatch(/link\.ts leads outside the project/)

    writeFileSync(join(fx.workspace, "real.ts"), annotatedCode())
    symlinkSync(join(fx.workspace, "real.ts"), join(fx.workspace, "inside.ts"))
    const done = await fx.engine.complete({ taskId: task, output: { id: "a", dom: "core", loc: "inside.ts", type: "code" } })
    expect(done.artifact.loc).toBe("inside.ts")
  })
})

describe("the sessions text view", () => {
  it("says how many sessions it leaves out", async () => {
    const status = await fx.engine.status()
    const session = (n: number): AgentSession => ({ id: `session-${n}-0000`, status: "working", event: "PreToolUse", cwd: null, transcript: null, tool: null, message: null, prompt: null, started: "2026-05-01T10:00:00.000Z", updated: "2026-05-01T10:00:00.000Z" }) as AgentSession
    const plain = { bold: String, dim: String, red: String, green: String, yellow: String, cyan: String }
    const text = formatStatus({ ...status, sessions: Array.from({ length: 7 }, (_, i) => session(i)) }, plain)
    expect(text.split("\n").filter((l) => l.startsWith("  session-"))).toHaveLength(5)
    expect(text).toContain("  +2 more (tsk os status --json lists them all)")
    expect(formatStatus({ ...status, sessions: [session(1)] }, plain)).not.toContain("more")
  })
})
