// The 6502's state and everything that changes it from outside an instruction: registers, the
// unpacked flags, reset, the IRQ and NMI lines, stop requests and jams. The instructions themselves
// run in `run()`, which the generated subclass (cpu6502-run.generated.ts) supplies.
import { FLAG_C, FLAG_N, FLAG_Z, packStatus } from "./cpu6502-alu.ts"

/** Memory-mapped I/O: pages flagged in `ioPages` are read and written through these calls. */
export interface CpuBus {
  readIo(address: number): number
  writeIo(address: number, value: number): void
}

export interface CpuJam {
  address: number
  opcode: number
}

export const NMI_VECTOR = 0xfffa
export const RESET_VECTOR = 0xfffc
export const IRQ_VECTOR = 0xfffe
export const INTERRUPT_CYCLES = 7

const NO_BUS: CpuBus = {
  readIo: () => 0xff,
  writeIo: () => {},
}

export abstract class Cpu6502State {
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

  // The flags as the run loop keeps them: N and Z as the bytes they are taken from (Z is set when
  // zeroSource's low byte is zero, N is bit 7 of negativeSource), the others as 0 or 1.
  protected c = 0
  protected zeroSource = 1
  protected i = 1
  protected d = 0
  protected v = 0
  protected negativeSource = 0
  protected irqSources = 0
  protected nmiPending = false
  protected stopRequested = false
  /** Non-zero when the loop must look at interrupts, a stop request or a jam before the next opcode. */
  protected attention = 0
  protected readonly bus: CpuBus

  constructor(memory: Uint8Array = new Uint8Array(0x10000), bus: CpuBus = NO_BUS) {
    if (memory.length !== 0x10000) throw new RangeError("6502 memory must be exactly 64 KiB")
    this.memory = memory
    this.bus = bus
  }

  /**
   * Runs whole instructions until at least `budget` cycles have passed (or a stop is requested);
   * returns the cycles actually executed, which may exceed the budget by one instruction.
   */
  abstract run(budget: number): number

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

  protected updateAttention(): void {
    this.attention = this.stopRequested || this.nmiPending || this.irqSources !== 0 || this.jam !== null ? 1 : 0
  }
}
