// The I/O area $D000–$DFFF as the CPU sees it: VIC-II, SID (plain registers: the sim makes no
// sound), colour RAM (4 bits per cell), CIA 1, CIA 2, and the expansion I/O pages. I/O is always
// banked in: with no ROMs to hide, the processor port's banking bits are not modelled.
import type { CpuBus } from "./cpu6502.ts"
import { Cia } from "./cia.ts"
import { IRQ_SOURCE_CIA1, type ChipContext } from "./timing.ts"
import { VicII } from "./vic-ii.ts"

export const IO_START = 0xd000
export const IO_END = 0xdfff

export class C64Io implements CpuBus {
  readonly vic: VicII
  readonly cia1: Cia
  readonly cia2: Cia
  private readonly sid = new Uint8Array(0x20)
  private readonly colourRam = new Uint8Array(0x400)
  private readonly expansion = new Uint8Array(0x200)

  constructor(context: ChipContext) {
    this.vic = new VicII(context)
    this.cia1 = new Cia(context, IRQ_SOURCE_CIA1)
    this.cia2 = new Cia(context, 0)
  }

  nextEventCycle(): number {
    return Math.min(this.vic.nextEventCycle(), this.cia1.nextEventCycle(), this.cia2.nextEventCycle())
  }

  processEvents(now: number): void {
    this.vic.processEvents(now)
    this.cia1.processEvents(now)
    this.cia2.processEvents(now)
  }

  readIo(address: number): number {
    if (address < 0xdc00) return this.readVideoAndSound(address)
    if (address < 0xdd00) return this.cia1.read(address & 0x0f)
    if (address < 0xde00) return this.cia2.read(address & 0x0f)
    return this.expansion[address - 0xde00]!
  }

  /** What a memory dump shows: like `readIo` but acknowledging nothing. */
  peekIo(address: number): number {
    if (address < 0xdc00) return this.readVideoAndSound(address)
    if (address < 0xdd00) return this.cia1.peek(address & 0x0f)
    if (address < 0xde00) return this.cia2.peek(address & 0x0f)
    return this.expansion[address - 0xde00]!
  }

  writeIo(address: number, value: number): void {
    if (address < 0xd400) this.vic.write(address & 0x3f, value)
    else if (address < 0xd800) this.sid[address & 0x1f] = value
    else if (address < 0xdc00) this.colourRam[address - 0xd800] = value & 0x0f
    else if (address < 0xdd00) this.cia1.write(address & 0x0f, value)
    else if (address < 0xde00) this.cia2.write(address & 0x0f, value)
    else this.expansion[address - 0xde00] = value
  }

  private readVideoAndSound(address: number): number {
    if (address < 0xd400) return this.vic.read(address & 0x3f)
    if (address < 0xd800) return this.sid[address & 0x1f]!
    return this.colourRam[address - 0xd800]!
  }
}
