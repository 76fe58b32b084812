// The NMOS 6502 core against a published per-instruction suite: a sample of Tom Harte's
// single-step tests (50 cases for each of the 256 opcodes, origin and licence in test/fixtures).
// The whole suite runs on demand: `npm run test:6502-suite -- <folder>`.
import { readFileSync } from "node:fs"
import { gunzipSync } from "node:zlib"
import { describe, expect, it } from "vitest"
import { runSingleStepCase, type SingleStepCase } from "../helpers/single-step-case.ts"

const SAMPLE = new URL("../../fixtures/6502-single-step-sample.jsonl.gz", import.meta.url)

const casesByOpcode = new Map<number, SingleStepCase[]>()
for (const line of gunzipSync(readFileSync(SAMPLE)).toString("utf8").split("\n")) {
  if (line.trim() === "") continue
  const testCase = JSON.parse(line) as SingleStepCase
  const opcode = Number.parseInt(testCase.name.slice(0, 2), 16)
  casesByOpcode.set(opcode, [...(casesByOpcode.get(opcode) ?? []), testCase])
}

describe("6502 single-step suite sample", () => {
  it("holds 50 cases for each of the 256 opcodes", () => {
    expect(casesByOpcode.size).toBe(256)
    for (const cases of casesByOpcode.values()) expect(cases.length).toBe(50)
  })

  for (let opcode = 0; opcode < 256; opcode++) {
    const hex = opcode.toString(16).padStart(2, "0")
    it(`opcode $${hex} ends every published case in the published state`, () => {
      const failures = (casesByOpcode.get(opcode) ?? []).map((testCase) => runSingleStepCase(testCase)).filter(Boolean)
      expect(failures.slice(0, 3)).toEqual([])
    })
  }
})
