// Klaus Dormann's functional test: the standard oracle for an NMOS 6502 core. It traps in a
// jump-to-self at $3469 when every documented opcode, addressing mode, flag and decimal-mode case
// behaves; a trap anywhere else names the failing check in the upstream listing.
import { existsSync, readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { Cpu6502 } from "../../../src/c64/machine/cpu6502.ts"

// The image is vendored in test/fixtures (origin and licence in its README).
const FIXTURE = fileURLToPath(new URL("../../fixtures/6502_functional_test.bin", import.meta.url))
const SUCCESS_TRAP = 0x3469
const CYCLE_LIMIT = 200_000_000

/** Runs until the CPU loops on itself (PC unchanged by an instruction); returns where. */
function runUntilTrap(cpu: Cpu6502): number {
  while (cpu.cycles < CYCLE_LIMIT) {
    cpu.run(100_000)
    const before = cpu.pc
    cpu.step()
    if (cpu.pc === before || cpu.jam !== null) return cpu.pc
  }
  throw new Error(`no trap within ${CYCLE_LIMIT} cycles (PC $${cpu.pc.toString(16)})`)
}

describe("6502 functional test", () => {
  it("finds the vendored fixture in the repository", () => {
    expect(existsSync(FIXTURE), `missing ${FIXTURE}`).toBe(true)
  })

  it("passes Klaus Dormann's functional test by trapping at $3469", () => {
    const memory = new Uint8Array(0x10000)
    memory.set(readFileSync(FIXTURE))
    const cpu = new Cpu6502(memory)
    cpu.pc = 0x0400

    const trap = runUntilTrap(cpu)

    expect(cpu.jam).toBeNull()
    expect(`$${trap.toString(16).toUpperCase()}`).toBe(`$${SUCCESS_TRAP.toString(16).toUpperCase()}`)
    // About 96 million cycles on a correct core; far fewer means it trapped early.
    expect(cpu.cycles).toBeGreaterThan(90_000_000)
  })
})
