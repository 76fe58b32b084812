import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { TskError } from "../../src/domain/errors.ts"
import { annotatedCode, codeOutput, makeOsFixture, readJson, readState, snapshotRoot, walkToValidate, writeWorkspaceFile, type OsFixture } from "./os-helpers.ts"

let fx: OsFixture
const NOW = new Date("2026-05-01T10:00:00.000Z")
beforeEach(() => {
  fx = makeOsFixture({ now: () => NOW })
})
afterEach(() => fx.cleanup())

interface Ledger {
  v: number
  issues: Array<{ id: string; status: string; art: string | null; msg: string; at: string; resAt: string | null }>
}

async function failure(action: Promise<unknown>): Promise<TskError> {
  const error = await action.then(() => null, (e: unknown) => e)
  expect(error).toBeInstanceOf(TskError)
  return error as TskError
}

describe("RECORD", () => {
  it("adds an ACTIVE issue, links it into the artifact's ki[] and caches it in state.iss", async () => {
    await walkToValidate(fx)
    const result = await fx.engine.issue({ artifactId: "lexer", message: "no-explicit-any suppressed" })
    expect(result).toEqual({
      issue: { id: "ISS-1", status: "ACTIVE", art: "lexer", msg: "no-explicit-any suppressed", at: NOW.toISOString(), resAt: null },
      activeIssues: 1,
    })
    expect(readJson<Ledger>(fx, "known_issues.json")).toMatchObject({ v: 2, issues: [{ id: "ISS-1", status: "ACTIVE" }] })
    expect(readJson(fx, "registry/core/lexer.json")).toMatchObject({ v: 2, ki: ["ISS-1"] })
    expect(readJson(fx, "registry_summary.json")).toMatchObject({ items: { lexer: { v: 2 } } })
    expect(readState(fx).iss).toEqual({ "ISS-1": { art: "lexer", msg: "no-explicit-any suppressed" } })
  })

  it("records an issue without an artifact, with the id the agent chose", async () => {
    await fx.engine.status()
    const result = await fx.engine.issue({ issueId: "flaky-ci", message: "CI retries once" })
    expect(result.issue).toMatchObject({ id: "flaky-ci", art: null })
    expect((await fx.engine.status()).activeIssues).toEqual([{ id: "flaky-ci", artifact: null, message: "CI retries once" }])
  })

  it("makes VALIDATE require the Issue tag of the linked active issue", async () => {
    await walkToValidate(fx)
    await fx.engine.issue({ artifactId: "lexer", message: "suppressed" })
    expect(await fx.engine.validate()).toMatchObject({ ok: false, reasons: ["no 'Issue: ISS-1' tag for active issue ISS-1"] })
    writeWorkspaceFile(fx, "lexer.ts", annotatedCode([], ["ISS-1"]))
    await fx.engine.complete({ taskId: "lexer", output: codeOutput("lexer") })
    expect((await fx.engine.validate()).ok).toBe(true)
    expect(readJson(fx, "registry/core/lexer.json")).toMatchObject({ ki: ["ISS-1"] })
  })

  it("refuses an artifact that is not registered, writing nothing", async () => {
    await fx.engine.status()
    const before = snapshotRoot(fx.root)
    const error = await failure(fx.engine.issue({ artifactId: "ghost", message: "m" }))
    expect(error.kind).toBe("not_found")
    expect(error.message).toBe("artifact ghost is not registered")
    expect(snapshotRoot(fx.root)).toEqual(before)
  })

  it("refuses an issue id that is already in the ledger", async () => {
    await fx.engine.issue({ issueId: "X-1", message: "m" })
    expect((await failure(fx.engine.issue({ issueId: "X-1", message: "again" }))).message).toMatch(/issue X-1 already exists/)
  })
})

describe("RESOLVE", () => {
  it("marks the issue RES, unlinks it from the artifact and drops it from state.iss", async () => {
    await walkToValidate(fx)
    await fx.engine.issue({ artifactId: "lexer", message: "suppressed" })
    const result = await fx.engine.resolve({ issueId: "ISS-1" })
    expect(result).toMatchObject({ issue: { id: "ISS-1", status: "RES", resAt: NOW.toISOString() }, activeIssues: 0 })
    expect(readJson(fx, "registry/core/lexer.json")).toMatchObject({ v: 3, ki: [] })
    expect(readState(fx).iss).toEqual({})
    expect((await fx.engine.validate()).ok).toBe(true)
  })

  it("answers not_found for an unknown issue", async () => {
    await fx.engine.status()
    const error = await failure(fx.engine.resolve({ issueId: "ISS-9" }))
    expect(error.kind).toBe("not_found")
    expect(error.message).toBe("issue ISS-9 is not in the ledger")
  })

  it("refuses to resolve an issue twice", async () => {
    await fx.engine.issue({ message: "m" })
    await fx.engine.resolve({ issueId: "ISS-1" })
    const error = await failure(fx.engine.resolve({ issueId: "ISS-1" }))
    expect(error.kind).toBe("invalid")
    expect(error.message).toBe("issue ISS-1 is already resolved")
  })

  it("numbers the next issue after the resolved ones", async () => {
    await fx.engine.issue({ message: "first" })
    await fx.engine.resolve({ issueId: "ISS-1" })
    expect((await fx.engine.issue({ message: "second" })).issue.id).toBe("ISS-2")
    expect(readJson<Ledger>(fx, "known_issues.json").issues.map((issue) => [issue.id, issue.status])).toEqual([
      ["ISS-1", "RES"],
      ["ISS-2", "ACTIVE"],
    ])
  })
})
