// How each addressing mode finds its effective address, as the statements the generator
// (generate-cpu6502-run.ts) writes into the run loop's first switch. They see the loop's locals:
// `mem`, `pc`, `x`, `y`, `cycles`, the opcode `op`, and set `address` (for immediate, the operand's
// own address; for relative, the branch target). Implied and accumulator leave it at 0.
import { Mode } from "./opcodes.ts"

export const ADDRESSING: Readonly<Partial<Record<Mode, string>>> = {
  [Mode.immediate]: `
    address = pc
    pc = (pc + 1) & 0xffff`,
  [Mode.zeroPage]: `
    address = mem[pc]!
    pc = (pc + 1) & 0xffff`,
  [Mode.zeroPageX]: `
    address = (mem[pc]! + x) & 0xff
    pc = (pc + 1) & 0xffff`,
  [Mode.zeroPageY]: `
    address = (mem[pc]! + y) & 0xff
    pc = (pc + 1) & 0xffff`,
  [Mode.absolute]: `
    address = mem[pc]! | (mem[(pc + 1) & 0xffff]! << 8)
    pc = (pc + 2) & 0xffff`,
  [Mode.absoluteX]: `
    const base = mem[pc]! | (mem[(pc + 1) & 0xffff]! << 8)
    address = (base + x) & 0xffff
    if ((base ^ address) & 0xff00) cycles += PENALTY_OF[op]!
    pc = (pc + 2) & 0xffff`,
  [Mode.absoluteY]: `
    const base = mem[pc]! | (mem[(pc + 1) & 0xffff]! << 8)
    address = (base + y) & 0xffff
    if ((base ^ address) & 0xff00) cycles += PENALTY_OF[op]!
    pc = (pc + 2) & 0xffff`,
  [Mode.indirect]: `
    // JMP ($xxFF) fetches the high byte from $xx00: the NMOS page-wrap bug.
    const pointer = mem[pc]! | (mem[(pc + 1) & 0xffff]! << 8)
    address = mem[pointer]! | (mem[(pointer & 0xff00) | ((pointer + 1) & 0xff)]! << 8)
    pc = (pc + 2) & 0xffff`,
  [Mode.indexedIndirect]: `
    const pointer = (mem[pc]! + x) & 0xff
    address = mem[pointer]! | (mem[(pointer + 1) & 0xff]! << 8)
    pc = (pc + 1) & 0xffff`,
  [Mode.indirectIndexed]: `
    const pointer = mem[pc]!
    const base = mem[pointer]! | (mem[(pointer + 1) & 0xff]! << 8)
    address = (base + y) & 0xffff
    if ((base ^ address) & 0xff00) cycles += PENALTY_OF[op]!
    pc = (pc + 1) & 0xffff`,
  [Mode.relative]: `
    const offset = mem[pc]!
    pc = (pc + 1) & 0xffff
    address = (pc + (offset < 0x80 ? offset : offset - 0x100)) & 0xffff`,
}
