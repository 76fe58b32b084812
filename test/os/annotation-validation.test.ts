import { join } from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { checkAnnotations } from "../../src/os/annotation-rules.ts"
import { validateArtifactFile } from "../../src/os/annotation-validator.ts"
import { codeOutput, makeOsFixture, readJson, readState, walkToConstruct, writeWorkspaceFile, type OsFixture } from "./os-helpers.ts"

const SAMPLES = join(import.meta.dirname, "fixtures", "annotations")

const validateSample = (loc: string, type: string, dep: string[] = [], issues: string[] = []) =>
  validateArtifactFile({ loc, type, dep }, issues, SAMPLES)

describe("annotation rules on sample files", () => {
  it("accepts a code file with a Purpose line, its dependencies and its issue tag", async () => {
    expect(await validateSample("good-code.ts", "code", ["row-model", "escape-util"], ["ISS-7"])).toEqual({ ok: true, reasons: [], checked: true })
  })

  it("accepts an opening comment block as the purpose statement, after a shebang", async () => {
    expect((await validateSample("comment-block-purpose.py", "code", ["sensor-log"])).ok).toBe(true)
  })

  it("accepts a /** */ block comment as the purpose statement", async () => {
    expect((await validateSample("block-comment.ts", "code", ["plan-file"])).ok).toBe(true)
  })

  it("accepts a config file with # comments and an empty dependency list", async () => {
    expect((await validateSample("good-config.yaml", "config")).ok).toBe(true)
  })

  it("accepts a doc with a Purpose line", async () => {
    expect((await validateSample("good-doc.md", "doc", ["csv-writer"])).ok).toBe(true)
  })

  it("rejects a file without a purpose statement", async () => {
    const result = await validateSample("no-purpose.ts", "code")
    expect(result.ok).toBe(false)
    expect(result.reasons).toEqual([expect.stringMatching(/^no purpose statement/)])
  })

  it("does not take tag lines alone as a purpose", async () => {
    expect((await validateSample("only-tags.ts", "code", ["a"], ["ISS-1"])).reasons).toEqual([expect.stringMatching(/^no purpose statement/)])
  })

  it("does not take a markdown heading as a purpose", async () => {
    expect((await validateSample("heading-only.md", "doc")).reasons).toEqual([expect.stringMatching(/^no purpose statement/)])
  })

  it("rejects a file without a Depends on line, naming the expected ids", async () => {
    expect((await validateSample("no-depends.ts", "code", ["row-model"])).reasons).toEqual(["no 'Depends on: [row-model]' line"])
  })

  it("rejects a Depends on line that leaves out a dependency", async () => {
    expect((await validateSample("missing-dep.ts", "code", ["row-model", "escape-util"])).reasons).toEqual(["'Depends on' does not list escape-util"])
  })

  it("rejects a file without the Issue tag of an active linked issue", async () => {
    expect((await validateSample("good-code.ts", "code", ["row-model", "escape-util"], ["ISS-7", "ISS-8"])).reasons).toEqual([
      "no 'Issue: ISS-8' tag for active issue ISS-8",
    ])
  })

  it("does not count ISS-70 as the tag of ISS-7", () => {
    expect(checkAnnotations({ path: "x.ts", content: "// Purpose: x\n// Depends on: []\n// Issue: ISS-70\n" }, { dep: [], activeIssues: ["ISS-7"] })).toEqual([
      "no 'Issue: ISS-7' tag for active issue ISS-7",
    ])
  })

  it("reports a missing file as the reason", async () => {
    expect(await validateSample("nowhere.ts", "code")).toEqual({ ok: false, reasons: ["artifact file not found: nowhere.ts"], checked: true })
  })

  it("does not read artifacts of types without annotation rules", async () => {
    expect(await validateSample("nowhere.bin", "data")).toEqual({ ok: true, reasons: [], checked: false })
  })

  it("refuses to read a location outside the project", async () => {
    expect(await validateArtifactFile({ loc: join(SAMPLES, "good-config.yaml"), type: "config", dep: [] }, [], join(SAMPLES, "..", "..", "bridge"))).toEqual({
      ok: false,
      reasons: [`artifact location ${join(SAMPLES, "good-config.yaml")} is outside the project`],
      checked: true,
    })
  })
})

describe("VALIDATE in the engine", () => {
  let fx: OsFixture
  afterEach(() => fx.cleanup())

  it("records the rejection reasons in the plan file, state.err and a W log line", async () => {
    fx = makeOsFixture()
    await walkToConstruct(fx.engine)
    writeWorkspaceFile(fx, "lexer.ts", "// Purpose: tokens\nexport const x = 1\n")
    await fx.engine.complete({ taskId: "lexer", output: codeOutput("lexer", ["charset"]) })
    const result = await fx.engine.validate()
    expect(result).toMatchObject({ ok: false, reasons: ["no 'Depends on: [charset]' line"], retries: 1, maxRetries: 3, task: { state: "active", retries: 1 } })
    expect(readState(fx).err).toBe("lexer: no 'Depends on: [charset]' line")
    const plan = readJson<{ tasks: Array<{ rt: number; err: string | null }> }>(fx, "plans/core/p1.json")
    expect(plan.tasks[0]).toMatchObject({ rt: 1, err: "no 'Depends on: [charset]' line" })
    const status = await fx.engine.status()
    expect(status.log.at(-1)).toMatchObject({ L: "W", msg: "validation rejected artifact lexer (retry 1/3): no 'Depends on: [charset]' line" })
  })

  it("accepts the reworked artifact after a rejection and marks the task done", async () => {
    fx = makeOsFixture()
    await walkToConstruct(fx.engine)
    writeWorkspaceFile(fx, "lexer.ts", "export const x = 1\n")
    await fx.engine.complete({ taskId: "lexer", output: codeOutput("lexer") })
    await fx.engine.validate()
    writeWorkspaceFile(fx, "lexer.ts", "// Purpose: tokens\n// Depends on: []\nexport const x = 1\n")
    const artifact = (await fx.engine.complete({ taskId: "lexer", output: codeOutput("lexer") })).artifact
    expect(artifact.v).toBe(2)
    expect(await fx.engine.validate()).toMatchObject({ ok: true, retries: 1, task: { state: "done" } })
  })

  it("resolves a relative location against the folder the command came from", async () => {
    fx = makeOsFixture()
    await walkToConstruct(fx.engine)
    writeWorkspaceFile(fx, "src/lexer.ts", "// Purpose: tokens\n// Depends on: []\n")
    await fx.engine.complete({ taskId: "lexer", output: { ...codeOutput("lexer"), loc: "src/lexer.ts" } })
    expect((await fx.engine.validate()).ok).toBe(true)
  })
})
