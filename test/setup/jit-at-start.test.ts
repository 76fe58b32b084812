// The entry points make the JIT patient while the process is young (src/jit-at-start.ts), and
// give a process that lives on the normal JIT back.
import { afterEach, describe, expect, it } from "vitest"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { PROJECT_ROOT } from "../helpers/run-tsk.ts"

const unsafe = Bun.unsafe as { setJITPolicy: (scale: number) => void }
const real = unsafe.setJITPolicy
afterEach(() => {
  unsafe.setJITPolicy = real
  real(1)
})

describe("the JIT at start", () => {
  // The module runs once per test file: this is its first import here.
  it("waits 16 times longer than usual for the first 100 ms, then as usual", async () => {
    const scales: number[] = []
    unsafe.setJITPolicy = (scale) => void scales.push(scale)
    const { START_JIT_MS } = await import("../../src/jit-at-start.ts")
    expect(scales).toEqual([16])
    await Bun.sleep(START_JIT_MS + 50)
    expect(scales).toEqual([16, 1])
  })

  it("is set by both entry points before anything else of theirs", () => {
    for (const entry of ["cli-main.ts", "main.ts"]) {
      const imports = readFileSync(join(PROJECT_ROOT, "src", entry), "utf8").split("\n").filter((line) => line.startsWith("import "))
      expect(imports[0], entry).toBe('import "./jit-at-start.ts"')
    }
  })
})
