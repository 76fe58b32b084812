// Repair keeps what it can: an unreadable state.json or known_issues.json is rebuilt from the
// newest log lines, the plan files, the ledger and the artifacts, with `v` above every version the
// lost file had. The check also compares the counters `g` and `ln` with the log.
import { readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import type { LedgerFile, StateFile } from "../../src/os/schemas.ts"
import { annotatedCode, codeOutput, makeOsFixture, readJson, readState, walkToConstruct, writeWorkspaceFile, type OsFixture } from "./os-helpers.ts"

let fx: OsFixture
beforeEach(() => {
  fx = makeOsFixture({ now: () => new Date("2026-05-01T10:00:00.000Z") })
})
afterEach(() => fx.cleanup())

const statePath = () => join(fx.root, "state.json")

/** Phase C on task lexer with one failure counted, an active issue and a resolved one. */
async function busyWithHistory(): Promise<StateFile> {
  await walkToConstruct(fx.engine)
  await fx.engine.fail({ taskId: "lexer", error: "tests do not compile" })
  writeWorkspaceFile(fx, "lexer.ts", annotatedCode([], ["ISS-1"]))
  await fx.engine.issue({ issueId: "ISS-1", message: "any suppressed in the tokenizer" })
  await fx.engine.issue({ issueId: "ISS-2", message: "flaky on Windows" })
  await fx.engine.resolve({ issueId: "ISS-2" })
  return readState(fx)
}

describe("rebuilding an unreadable state.json", () => {
  it.each([
    ["truncated", (text: string) => text.slice(0, 25)],
    ["NUL-filled", (text: string) => "\0".repeat(text.length)],
  ])("keeps phase, plan, task, retries and active issues of a %s state.json, with v above the old one", async (_name, damage) => {
    const before = await busyWithHistory()
    writeFileSync(statePath(), damage(readFileSync(statePath(), "utf8")))
    const report = await fx.engine.check({ repair: true })
    expect(report.findings).toContainEqual(expect.objectContaining({ kind: "state_unreadable", repaired: true }))
    const after = readState(fx)
    expect(after).toMatchObject({ ph: "C", st: "BUSY", cp: "p1", ct: "lexer", rt: { lexer: 1 }, iss: { "ISS-1": { art: null, msg: "any suppressed in the tokenizer" } } })
    expect(after.v).toBeGreaterThan(before.v)
    expect(after.g).toBeGreaterThan(before.g)
    expect(readdirSync(fx.root).filter((name) => name.startsWith("state.json.corrupt-"))).toHaveLength(1)
    // Work goes on where it stopped.
    expect(await fx.engine.complete({ taskId: "lexer", output: codeOutput("lexer") })).toMatchObject({ phase: "V" })
  })

  it("restores a blocked state the log recorded", async () => {
    await walkToConstruct(fx.engine)
    const blocked = fx.engineWith({ maxRetries: 0 })
    // The plan was written with 3 retries; a plan of 0 blocks on the first failure.
    writeFileSync(join(fx.root, "plans/core/p1.json"), JSON.stringify({ ...readJson(fx, "plans/core/p1.json"), max: 0 }))
    await fx.engine.check({ repair: true })
    await blocked.fail({ taskId: "lexer", error: "boom" })
    expect(readState(fx).st).toBe("BLK_MAX")
    writeFileSync(statePath(), "{")
    await fx.engine.check({ repair: true })
    expect(readState(fx)).toMatchObject({ st: "BLK_MAX", ct: "lexer" })
  })
})

describe("rebuilding an unreadable known_issues.json", () => {
  it("rebuilds the ledger from the issue log lines and the state's cache, with v above the old one", async () => {
    await busyWithHistory()
    const old = readJson<LedgerFile>(fx, "known_issues.json")
    writeFileSync(join(fx.root, "known_issues.json"), JSON.stringify(old).slice(0, 30))
    const report = await fx.engine.check({ repair: true })
    expect(report.findings).toContainEqual(expect.objectContaining({ kind: "unreadable", file: "known_issues.json", repaired: true }))
    const ledger = readJson<LedgerFile>(fx, "known_issues.json")
    expect(ledger.v).toBeGreaterThan(old.v)
    expect(ledger.issues.map((issue) => [issue.id, issue.status, issue.msg])).toEqual([
      ["ISS-1", "ACTIVE", "any suppressed in the tokenizer"],
      ["ISS-2", "RES", "flaky on Windows"],
    ])
    expect(await fx.engine.resolve({ issueId: "ISS-1" })).toMatchObject({ activeIssues: 0 })
  })
})

describe("the counters against the log", () => {
  it("finds an ln that does not match the newest log unit and takes it from the log", async () => {
    await walkToConstruct(fx.engine)
    writeFileSync(statePath(), JSON.stringify({ ...readState(fx), ln: 99 }))
    const found = await fx.engine.check()
    expect(found.findings).toEqual([expect.objectContaining({ kind: "counter_drift", message: "state.json counts ln=99, the newest log unit holds 3 lines" })])
    expect(found.counters).toEqual({ state: { g: 3, ln: 99 }, log: { g: 3, ln: 3 } })
    await fx.engine.check({ repair: true })
    const lines = readFileSync(join(fx.root, "logs/log_unit_1.jsonl"), "utf8").trim().split("\n").length
    expect(readState(fx).ln).toBe(lines)
  })

  it("finds a g ahead of the log and keeps it: the next line continues after g", async () => {
    await walkToConstruct(fx.engine)
    writeFileSync(statePath(), JSON.stringify({ ...readState(fx), g: 50 }))
    expect((await fx.engine.check()).findings).toEqual([expect.objectContaining({ kind: "counter_drift", message: "state.json counts g=50, but the newest log line is #3 (log lines are missing)" })])
    // The check logged two lines (#51, #52) without touching state.json; fail's line is #53.
    await fx.engine.fail({ taskId: "lexer", error: "x" })
    expect(readState(fx).g).toBe(53)
  })
})
