// One case of Tom Harte's single-step 6502 tests (SingleStepTests/65x02, folder 6502/v1): the state
// before one instruction, the state after it, and its bus cycles. Shared by the sample in
// `npm test` and the on-demand run of the whole suite.
import { Cpu6502 } from "../../../src/c64/machine/cpu6502.ts"
import { JAM_OPCODES } from "../../../src/c64/machine/opcodes.ts"

interface CpuState {
  pc: number
  s: number
  a: number
  x: number
  y: number
  p: number
  ram: [number, number][]
}

export interface SingleStepCase {
  name: string
  initial: CpuState
  final: CpuState
  cycles: [number, number, string][]
}

const ABSOLUTE_NOPS = [0x0c, 0x1c, 0x3c, 0x5c, 0x7c, 0xdc, 0xfc]

/**
 * Bus cycles the instruction takes. Older copies of the suite (the vendored sample among them) leave
 * out the final read of the absolute NOPs, which the chip does make (SingleStepTests/ProcessorTests
 * issue 46, fixed by pull request 50): when that read is missing it is counted here.
 */
function expectedCycles(testCase: SingleStepCase, opcode: number): number {
  const listed = testCase.cycles.length
  if (!ABSOLUTE_NOPS.includes(opcode)) return listed
  const { pc, x, ram } = testCase.initial
  const byteAt = (address: number) => ram.find(([at]) => at === address)?.[1] ?? 0
  const base = byteAt((pc + 1) & 0xffff) | (byteAt((pc + 2) & 0xffff) << 8)
  const target = opcode === 0x0c ? base : (base + x) & 0xffff
  return testCase.cycles[listed - 1]?.[0] === target ? listed : listed + 1
}

/** Runs one case on a fresh CPU; returns what differs from the published final state ("" when nothing). */
export function runSingleStepCase(testCase: SingleStepCase, cpu = new Cpu6502()): string {
  const { initial, final } = testCase
  cpu.memory.fill(0)
  cpu.jam = null
  for (const [address, value] of initial.ram) cpu.memory[address] = value
  cpu.pc = initial.pc
  cpu.sp = initial.s
  cpu.a = initial.a
  cpu.x = initial.x
  cpu.y = initial.y
  cpu.p = initial.p
  const cycles = cpu.step()
  const problems: string[] = []
  const compare = (what: string, actual: number, expected: number) => {
    if (actual !== expected) problems.push(`${what} ${actual.toString(16)} != ${expected.toString(16)}`)
  }
  compare("pc", cpu.pc, final.pc)
  compare("s", cpu.sp, final.s)
  compare("a", cpu.a, final.a)
  compare("x", cpu.x, final.x)
  compare("y", cpu.y, final.y)
  compare("p", cpu.p, final.p)
  for (const [address, value] of final.ram) compare(`ram[${address.toString(16)}]`, cpu.memory[address]!, value)
  const opcode = initial.ram.find(([address]) => address === initial.pc)![1]
  // A jammed chip never finishes its instruction, so only a jam (not a cycle count) is expected.
  if (JAM_OPCODES.includes(opcode)) {
    if (cpu.jam === null) problems.push("expected a jam")
  } else {
    if (cpu.jam !== null) problems.push("jammed")
    compare("cycles", cycles, expectedCycles(testCase, opcode))
  }
  return problems.length === 0 ? "" : `${testCase.name}: ${problems.join(", ")}`
}
