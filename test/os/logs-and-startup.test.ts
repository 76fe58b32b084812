import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { appendLogLines, readLastLogLines, syncCountersFromLog } from "../../src/os/log-writer.ts"
import { makeOsFixture, readAllLogLines, readJson, readState, walkToConstruct, type OsFixture } from "./os-helpers.ts"

let fx: OsFixture
afterEach(() => fx.cleanup())

const entry = (msg: string) => ({ L: "I" as const, ph: "I" as const, plan: null, task: null, msg })
const units = (fixture: OsFixture) => readdirSync(join(fixture.root, "logs")).sort()

describe("log rollover", () => {
  it("starts a new unit when the current one holds max lines, resetting ln", async () => {
    fx = makeOsFixture()
    const logs = join(fx.root, "logs")
    const result = await appendLogLines(logs, { g: 0, max: 3 }, ["a", "b", "c", "d", "e"].map(entry))
    expect(result).toMatchObject({ g: 5, ln: 2 })
    expect(units(fx)).toEqual(["log_unit_1.jsonl", "log_unit_2.jsonl"])
    expect(readFileSync(join(logs, "log_unit_1.jsonl"), "utf8").trim().split("\n")).toHaveLength(3)
    expect(readFileSync(join(logs, "log_unit_2.jsonl"), "utf8").trim().split("\n").map((line) => JSON.parse(line).id)).toEqual([4, 5])
  })

  it("rolls the engine's log over as operations write, keeping ids consecutive across units", async () => {
    fx = makeOsFixture({ logMax: 2 })
    await fx.engine.start()
    await walkToConstruct(fx.engine)
    expect(units(fx)).toEqual(["log_unit_1.jsonl", "log_unit_2.jsonl"])
    const lines = readAllLogLines(fx)
    expect(lines.map((line) => line.id)).toEqual([1, 2, 3, 4])
    expect(readState(fx)).toMatchObject({ g: 4, ln: 2, max: 2 })
    expect(lines[0]).toEqual({ id: 1, L: "I", ph: "I", plan: null, task: null, msg: "session start" })
    expect(lines[3]).toMatchObject({ L: "I", ph: "C", plan: "p1", task: "lexer", msg: "task lexer started: Write the lexer" })
  })

  it("reads the newest lines back across units, oldest first", async () => {
    fx = makeOsFixture()
    const logs = join(fx.root, "logs")
    await appendLogLines(logs, { g: 0, max: 2 }, ["a", "b", "c", "d", "e"].map(entry))
    expect((await readLastLogLines(logs, 4)).map((line) => line.msg)).toEqual(["b", "c", "d", "e"])
  })

  it("keeps a line whole after a torn last line left by a crash", async () => {
    fx = makeOsFixture()
    const logs = join(fx.root, "logs")
    await appendLogLines(logs, { g: 0, max: 10 }, [entry("a")])
    appendFileSync(join(logs, "log_unit_1.jsonl"), '{"id":2,"L":"I","ph"')
    await appendLogLines(logs, { g: 2, max: 10 }, [entry("c")])
    expect((await readLastLogLines(logs, 10)).map((line) => line.msg)).toEqual(["a", "c"])
  })
})

describe("startup sequence", () => {
  it("creates state.json with defaults, the folders and the summaries on a fresh root", async () => {
    fx = makeOsFixture({ logMax: 7 })
    const report = await fx.engine.start()
    expect(report.created.sort()).toEqual(["known_issues.json", "plan_summary.json", "registry_summary.json", "state.json"])
    for (const dir of ["logs", "registry", "plans"]) expect(existsSync(join(fx.root, dir))).toBe(true)
    // Nothing in the fresh state changes at startup: only the session-start line is written.
    expect(readState(fx)).toEqual({ v: 1, g: 0, ln: 0, max: 7, ph: "I", st: "READY", cp: null, ct: null, rt: {}, iss: {}, err: null })
    expect(readAllLogLines(fx)).toEqual([{ id: 1, L: "I", ph: "I", plan: null, task: null, msg: "session start" }])
    expect(readJson(fx, "registry_summary.json")).toEqual({ v: 1, items: {} })
    expect(readJson(fx, "known_issues.json")).toEqual({ v: 1, issues: [] })
  })

  it("loads the active issues from the ledger into state.iss", async () => {
    fx = makeOsFixture()
    await fx.engine.start()
    writeFileSync(
      join(fx.root, "known_issues.json"),
      JSON.stringify({
        v: 3,
        issues: [
          { id: "ISS-1", status: "ACTIVE", art: null, msg: "open", at: "2026-01-01T00:00:00.000Z", resAt: null },
          { id: "ISS-2", status: "RES", art: null, msg: "done", at: "2026-01-01T00:00:00.000Z", resAt: "2026-01-02T00:00:00.000Z" },
        ],
      }),
    )
    const report = await fx.engineWith().start()
    expect(report.activeIssues).toBe(1)
    expect(readState(fx).iss).toEqual({ "ISS-1": { art: null, msg: "open" } })
  })

  it("re-syncs g from the last line of the newest log unit and ln from its line count", async () => {
    fx = makeOsFixture({ logMax: 3 })
    await fx.engine.start()
    const logs = join(fx.root, "logs")
    await appendLogLines(logs, { g: 1, max: 3 }, ["crash-1", "crash-2", "crash-3", "crash-4"].map(entry))
    expect(readState(fx)).toMatchObject({ g: 0, ln: 0 })
    const report = await fx.engineWith().start()
    expect(report.counters).toEqual({ g: [0, 5], ln: [0, 2] })
    expect(readAllLogLines(fx).at(-1)).toMatchObject({ id: 6, msg: "session start" })
    // The next command numbers its line after the log, not after the stale state.json.
    await fx.engine.analyze({ goal: "g" })
    expect(readAllLogLines(fx).at(-1)).toMatchObject({ id: 7, msg: "analyze: g" })
    expect(readState(fx)).toMatchObject({ g: 7, ln: 1 })
  })

  it("never moves g back when the log holds fewer lines than state.json counted", async () => {
    fx = makeOsFixture()
    await walkToConstruct(fx.engine)
    expect(readState(fx).g).toBe(3)
    writeFileSync(join(fx.root, "logs", "log_unit_1.jsonl"), "")
    await fx.engineWith().start()
    expect(readAllLogLines(fx).at(-1)).toMatchObject({ id: 4, msg: "session start" })
    await fx.engine.fail({ taskId: "lexer", error: "tests do not compile" })
    expect(readState(fx).g).toBe(5)
  })

  it("finds the last line in an older unit when the newest one is empty", async () => {
    fx = makeOsFixture()
    const logs = join(fx.root, "logs")
    await appendLogLines(logs, { g: 0, max: 5 }, [entry("a"), entry("b")])
    writeFileSync(join(logs, "log_unit_2.jsonl"), "")
    expect(await syncCountersFromLog(logs)).toEqual({ g: 2, ln: 0 })
  })

  it("keeps BUSY while a task is checked out, writing only the session-start line", async () => {
    fx = makeOsFixture()
    await walkToConstruct(fx.engine)
    const before = readFileSync(join(fx.root, "state.json"), "utf8")
    expect(readState(fx).st).toBe("BUSY")
    const report = await fx.engineWith().start()
    expect(report.wroteState).toBe(false)
    expect(readFileSync(join(fx.root, "state.json"), "utf8")).toBe(before)
    expect(readAllLogLines(fx).at(-1)?.msg).toBe("session start")
    await fx.engine.complete({ taskId: "lexer", output: { id: "lexer", dom: "core", loc: "lexer.bin", type: "data" } })
    expect(readState(fx).ph).toBe("V")
  })
})
