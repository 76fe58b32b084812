// The 6502's run loop is generated (src/c64/machine/generate-cpu6502-run.ts): the committed file must
// be what the generator makes from the opcode, addressing and operation tables.
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { GENERATED_FILE, generateCpuRun } from "../../../src/c64/machine/generate-cpu6502-run.ts"

describe("the generated 6502 run loop", () => {
  it("is what the generator makes (run npm run generate:6502 after changing its tables)", () => {
    expect(readFileSync(GENERATED_FILE, "utf8")).toBe(generateCpuRun())
  })

  it("has one case for every opcode but the twelve that jam, which fall to the default", () => {
    const source = generateCpuRun()
    const operations = source.slice(source.indexOf("switch (op) {"), source.indexOf("default:"))
    const opcodes = [...operations.matchAll(/case 0x([0-9a-f]{2}):/g)].map((match) => Number.parseInt(match[1]!, 16))
    expect(new Set(opcodes).size).toBe(opcodes.length)
    expect(opcodes.length).toBe(256 - 12)
  })
})
