// Validation that means something: a fixed set of artifact types tied to file kinds; annotations
// read from comments only (a lint pragma, an encoding line or a word in a string literal is not a
// purpose statement); JSON files annotated through "$comment" or a sidecar; long functions need a
// comment.
import { symlinkSync, unlinkSync } from "node:fs"
import { join } from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { checkAnnotations } from "../../src/os/annotation-rules.ts"
import { LONG_FUNCTION_LINES } from "../../src/os/long-functions.ts"
import { TskError } from "../../src/domain/errors.ts"
import { annotatedCode, makeOsFixture, walkToConstruct, writeWorkspaceFile, type OsFixture } from "./os-helpers.ts"

const check = (path: string, content: string, dep: string[] = []) => checkAnnotations({ path, content }, { dep, activeIssues: [] })
const NO_PURPOSE = expect.stringMatching(/^no purpose statement/)

describe("artifact types tied to file kinds", () => {
  let fx: OsFixture
  afterEach(() => fx.cleanup())

  async function completeAs(loc: string, type: string): Promise<unknown> {
    fx = makeOsFixture()
    await walkToConstruct(fx.engine)
    writeWorkspaceFile(fx, loc, "export const x = 1\n")
    return fx.engine.complete({ taskId: "lexer", output: { id: "lexer", dom: "core", loc, type } })
  }

  it.each([["typescript"], ["data"], ["doc"]])("refuses a .ts file registered as %s", async (type) => {
    await expect(completeAs("lexer.ts", type)).rejects.toMatchObject({ kind: "invalid" })
  })

  it("checks a .ts file registered as test like code", async () => {
    await completeAs("lexer.test.ts", "test")
    const result = await fx.engine.validate()
    expect(result).toMatchObject({ ok: false, reasons: [NO_PURPOSE, "no 'Depends on: []' line"] })
  })

  it("accepts a data reference only as data", async () => {
    await expect(completeAs("lexer.bin", "data")).resolves.toMatchObject({ phase: "V" })
    fx.cleanup()
    const error = await completeAs("db:users", "code").catch((e: TskError) => e)
    expect(error).toMatchObject({ kind: "invalid", message: "a data reference (db:users) can only be registered as type data" })
  })
})

describe("what counts as a purpose statement", () => {
  it.each([
    ["an eslint pragma", "lexer.ts", "/* eslint-disable no-console */\n// Depends on: []\nexport const x = 1\n"],
    ["a ts-nocheck pragma", "lexer.ts", "// @ts-nocheck\n// Depends on: []\nexport const x = 1\n"],
    ["a triple-slash directive", "lexer.ts", '/// <reference types="bun" />\n// Depends on: []\nexport const x = 1\n'],
    ["a Python encoding line", "tool.py", "# -*- coding: utf-8 -*-\n# Depends on: []\nimport sys\n"],
    ["a word in a string literal", "lexer.ts", '// Depends on: []\nconst label = "Purpose: tokens"\n'],
  ])("rejects %s as the only purpose", (_what, path, content) => {
    expect(check(path, content)).toEqual([NO_PURPOSE])
  })

  it("does not take a Depends on line inside a string for the annotation", () => {
    expect(check("lexer.ts", '// Purpose: tokens\nconst s = "Depends on: [x]"\n', ["x"])).toEqual(["no 'Depends on: [x]' line"])
  })

  it("takes a Python module docstring as the purpose", () => {
    expect(check("tool.py", '"""Reads the sensor log and prints averages."""\n# Depends on: []\nimport sys\n')).toEqual([])
  })

  it("does not take a C #include for a comment", () => {
    expect(check("main.c", "#include <stdio.h>\n// Depends on: []\nint main(void) { return 0; }\n")).toEqual([NO_PURPOSE])
  })
})

describe("JSON files", () => {
  it("reads the annotations from a top-level $comment", () => {
    const config = { $comment: ["Purpose: the compiler settings of the app.", "Depends on: [tsconfig-base]"], compilerOptions: { strict: true } }
    expect(check("tsconfig.json", JSON.stringify(config), ["tsconfig-base"])).toEqual([])
  })

  it("reads them from a sidecar <file>.md when there is no $comment", () => {
    expect(checkAnnotations({ path: "package.json", content: "{}", sidecar: "The package manifest.\nDepends on: []\n" }, { dep: [], activeIssues: [] })).toEqual([])
  })

  it("names both conventions when neither is there", () => {
    expect(check("package.json", "{}")).toEqual(['no purpose statement (a top-level "$comment" or a sidecar file <name>.md)', "no 'Depends on: []' line"])
  })
})

describe("long functions need a comment", () => {
  const body = (n: number) => Array.from({ length: n }, (_, i) => `  total += ${i}`).join("\n")
  const head = "// Purpose: sums things.\n// Depends on: []\n"

  it("rejects a function longer than the limit without a comment", () => {
    const code = `${head}export function sum(): number {\n  let total = 0\n${body(LONG_FUNCTION_LINES)}\n  return total\n}\n`
    expect(check("sum.ts", code)).toEqual([`function sum (lines 3-${LONG_FUNCTION_LINES + 6}) is longer than ${LONG_FUNCTION_LINES} lines and has no comment explaining it`])
  })

  it("accepts it with a comment above or inside, and ignores a pragma there", () => {
    const fn = `export const sum = (): number => {\n  let total = 0\n${body(LONG_FUNCTION_LINES)}\n  return total\n}\n`
    expect(check("sum.ts", `${head}\n// Adds the fixed weights in order; the order matters for rounding.\n${fn}`)).toEqual([])
    const inside = fn.replace("let total = 0", "let total = 0 // rounding: add the weights in this order")
    expect(check("sum.ts", `${head}\n${inside}`)).toEqual([])
    expect(check("sum.ts", `${head}\n// eslint-disable-next-line complexity\n${fn}`)).toHaveLength(1)
  })

  it("accepts a short function without a comment, and checks Python functions by indentation", () => {
    expect(check("sum.ts", `${head}export function one(): number {\n  return 1\n}\n`)).toEqual([])
    const py = `"""Sums things."""\n# Depends on: []\ndef total():\n    t = 0\n${Array.from({ length: LONG_FUNCTION_LINES }, (_, i) => `    t += ${i}`).join("\n")}\n    return t\n`
    expect(check("sum.py", py)).toEqual([expect.stringMatching(/^function total \(lines 3-/)])
  })
})

describe("confinement when reading", () => {
  let fx: OsFixture
  afterEach(() => fx.cleanup())

  it("does not follow a symbolic link out of the project: complete refuses it, and validate too when the link changed since", async () => {
    fx = makeOsFixture()
    await walkToConstruct(fx.engine)
    writeWorkspaceFile(fx, "../outside.ts", "// Purpose: not the project's.\n// Depends on: []\n")
    symlinkSync(join(fx.workspace, "..", "outside.ts"), join(fx.workspace, "lexer.ts"))
    await expect(fx.engine.complete({ taskId: "lexer", output: { id: "lexer", dom: "core", loc: "lexer.ts", type: "code" } })).rejects.toThrow(/lexer\.ts leads outside the project/)
    unlinkSync(join(fx.workspace, "lexer.ts"))
    writeWorkspaceFile(fx, "lexer.ts", annotatedCode())
    await fx.engine.complete({ taskId: "lexer", output: { id: "lexer", dom: "core", loc: "lexer.ts", type: "code" } })
    unlinkSync(join(fx.workspace, "lexer.ts"))
    symlinkSync(join(fx.workspace, "..", "outside.ts"), join(fx.workspace, "lexer.ts"))
    expect(await fx.engine.validate()).toMatchObject({ ok: false, reasons: ["artifact location lexer.ts leads outside the project"] })
  })
})
