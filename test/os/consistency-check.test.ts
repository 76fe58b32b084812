import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import type { CheckReport } from "../../src/os/consistency-check.ts"
import { makeOsFixture, readAllLogLines, readJson, readState, snapshotRoot, walkToValidate, type OsFixture } from "./os-helpers.ts"

let fx: OsFixture
beforeEach(async () => {
  fx = makeOsFixture({ now: () => new Date("2026-05-01T10:00:00.000Z") })
  await walkToValidate(fx)
})
afterEach(() => fx.cleanup())

const write = (rel: string, value: unknown) => writeFileSync(join(fx.root, rel), typeof value === "string" ? value : JSON.stringify(value))
const kinds = (report: CheckReport) => report.findings.map((f) => f.kind).sort()
const artifact = () => readJson<{ v: number; id: string; ki: string[] }>(fx, "registry/core/lexer.json")
const registrySummary = () => readJson<{ v: number; items: Record<string, { path: string; v: number }> }>(fx, "registry_summary.json")

describe("consistency check", () => {
  it("finds nothing on a consistent folder and logs that", async () => {
    const report = await fx.engine.check()
    expect(report).toMatchObject({ ok: true, findings: [], counts: { plans: 1, artifacts: 1, issues: 0 } })
    expect(readAllLogLines(fx).at(-1)?.msg).toBe("check: consistent (1 plans, 1 artifacts, 0 issues)")
  })

  it("reports without repair and changes no file but the log", async () => {
    const summary = registrySummary()
    write("registry_summary.json", { ...summary, items: {} })
    const before = snapshotRoot(fx.root)
    const report = await fx.engine.check()
    expect(kinds(report)).toEqual(["orphan"])
    expect(report).toMatchObject({ ok: false, repaired: 0, unrepaired: 1 })
    const after = snapshotRoot(fx.root)
    const changed = Object.keys(after).filter((file) => after[file] !== before[file])
    expect(changed.length).toBeGreaterThan(0)
    expect(changed.every((file) => file.startsWith("logs/"))).toBe(true)
    expect(readAllLogLines(fx).map((line) => line.msg).slice(-2)).toEqual([
      "check: orphan: registry/core/lexer.json (artifact lexer) is not in registry_summary.json",
      "check: 1 problems, 0 repaired, 1 left",
    ])
  })

  it("adds a file missing from its summary back on repair", async () => {
    write("registry_summary.json", { v: 5, items: {} })
    const report = await fx.engine.check({ repair: true })
    expect(report).toMatchObject({ repaired: 1, unrepaired: 0 })
    expect(registrySummary()).toEqual({ v: 6, items: { lexer: { path: "registry/core/lexer.json", v: 1 } } })
    expect((await fx.engine.check()).ok).toBe(true)
  })

  it("removes a summary entry whose file does not exist", async () => {
    const summary = registrySummary()
    write("registry_summary.json", { ...summary, items: { ...summary.items, ghost: { path: "registry/core/ghost.json", v: 1 } } })
    const report = await fx.engine.check({ repair: true })
    expect(report.findings).toEqual([
      expect.objectContaining({ kind: "missing_file", file: "registry/core/ghost.json", repaired: true }),
    ])
    expect(Object.keys(registrySummary().items)).toEqual(["lexer"])
  })

  it("moves a duplicate id aside and keeps the file the summary points at", async () => {
    copyFileSync(join(fx.root, "registry/core/lexer.json"), join(fx.root, "registry/core/lexer-copy.json"))
    const report = await fx.engine.check({ repair: true })
    expect(report.findings).toEqual([
      expect.objectContaining({ kind: "duplicate_id", file: "registry/core/lexer-copy.json", message: expect.stringContaining("kept: registry/core/lexer.json"), repaired: true }),
    ])
    expect(readdirSync(join(fx.root, "registry/core")).sort()).toEqual(["lexer-copy.json.duplicate-2026-05-01T10-00-00-000Z", "lexer.json"])
    expect((await fx.engine.check()).ok).toBe(true)
  })

  it("records the file's version when the summary drifted from it", async () => {
    write("registry/core/lexer.json", { ...artifact(), v: 4 })
    const report = await fx.engine.check({ repair: true })
    expect(report.findings).toEqual([expect.objectContaining({ kind: "version_drift", message: "registry_summary.json has artifact lexer at v1, the file is at v4" })])
    expect(registrySummary().items.lexer).toEqual({ path: "registry/core/lexer.json", v: 4 })
  })

  it("detects a summary entry pointing at a file with another id", async () => {
    const summary = registrySummary()
    write("registry_summary.json", { ...summary, items: { other: { path: "registry/core/lexer.json", v: 1 } } })
    const report = await fx.engine.check({ repair: true })
    expect(kinds(report)).toEqual(["id_mismatch", "orphan"])
    expect(registrySummary().items).toEqual({ lexer: { path: "registry/core/lexer.json", v: 1 } })
  })

  it("moves an unreadable file aside and leaves the rest", async () => {
    write("registry/core/broken.json", "{ nope")
    const report = await fx.engine.check({ repair: true })
    expect(report.findings).toEqual([expect.objectContaining({ kind: "unreadable", file: "registry/core/broken.json", repaired: true })])
    expect(existsSync(join(fx.root, "registry/core/broken.json"))).toBe(false)
    expect(existsSync(join(fx.root, "registry/core/broken.json.corrupt-2026-05-01T10-00-00-000Z"))).toBe(true)
  })

  it("rebuilds a missing plan summary from the plan files", async () => {
    rmSync(join(fx.root, "plan_summary.json"))
    const report = await fx.engine.check({ repair: true })
    expect(kinds(report)).toEqual(["missing_summary", "orphan"])
    expect(readJson(fx, "plan_summary.json")).toEqual({ v: 1, items: { p1: { path: "plans/core/p1.json", v: 3 } } })
    await fx.engine.validate()
  })

  it("repairs issue links in both directions", async () => {
    await fx.engine.issue({ artifactId: "lexer", message: "suppressed" })
    write("registry/core/lexer.json", { ...artifact(), ki: ["ISS-404"] })
    write("registry_summary.json", { ...registrySummary(), items: { lexer: { path: "registry/core/lexer.json", v: artifact().v } } })
    const report = await fx.engine.check({ repair: true })
    expect(report.findings.map((f) => f.message).sort()).toEqual([
      "artifact lexer does not list its active issue ISS-1 in ki[]",
      "artifact lexer lists issue ISS-404, which is not in the ledger",
    ])
    expect(artifact().ki).toEqual(["ISS-1"])
    expect((await fx.engine.check()).ok).toBe(true)
  })

  it("reloads a drifted issue cache and evens out drifted retry counts", async () => {
    const state = readState(fx)
    write("state.json", { ...state, iss: { stale: { art: null, msg: "gone" } }, rt: { lexer: 2 } })
    const report = await fx.engine.check({ repair: true })
    expect(kinds(report)).toEqual(["issue_cache", "retry_drift"])
    expect(readState(fx)).toMatchObject({ iss: {}, rt: { lexer: 2 } })
    expect(readJson<{ tasks: Array<{ rt: number }> }>(fx, "plans/core/p1.json").tasks[0]!.rt).toBe(2)
    expect((await fx.engine.check()).ok).toBe(true)
  })

  it("moves a damaged state.json aside and rebuilds it from the log, the plan and the ledger", async () => {
    const before = readState(fx)
    write("state.json", "garbage")
    const report = await fx.engine.check({ repair: true })
    expect(report.findings[0]).toMatchObject({ kind: "state_unreadable", repaired: true })
    // Phase V with lexer under review, as before; the counters continue from the log (a line for
    // the finding, one for the summary) and v is above every version the lost file had.
    expect(readState(fx)).toMatchObject({ ph: "V", st: "READY", cp: "p1", ct: "lexer", g: before.g + 2 })
    expect(readState(fx).v).toBeGreaterThan(before.v)
    expect(readdirSync(fx.root).some((name) => name.startsWith("state.json.corrupt-"))).toBe(true)
  })

  it("leaves what needs a person (a misplaced file) as unrepaired", async () => {
    mkdirSync(join(fx.root, "registry/elsewhere"))
    write("registry/elsewhere/thing.json", { ...artifact(), id: "thing" })
    const report = await fx.engine.check({ repair: true })
    expect(report.findings).toEqual([
      expect.objectContaining({ kind: "orphan", repaired: true }),
      expect.objectContaining({ kind: "misplaced", fix: null, repaired: false }),
    ])
    expect(report.unrepaired).toBe(1)
  })
})
