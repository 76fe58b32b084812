// A simulated PAL Commodore 64 without a display: the 6502 core, 64 KiB of RAM, the I/O a program
// can observe (raster counter, raster and CIA interrupts, sprite and colour registers, colour RAM)
// and the mini-KERNAL instead of Commodore's ROMs. Time is the CPU's cycle count, so stepping with
// `runCycles` is fully deterministic; `start()` runs it at the real clock rate in the background.
import { C64Io, IO_END, IO_START } from "./c64-io.ts"
import { Cpu6502, type CpuJam } from "./cpu6502.ts"
import { assertMemoryRange, hexAddress } from "./memory-range.ts"
import { entryAddress, parsePrg } from "./prg.ts"
import { RealTimeRunner, type RealTimeStats } from "./real-time-runner.ts"
import { miniKernal } from "./rom/mini-kernal.ts"
import { PAL_CLOCK_HZ, type ChipContext } from "./timing.ts"

export interface C64MachineOptions {
  /** Real-time slice length in milliseconds (default 250; reads catch up in between). */
  sliceMs?: number
  /** Wall clock for real-time running, in milliseconds; tests pass a fixed clock. */
  now?: () => number
}

export interface LoadedProgram {
  loadAddress: number
  /** One past the last loaded byte. */
  endAddress: number
}

export interface StartedProgram extends LoadedProgram {
  startAddress: number
}

/** The reset routine is short; this bound only guards against a broken mini-KERNAL. */
const RESET_CYCLE_LIMIT = 1_000_000
const RESET_STEP_CYCLES = 256

export class C64Machine {
  readonly clockHz = PAL_CLOCK_HZ
  /** The 64 KiB of RAM. $D000–$DFFF here is the RAM under I/O, which the CPU never sees. */
  readonly memory = new Uint8Array(0x10000)
  readonly cpu: Cpu6502
  readonly io: C64Io
  private readonly runner: RealTimeRunner

  constructor(options: C64MachineOptions = {}) {
    const context: ChipContext = {
      now: () => this.cpu.cycles,
      setIrq: (source, asserted) => this.cpu.setIrq(source, asserted),
      reschedule: () => this.cpu.requestStop(),
    }
    this.io = new C64Io(context)
    this.cpu = new Cpu6502(this.memory, this.io)
    for (let page = IO_START >> 8; page <= IO_END >> 8; page++) this.cpu.ioPages[page] = 1
    this.runner = new RealTimeRunner((count) => this.runCycles(count), {
      clockHz: this.clockHz,
      sliceMs: options.sliceMs,
      now: options.now,
    })
    this.reset()
  }

  /** Cycles since power-on. */
  get cycles(): number {
    return this.cpu.cycles
  }

  /** Set when the CPU hit an opcode it does not execute; cleared by `reset()`. */
  get jam(): CpuJam | null {
    return this.cpu.jam
  }

  /**
   * Runs at least `count` cycles (the last instruction may overrun by a few), handling timer and
   * raster events at their exact cycles. Returns the cycles run.
   */
  runCycles(count: number): number {
    const start = this.cpu.cycles
    const target = start + count
    while (this.cpu.cycles < target) {
      const next = Math.min(target, this.io.nextEventCycle())
      if (next > this.cpu.cycles) this.cpu.run(next - this.cpu.cycles)
      this.io.processEvents(this.cpu.cycles)
    }
    return this.cpu.cycles - start
  }

  /**
   * Like pressing the reset button: RAM outside pages 0, 2 and 3 and the screen keeps its
   * contents, the mini-KERNAL is reinstalled and its start-up runs until it idles with interrupts on.
   */
  reset(): void {
    const kernal = miniKernal()
    for (const segment of kernal.segments) this.memory.set(segment.bytes, segment.address)
    this.cpu.reset()
    const deadline = this.cpu.cycles + RESET_CYCLE_LIMIT
    while (this.cpu.pc !== kernal.idleAddress) {
      if (this.cpu.cycles > deadline) throw new Error(`the mini-KERNAL never reached its idle loop (PC ${hexAddress(this.cpu.pc)})`)
      this.runCycles(RESET_STEP_CYCLES)
    }
  }

  /** Copies a PRG into memory (through I/O where it covers $D000–$DFFF) without running it. */
  loadPrg(prg: Uint8Array): LoadedProgram {
    const parsed = parsePrg(prg)
    this.writeBytes(parsed.loadAddress, parsed.data)
    return { loadAddress: parsed.loadAddress, endAddress: parsed.endAddress }
  }

  /**
   * Resets, loads and starts a PRG at `start`, else at its BASIC `SYS` address, else at its load
   * address. It is entered as if by JSR from the KERNAL's idle loop, so a final RTS returns there.
   */
  runPrg(prg: Uint8Array, start?: number): StartedProgram {
    const parsed = parsePrg(prg)
    const startAddress = entryAddress(parsed, start)
    this.reset()
    this.writeBytes(parsed.loadAddress, parsed.data)
    const returnAddress = (miniKernal().idleAddress - 1) & 0xffff
    const cpu = this.cpu
    this.memory[0x100 | cpu.sp] = returnAddress >> 8
    cpu.sp = (cpu.sp - 1) & 0xff
    this.memory[0x100 | cpu.sp] = returnAddress & 0xff
    cpu.sp = (cpu.sp - 1) & 0xff
    cpu.pc = startAddress
    return { loadAddress: parsed.loadAddress, endAddress: parsed.endAddress, startAddress }
  }

  /** Reads memory as the CPU sees it, without side effects (no interrupt is acknowledged). */
  read(address: number, length: number): Uint8Array {
    assertMemoryRange(address, length)
    const bytes = this.memory.slice(address, address + length)
    const ioFrom = Math.max(address, IO_START)
    const ioTo = Math.min(address + length - 1, IO_END)
    for (let at = ioFrom; at <= ioTo; at++) bytes[at - address] = this.io.peekIo(at)
    return bytes
  }

  /** Writes memory as the CPU would: writes to $D000–$DFFF reach the I/O chips. */
  write(address: number, bytes: Uint8Array): void {
    assertMemoryRange(address, bytes.length)
    this.writeBytes(address, bytes)
  }

  peek(address: number): number {
    return this.read(address, 1)[0]!
  }

  poke(address: number, value: number): void {
    this.write(address, Uint8Array.of(value))
  }

  /** Starts running in real time (about 1 MHz) from a background timer. */
  start(): void {
    this.runner.start()
  }

  stop(): void {
    this.runner.stop()
  }

  get running(): boolean {
    return this.runner.running
  }

  /** Runs the cycles due in real time since the last slice (what the background timer calls). */
  catchUp(): number {
    return this.runner.catchUp()
  }

  /** Achieved clock rate and host CPU share while running in real time. */
  speed(): RealTimeStats {
    return this.runner.stats()
  }

  /** The error that stopped real-time running, if any. */
  get failure(): Error | null {
    return this.runner.failure
  }

  private writeBytes(address: number, bytes: Uint8Array): void {
    for (let index = 0; index < bytes.length; index++) {
      const at = address + index
      if (at >= IO_START && at <= IO_END) this.io.writeIo(at, bytes[index]!)
      else this.memory[at] = bytes[index]!
    }
  }
}
