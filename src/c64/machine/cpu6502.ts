// NMOS 6502 core, written for speed: registers and flags live in locals inside `run()`, memory is a
// flat Uint8Array, and only pages marked in `ioPages` go through the bus. One switch resolves the
// addressing mode, one switch executes the operation; cycle counts come from the opcode table
// plus page-cross and branch penalties. The undocumented opcodes run as the NMOS chip runs them
// (the unstable ones by their usual model); only the twelve KIL opcodes jam, and the jam is reported.
import { noFTL } from "bun:jsc"
import { CYCLES_OF, MODE_OF, Mode, PENALTY_OF } from "./opcodes.ts"

/** Memory-mapped I/O: pages flagged in `ioPages` are read and written through these calls. */
export interface CpuBus {
  readIo(address: number): number
  writeIo(address: number, value: number): void
}

export interface CpuJam {
  address: number
  opcode: number
}

const NMI_VECTOR = 0xfffa
const RESET_VECTOR = 0xfffc
const IRQ_VECTOR = 0xfffe
const INTERRUPT_CYCLES = 7

const FLAG_C = 0x01
const FLAG_Z = 0x02
const FLAG_B = 0x10
const FLAG_U = 0x20
const FLAG_N = 0x80

const NO_BUS: CpuBus = {
  readIo: () => 0xff,
  writeIo: () => {},
}

/** Status byte from the unpacked flags (zeroSource is zero exactly when Z is set). */
function packStatus(c: number, zeroSource: number, i: number, d: number, v: number, negativeSource: number): number {
  return (
    (negativeSource & FLAG_N) |
    (v << 6) |
    FLAG_U |
    (d << 3) |
    (i << 2) |
    ((zeroSource & 0xff) === 0 ? FLAG_Z : 0) |
    c
  )
}

// ADC and SBC are shared with RRA and ISC, so they live outside the loop as pure functions that
// return one packed number (the JIT inlines them): A in bits 0-7, C in bit 8, V in bit 9, the byte
// Z is taken from in bits 10-17 and N in bit 18.
const PACK_C = 8
const PACK_V = 9
const PACK_Z = 10
const PACK_N = 18

function addWithCarry(a: number, value: number, c: number, d: number): number {
  if (d === 0) {
    const sum = a + value + c
    const v = ((~(a ^ value) & (a ^ sum)) >> 7) & 1
    const result = sum & 0xff
    return result | ((sum >> 8) << PACK_C) | (v << PACK_V) | (result << PACK_Z) | ((result >> 7) << PACK_N)
  }
  // NMOS decimal add: N and V come from the half-adjusted sum, Z from the binary sum.
  let sum = (a & 0x0f) + (value & 0x0f) + c
  if (sum > 0x09) sum += 0x06
  sum = sum <= 0x0f ? (sum & 0x0f) + (a & 0xf0) + (value & 0xf0) : (sum & 0x0f) + (a & 0xf0) + (value & 0xf0) + 0x10
  const zeroSource = (a + value + c) & 0xff
  const negative = (sum >> 7) & 1
  const v = ((a ^ sum) & 0x80) !== 0 && ((a ^ value) & 0x80) === 0 ? 1 : 0
  if ((sum & 0x1f0) > 0x90) sum += 0x60
  const carry = (sum & 0xff0) > 0xf0 ? 1 : 0
  return (sum & 0xff) | (carry << PACK_C) | (v << PACK_V) | (zeroSource << PACK_Z) | (negative << PACK_N)
}

function subtractWithBorrow(a: number, value: number, c: number, d: number): number {
  const difference = a - value - (1 - c)
  // NMOS decimal subtract: every flag comes from the binary difference, only A is adjusted.
  const v = (((a ^ value) & (a ^ difference)) >> 7) & 1
  const binary = difference & 0xff
  let result = binary
  if (d !== 0) {
    let adjusted = (a & 0x0f) - (value & 0x0f) - (1 - c)
    adjusted =
      adjusted & 0x10
        ? ((adjusted - 6) & 0x0f) | ((a & 0xf0) - (value & 0xf0) - 0x10)
        : (adjusted & 0x0f) | ((a & 0xf0) - (value & 0xf0))
    if (adjusted & 0x100) adjusted -= 0x60
    result = adjusted & 0xff
  }
  const carry = difference >= 0 ? 1 : 0
  return result | (carry << PACK_C) | (v << PACK_V) | (binary << PACK_Z) | ((binary >> 7) << PACK_N)
}

/** ARR: AND then ROR, with the flags (and, in decimal mode, the BCD fix-up) of the NMOS chip. */
function andRotateRight(a: number, value: number, c: number, d: number): number {
  const t = a & value
  const result = (t >> 1) | (c << 7)
  if (d === 0) {
    const carry = (result >> 6) & 1
    const v = ((result >> 6) ^ (result >> 5)) & 1
    return result | (carry << PACK_C) | (v << PACK_V) | (result << PACK_Z) | ((result >> 7) << PACK_N)
  }
  const v = ((t ^ result) >> 6) & 1
  let adjusted = result
  if ((t & 0x0f) + (t & 0x01) > 0x05) adjusted = (adjusted & 0xf0) | ((adjusted + 0x06) & 0x0f)
  let carry = 0
  if ((t & 0xf0) + (t & 0x10) > 0x50) {
    carry = 1
    adjusted = (adjusted + 0x60) & 0xff
  }
  return adjusted | (carry << PACK_C) | (v << PACK_V) | (result << PACK_Z) | (c << PACK_N)
}

/** The unstable stores (SHA SHX SHY TAS) AND the stored register with the target's high byte + 1. */
function highByteMask(address: number): number {
  return ((address >> 8) + 1) & 0xff
}

export class Cpu6502 {
  readonly memory: Uint8Array
  /** One flag per 256-byte page: non-zero routes that page through the bus. */
  readonly ioPages = new Uint8Array(256)
  a = 0
  x = 0
  y = 0
  sp = 0xfd
  pc = 0
  /** Total cycles executed since construction; I/O reads this to know "now". */
  cycles = 0
  jam: CpuJam | null = null

  private c = 0
  private zeroSource = 1
  private i = 1
  private d = 0
  private v = 0
  private negativeSource = 0
  private irqSources = 0
  private nmiPending = false
  private stopRequested = false
  /** Non-zero when the loop must look at interrupts, a stop request or a jam before the next opcode. */
  private attention = 0
  private readonly bus: CpuBus

  constructor(memory: Uint8Array = new Uint8Array(0x10000), bus: CpuBus = NO_BUS) {
    if (memory.length !== 0x10000) throw new RangeError("6502 memory must be exactly 64 KiB")
    this.memory = memory
    this.bus = bus
  }

  /** The status register as an instruction sees it: B exists only in a pushed copy, so it reads clear. */
  get p(): number {
    return packStatus(this.c, this.zeroSource, this.i, this.d, this.v, this.negativeSource)
  }

  set p(value: number) {
    this.c = value & FLAG_C
    this.zeroSource = value & FLAG_Z ? 0 : 1
    this.i = (value >> 2) & 1
    this.d = (value >> 3) & 1
    this.v = (value >> 6) & 1
    this.negativeSource = value & FLAG_N
  }

  /** The reset sequence: I set, SP lowered by three (no writes), PC from $FFFC. */
  reset(): void {
    this.sp = (this.sp - 3) & 0xff
    this.i = 1
    this.jam = null
    this.nmiPending = false
    this.pc = this.memory[RESET_VECTOR]! | (this.memory[RESET_VECTOR + 1]! << 8)
    this.cycles += 7
    this.updateAttention()
  }

  /** IRQ is a wired-OR line: each source (a bit) holds it low until it is acknowledged. */
  setIrq(source: number, asserted: boolean): void {
    this.irqSources = asserted ? this.irqSources | source : this.irqSources & ~source
    this.updateAttention()
  }

  /** NMI is edge-triggered: one call, one interrupt. */
  triggerNmi(): void {
    this.nmiPending = true
    this.updateAttention()
  }

  /** Makes `run()` return before the next instruction, so a caller can reschedule its events. */
  requestStop(): void {
    this.stopRequested = true
    this.updateAttention()
  }

  /** Executes one instruction (or one interrupt entry); returns the cycles it took. */
  step(): number {
    return this.run(1)
  }

  private updateAttention(): void {
    this.attention = this.stopRequested || this.nmiPending || this.irqSources !== 0 || this.jam !== null ? 1 : 0
  }

  /**
   * Runs whole instructions until at least `budget` cycles have passed (or a stop is requested);
   * returns the cycles actually executed, which may exceed the budget by one instruction.
   */
  run(budget: number): number {
    const mem = this.memory
    const ioPages = this.ioPages
    const bus = this.bus
    const read = (address: number): number => (ioPages[address >>> 8] === 0 ? mem[address]! : bus.readIo(address))
    const write = (address: number, value: number): void => {
      if (ioPages[address >>> 8] === 0) mem[address] = value
      else bus.writeIo(address, value)
    }

    let a = this.a
    let x = this.x
    let y = this.y
    let sp = this.sp
    let pc = this.pc
    let c = this.c
    let zeroSource = this.zeroSource
    let i = this.i
    let d = this.d
    let v = this.v
    let negativeSource = this.negativeSource
    const start = this.cycles
    const end = start + budget
    let cycles = start

    while (cycles < end) {
      if (this.attention !== 0) {
        if (this.jam !== null) {
          // A jammed CPU does nothing, but time (and the machine's timers) still moves on.
          cycles = end
          break
        }
        if (this.stopRequested) {
          this.stopRequested = false
          this.updateAttention()
          break
        }
        const nmi = this.nmiPending
        if (nmi || (this.irqSources !== 0 && i === 0)) {
          if (nmi) {
            this.nmiPending = false
            this.updateAttention()
          }
          mem[0x100 | sp] = pc >> 8
          sp = (sp - 1) & 0xff
          mem[0x100 | sp] = pc & 0xff
          sp = (sp - 1) & 0xff
          mem[0x100 | sp] = packStatus(c, zeroSource, i, d, v, negativeSource)
          sp = (sp - 1) & 0xff
          i = 1
          const vector = nmi ? NMI_VECTOR : IRQ_VECTOR
          pc = mem[vector]! | (mem[vector + 1]! << 8)
          cycles += INTERRUPT_CYCLES
          continue
        }
      }

      // I/O that depends on time (raster line, timers) reads `this.cycles`.
      this.cycles = cycles
      const opcodeAddress = pc
      const op = mem[pc]!
      pc = (pc + 1) & 0xffff
      cycles += CYCLES_OF[op]!

      // Effective address (or, for immediate, the operand's own address).
      let address = 0
      switch (MODE_OF[op]) {
        case Mode.immediate:
          address = pc
          pc = (pc + 1) & 0xffff
          break
        case Mode.zeroPage:
          address = mem[pc]!
          pc = (pc + 1) & 0xffff
          break
        case Mode.zeroPageX:
          address = (mem[pc]! + x) & 0xff
          pc = (pc + 1) & 0xffff
          break
        case Mode.zeroPageY:
          address = (mem[pc]! + y) & 0xff
          pc = (pc + 1) & 0xffff
          break
        case Mode.absolute:
          address = mem[pc]! | (mem[(pc + 1) & 0xffff]! << 8)
          pc = (pc + 2) & 0xffff
          break
        case Mode.absoluteX: {
          const base = mem[pc]! | (mem[(pc + 1) & 0xffff]! << 8)
          address = (base + x) & 0xffff
          if ((base ^ address) & 0xff00) cycles += PENALTY_OF[op]!
          pc = (pc + 2) & 0xffff
          break
        }
        case Mode.absoluteY: {
          const base = mem[pc]! | (mem[(pc + 1) & 0xffff]! << 8)
          address = (base + y) & 0xffff
          if ((base ^ address) & 0xff00) cycles += PENALTY_OF[op]!
          pc = (pc + 2) & 0xffff
          break
        }
        case Mode.indirect: {
          // JMP ($xxFF) fetches the high byte from $xx00: the NMOS page-wrap bug.
          const pointer = mem[pc]! | (mem[(pc + 1) & 0xffff]! << 8)
          address = mem[pointer]! | (mem[(pointer & 0xff00) | ((pointer + 1) & 0xff)]! << 8)
          pc = (pc + 2) & 0xffff
          break
        }
        case Mode.indexedIndirect: {
          const pointer = (mem[pc]! + x) & 0xff
          address = mem[pointer]! | (mem[(pointer + 1) & 0xff]! << 8)
          pc = (pc + 1) & 0xffff
          break
        }
        case Mode.indirectIndexed: {
          const pointer = mem[pc]!
          const base = mem[pointer]! | (mem[(pointer + 1) & 0xff]! << 8)
          address = (base + y) & 0xffff
          if ((base ^ address) & 0xff00) cycles += PENALTY_OF[op]!
          pc = (pc + 1) & 0xffff
          break
        }
        case Mode.relative: {
          const offset = mem[pc]!
          pc = (pc + 1) & 0xffff
          address = (pc + (offset < 0x80 ? offset : offset - 0x100)) & 0xffff
          break
        }
      }

      switch (op) {
        // Loads and stores
        case 0xa9: case 0xa5: case 0xb5: case 0xad: case 0xbd: case 0xb9: case 0xa1: case 0xb1:
          a = zeroSource = negativeSource = read(address)
          break
        case 0xa2: case 0xa6: case 0xb6: case 0xae: case 0xbe:
          x = zeroSource = negativeSource = read(address)
          break
        case 0xa0: case 0xa4: case 0xb4: case 0xac: case 0xbc:
          y = zeroSource = negativeSource = read(address)
          break
        case 0x85: case 0x95: case 0x8d: case 0x9d: case 0x99: case 0x81: case 0x91:
          write(address, a)
          break
        case 0x86: case 0x96: case 0x8e:
          write(address, x)
          break
        case 0x84: case 0x94: case 0x8c:
          write(address, y)
          break

        // Arithmetic and logic
        case 0x69: case 0x65: case 0x75: case 0x6d: case 0x7d: case 0x79: case 0x61: case 0x71: {
          const packed = addWithCarry(a, read(address), c, d)
          a = packed & 0xff
          c = (packed >> PACK_C) & 1
          v = (packed >> PACK_V) & 1
          zeroSource = (packed >> PACK_Z) & 0xff
          negativeSource = ((packed >> PACK_N) & 1) << 7
          break
        }
        case 0xe9: case 0xe5: case 0xf5: case 0xed: case 0xfd: case 0xf9: case 0xe1: case 0xf1: case 0xeb: {
          const packed = subtractWithBorrow(a, read(address), c, d)
          a = packed & 0xff
          c = (packed >> PACK_C) & 1
          v = (packed >> PACK_V) & 1
          zeroSource = (packed >> PACK_Z) & 0xff
          negativeSource = ((packed >> PACK_N) & 1) << 7
          break
        }
        case 0x29: case 0x25: case 0x35: case 0x2d: case 0x3d: case 0x39: case 0x21: case 0x31:
          a = zeroSource = negativeSource = a & read(address)
          break
        case 0x09: case 0x05: case 0x15: case 0x0d: case 0x1d: case 0x19: case 0x01: case 0x11:
          a = zeroSource = negativeSource = a | read(address)
          break
        case 0x49: case 0x45: case 0x55: case 0x4d: case 0x5d: case 0x59: case 0x41: case 0x51:
          a = zeroSource = negativeSource = a ^ read(address)
          break
        case 0xc9: case 0xc5: case 0xd5: case 0xcd: case 0xdd: case 0xd9: case 0xc1: case 0xd1: {
          const difference = a - read(address)
          c = difference >= 0 ? 1 : 0
          zeroSource = negativeSource = difference & 0xff
          break
        }
        case 0xe0: case 0xe4: case 0xec: {
          const difference = x - read(address)
          c = difference >= 0 ? 1 : 0
          zeroSource = negativeSource = difference & 0xff
          break
        }
        case 0xc0: case 0xc4: case 0xcc: {
          const difference = y - read(address)
          c = difference >= 0 ? 1 : 0
          zeroSource = negativeSource = difference & 0xff
          break
        }
        case 0x24: case 0x2c: {
          const value = read(address)
          zeroSource = a & value
          negativeSource = value
          v = (value >> 6) & 1
          break
        }

        // Shifts and rotates on A
        case 0x0a:
          c = a >> 7
          a = zeroSource = negativeSource = (a << 1) & 0xff
          break
        case 0x4a:
          c = a & 1
          a = zeroSource = negativeSource = a >> 1
          break
        case 0x2a: {
          const result = ((a << 1) | c) & 0xff
          c = a >> 7
          a = zeroSource = negativeSource = result
          break
        }
        case 0x6a: {
          const result = (a >> 1) | (c << 7)
          c = a & 1
          a = zeroSource = negativeSource = result
          break
        }

        // Read-modify-write on memory. The NMOS chip writes the old value back before the new one,
        // which I/O registers can observe (INC $D019 acknowledges that way), so I/O sees both.
        case 0x06: case 0x16: case 0x0e: case 0x1e: {
          const value = read(address)
          if (ioPages[address >>> 8] !== 0) bus.writeIo(address, value)
          c = value >> 7
          zeroSource = negativeSource = (value << 1) & 0xff
          write(address, zeroSource)
          break
        }
        case 0x46: case 0x56: case 0x4e: case 0x5e: {
          const value = read(address)
          if (ioPages[address >>> 8] !== 0) bus.writeIo(address, value)
          c = value & 1
          zeroSource = negativeSource = value >> 1
          write(address, zeroSource)
          break
        }
        case 0x26: case 0x36: case 0x2e: case 0x3e: {
          const value = read(address)
          if (ioPages[address >>> 8] !== 0) bus.writeIo(address, value)
          zeroSource = negativeSource = ((value << 1) | c) & 0xff
          c = value >> 7
          write(address, zeroSource)
          break
        }
        case 0x66: case 0x76: case 0x6e: case 0x7e: {
          const value = read(address)
          if (ioPages[address >>> 8] !== 0) bus.writeIo(address, value)
          zeroSource = negativeSource = (value >> 1) | (c << 7)
          c = value & 1
          write(address, zeroSource)
          break
        }
        case 0xe6: case 0xf6: case 0xee: case 0xfe: {
          const value = read(address)
          if (ioPages[address >>> 8] !== 0) bus.writeIo(address, value)
          zeroSource = negativeSource = (value + 1) & 0xff
          write(address, zeroSource)
          break
        }
        case 0xc6: case 0xd6: case 0xce: case 0xde: {
          const value = read(address)
          if (ioPages[address >>> 8] !== 0) bus.writeIo(address, value)
          zeroSource = negativeSource = (value - 1) & 0xff
          write(address, zeroSource)
          break
        }

        // Register increments, decrements and transfers
        case 0xe8:
          x = zeroSource = negativeSource = (x + 1) & 0xff
          break
        case 0xca:
          x = zeroSource = negativeSource = (x - 1) & 0xff
          break
        case 0xc8:
          y = zeroSource = negativeSource = (y + 1) & 0xff
          break
        case 0x88:
          y = zeroSource = negativeSource = (y - 1) & 0xff
          break
        case 0xaa:
          x = zeroSource = negativeSource = a
          break
        case 0xa8:
          y = zeroSource = negativeSource = a
          break
        case 0x8a:
          a = zeroSource = negativeSource = x
          break
        case 0x98:
          a = zeroSource = negativeSource = y
          break
        case 0xba:
          x = zeroSource = negativeSource = sp
          break
        case 0x9a:
          sp = x
          break

        // Branches: one extra cycle when taken, another when the target is on a different page.
        case 0x10:
          if ((negativeSource & 0x80) === 0) {
            cycles += (pc ^ address) & 0xff00 ? 2 : 1
            pc = address
          }
          break
        case 0x30:
          if ((negativeSource & 0x80) !== 0) {
            cycles += (pc ^ address) & 0xff00 ? 2 : 1
            pc = address
          }
          break
        case 0x50:
          if (v === 0) {
            cycles += (pc ^ address) & 0xff00 ? 2 : 1
            pc = address
          }
          break
        case 0x70:
          if (v !== 0) {
            cycles += (pc ^ address) & 0xff00 ? 2 : 1
            pc = address
          }
          break
        case 0x90:
          if (c === 0) {
            cycles += (pc ^ address) & 0xff00 ? 2 : 1
            pc = address
          }
          break
        case 0xb0:
          if (c !== 0) {
            cycles += (pc ^ address) & 0xff00 ? 2 : 1
            pc = address
          }
          break
        case 0xd0:
          if ((zeroSource & 0xff) !== 0) {
            cycles += (pc ^ address) & 0xff00 ? 2 : 1
            pc = address
          }
          break
        case 0xf0:
          if ((zeroSource & 0xff) === 0) {
            cycles += (pc ^ address) & 0xff00 ? 2 : 1
            pc = address
          }
          break

        // Jumps, subroutines and interrupts
        case 0x4c:
          // A jump to itself (an idle loop) changes nothing until an interrupt, and only an I/O
          // event at `end` or later can raise one: the remaining repetitions are counted at once.
          if (address === opcodeAddress && cycles < end && this.attention === 0) cycles += Math.ceil((end - cycles) / 3) * 3
          pc = address
          break
        case 0x6c:
          pc = address
          break
        case 0x20: {
          // JSR pushes the address of its own last byte; RTS adds the one back. The chip fetches
          // that last byte (the target's high byte) after the pushes, so a stack that overlaps the
          // operand changes where JSR goes.
          const returnAddress = (pc - 1) & 0xffff
          mem[0x100 | sp] = returnAddress >> 8
          sp = (sp - 1) & 0xff
          mem[0x100 | sp] = returnAddress & 0xff
          sp = (sp - 1) & 0xff
          pc = (address & 0xff) | (mem[returnAddress]! << 8)
          break
        }
        case 0x60: {
          sp = (sp + 1) & 0xff
          const low = mem[0x100 | sp]!
          sp = (sp + 1) & 0xff
          pc = ((low | (mem[0x100 | sp]! << 8)) + 1) & 0xffff
          break
        }
        case 0x00: {
          // BRK skips a padding byte and pushes the status with B set, then takes the IRQ vector.
          const returnAddress = (pc + 1) & 0xffff
          mem[0x100 | sp] = returnAddress >> 8
          sp = (sp - 1) & 0xff
          mem[0x100 | sp] = returnAddress & 0xff
          sp = (sp - 1) & 0xff
          mem[0x100 | sp] = packStatus(c, zeroSource, i, d, v, negativeSource) | FLAG_B
          sp = (sp - 1) & 0xff
          i = 1
          pc = mem[IRQ_VECTOR]! | (mem[IRQ_VECTOR + 1]! << 8)
          break
        }
        case 0x40: {
          sp = (sp + 1) & 0xff
          const status = mem[0x100 | sp]!
          c = status & FLAG_C
          zeroSource = status & FLAG_Z ? 0 : 1
          i = (status >> 2) & 1
          d = (status >> 3) & 1
          v = (status >> 6) & 1
          negativeSource = status & FLAG_N
          sp = (sp + 1) & 0xff
          const low = mem[0x100 | sp]!
          sp = (sp + 1) & 0xff
          pc = low | (mem[0x100 | sp]! << 8)
          break
        }

        // Stack
        case 0x48:
          mem[0x100 | sp] = a
          sp = (sp - 1) & 0xff
          break
        case 0x08:
          mem[0x100 | sp] = packStatus(c, zeroSource, i, d, v, negativeSource) | FLAG_B
          sp = (sp - 1) & 0xff
          break
        case 0x68:
          sp = (sp + 1) & 0xff
          a = zeroSource = negativeSource = mem[0x100 | sp]!
          break
        case 0x28: {
          sp = (sp + 1) & 0xff
          const status = mem[0x100 | sp]!
          c = status & FLAG_C
          zeroSource = status & FLAG_Z ? 0 : 1
          i = (status >> 2) & 1
          d = (status >> 3) & 1
          v = (status >> 6) & 1
          negativeSource = status & FLAG_N
          break
        }

        // Flags
        case 0x18:
          c = 0
          break
        case 0x38:
          c = 1
          break
        case 0x58:
          i = 0
          break
        case 0x78:
          i = 1
          break
        case 0xd8:
          d = 0
          break
        case 0xf8:
          d = 1
          break
        case 0xb8:
          v = 0
          break
        case 0xea:
          break

        // Undocumented: read-modify-write combined with an ALU operation (old value written first, as above).
        case 0x03: case 0x07: case 0x0f: case 0x13: case 0x17: case 0x1b: case 0x1f: {
          const value = read(address)
          if (ioPages[address >>> 8] !== 0) bus.writeIo(address, value)
          c = value >> 7
          const shifted = (value << 1) & 0xff
          write(address, shifted)
          a = zeroSource = negativeSource = a | shifted
          break
        }
        case 0x23: case 0x27: case 0x2f: case 0x33: case 0x37: case 0x3b: case 0x3f: {
          const value = read(address)
          if (ioPages[address >>> 8] !== 0) bus.writeIo(address, value)
          const rotated = ((value << 1) | c) & 0xff
          c = value >> 7
          write(address, rotated)
          a = zeroSource = negativeSource = a & rotated
          break
        }
        case 0x43: case 0x47: case 0x4f: case 0x53: case 0x57: case 0x5b: case 0x5f: {
          const value = read(address)
          if (ioPages[address >>> 8] !== 0) bus.writeIo(address, value)
          c = value & 1
          const shifted = value >> 1
          write(address, shifted)
          a = zeroSource = negativeSource = a ^ shifted
          break
        }
        case 0x63: case 0x67: case 0x6f: case 0x73: case 0x77: case 0x7b: case 0x7f: {
          const value = read(address)
          if (ioPages[address >>> 8] !== 0) bus.writeIo(address, value)
          const rotated = (value >> 1) | (c << 7)
          write(address, rotated)
          const packed = addWithCarry(a, rotated, value & 1, d)
          a = packed & 0xff
          c = (packed >> PACK_C) & 1
          v = (packed >> PACK_V) & 1
          zeroSource = (packed >> PACK_Z) & 0xff
          negativeSource = ((packed >> PACK_N) & 1) << 7
          break
        }
        case 0xc3: case 0xc7: case 0xcf: case 0xd3: case 0xd7: case 0xdb: case 0xdf: {
          const value = read(address)
          if (ioPages[address >>> 8] !== 0) bus.writeIo(address, value)
          const decremented = (value - 1) & 0xff
          write(address, decremented)
          const difference = a - decremented
          c = difference >= 0 ? 1 : 0
          zeroSource = negativeSource = difference & 0xff
          break
        }
        case 0xe3: case 0xe7: case 0xef: case 0xf3: case 0xf7: case 0xfb: case 0xff: {
          const value = read(address)
          if (ioPages[address >>> 8] !== 0) bus.writeIo(address, value)
          const incremented = (value + 1) & 0xff
          write(address, incremented)
          const packed = subtractWithBorrow(a, incremented, c, d)
          a = packed & 0xff
          c = (packed >> PACK_C) & 1
          v = (packed >> PACK_V) & 1
          zeroSource = (packed >> PACK_Z) & 0xff
          negativeSource = ((packed >> PACK_N) & 1) << 7
          break
        }

        // Undocumented loads, stores and immediate operations
        case 0x83: case 0x87: case 0x8f: case 0x97:
          write(address, a & x)
          break
        case 0xa3: case 0xa7: case 0xaf: case 0xb3: case 0xb7: case 0xbf:
          a = x = zeroSource = negativeSource = read(address)
          break
        case 0xab:
          // LXA (unstable): the usual model ORs A with the magic constant $EE before the AND.
          a = x = zeroSource = negativeSource = (a | 0xee) & read(address)
          break
        case 0x8b:
          // XAA (unstable): same magic constant, then A = that & X & operand.
          a = zeroSource = negativeSource = (a | 0xee) & x & read(address)
          break
        case 0x0b: case 0x2b:
          a = zeroSource = negativeSource = a & read(address)
          c = a >> 7
          break
        case 0x4b: {
          const value = a & read(address)
          c = value & 1
          a = zeroSource = negativeSource = value >> 1
          break
        }
        case 0x6b: {
          const packed = andRotateRight(a, read(address), c, d)
          a = packed & 0xff
          c = (packed >> PACK_C) & 1
          v = (packed >> PACK_V) & 1
          zeroSource = (packed >> PACK_Z) & 0xff
          negativeSource = ((packed >> PACK_N) & 1) << 7
          break
        }
        case 0xcb: {
          const difference = (a & x) - read(address)
          c = difference >= 0 ? 1 : 0
          x = zeroSource = negativeSource = difference & 0xff
          break
        }
        case 0x93: case 0x9f:
          write(address, a & x & highByteMask(address))
          break
        case 0x9e:
          write(address, x & highByteMask(address))
          break
        case 0x9c:
          write(address, y & highByteMask(address))
          break
        case 0x9b:
          sp = a & x
          write(address, sp & highByteMask(address))
          break
        case 0xbb:
          a = x = sp = zeroSource = negativeSource = read(address) & sp
          break

        // Undocumented NOPs: the ones with an operand still read it (an I/O register can notice).
        case 0x1a: case 0x3a: case 0x5a: case 0x7a: case 0xda: case 0xfa:
          break
        case 0x80: case 0x82: case 0x89: case 0xc2: case 0xe2: case 0x04: case 0x44: case 0x64: case 0x14: case 0x34:
        case 0x54: case 0x74: case 0xd4: case 0xf4: case 0x0c: case 0x1c: case 0x3c: case 0x5c: case 0x7c: case 0xdc: case 0xfc:
          read(address)
          break

        default:
          // Every other opcode has a case above: this is one of the twelve KIL opcodes, which stop the chip.
          this.jam = { address: opcodeAddress, opcode: op }
          this.updateAttention()
          pc = opcodeAddress
          cycles = end
      }
    }

    this.a = a
    this.x = x
    this.y = y
    this.sp = sp
    this.pc = pc
    this.c = c
    this.zeroSource = zeroSource
    this.i = i
    this.d = d
    this.v = v
    this.negativeSource = negativeSource
    this.cycles = cycles
    return cycles - start
  }
}

// JavaScriptCore's top tier (FTL) compiles this one large function in the background for many
// seconds of CPU (3% of a core while a real-time machine sits idle, measured), for a loop that the
// tier below already runs fast enough at 1 MHz: keep it out of that tier.
noFTL(Cpu6502.prototype.run)
