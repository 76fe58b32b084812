// The parts of the VIC-II a program can observe without a display: the raster counter ($D012 and
// bit 7 of $D011) derived from the cycle count, the raster-compare interrupt with its latch
// ($D019) and mask ($D01A), and plain registers for everything else (sprite positions, enables,
// multicolour, colours). Nothing is drawn; screen memory and sprite data stay plain RAM.
import { CYCLES_PER_FRAME, CYCLES_PER_LINE, IRQ_SOURCE_VIC, LINES_PER_FRAME, type ChipContext } from "./timing.ts"

const RASTER_INTERRUPT = 0x01

export function rasterLineAt(cycle: number): number {
  return Math.floor((cycle % CYCLES_PER_FRAME) / CYCLES_PER_LINE)
}

export class VicII {
  /** Last value written to each of the 64 registers (mirrored through $D000–$D3FF). */
  readonly registers = new Uint8Array(0x40)
  private rasterCompare = 0
  private interruptLatch = 0
  private interruptMask = 0
  /** Chips are created at power-on (cycle 0), when compare line 0 has just passed. */
  private nextCompareCycle = CYCLES_PER_FRAME
  private readonly context: ChipContext

  constructor(context: ChipContext) {
    this.context = context
  }

  nextEventCycle(): number {
    return this.nextCompareCycle
  }

  processEvents(now: number): void {
    if (this.nextCompareCycle > now) return
    while (this.nextCompareCycle <= now) this.nextCompareCycle += CYCLES_PER_FRAME
    this.interruptLatch |= RASTER_INTERRUPT
    this.updateIrq()
  }

  read(register: number): number {
    switch (register) {
      case 0x11: {
        const line = rasterLineAt(this.context.now())
        return (this.registers[0x11]! & 0x7f) | ((line & 0x100) >> 1)
      }
      case 0x12:
        return rasterLineAt(this.context.now()) & 0xff
      case 0x19:
        this.processEvents(this.context.now())
        return this.interruptLatch | (this.interruptLatch & this.interruptMask ? 0x80 : 0) | 0x70
      case 0x1a:
        return this.interruptMask | 0xf0
      case 0x1e:
      case 0x1f:
        return 0 // no collisions: nothing is drawn
      default:
        // $D02F–$D03F are unconnected and read as $FF on the real chip.
        return register >= 0x2f ? 0xff : this.registers[register]!
    }
  }

  write(register: number, value: number): void {
    this.registers[register] = value
    switch (register) {
      case 0x11:
        this.setRasterCompare((this.rasterCompare & 0xff) | ((value & 0x80) << 1))
        break
      case 0x12:
        this.setRasterCompare((this.rasterCompare & 0x100) | value)
        break
      case 0x19:
        // Writing a 1 acknowledges that interrupt.
        this.interruptLatch &= ~value & 0x0f
        this.updateIrq()
        break
      case 0x1a:
        this.interruptMask = value & 0x0f
        this.updateIrq()
        break
    }
  }

  private setRasterCompare(line: number): void {
    if (line === this.rasterCompare) return
    this.rasterCompare = line
    this.scheduleCompare()
    this.context.reschedule()
  }

  private scheduleCompare(): void {
    if (this.rasterCompare >= LINES_PER_FRAME) {
      this.nextCompareCycle = Number.POSITIVE_INFINITY
      return
    }
    const now = this.context.now()
    let at = now - (now % CYCLES_PER_FRAME) + this.rasterCompare * CYCLES_PER_LINE
    if (at <= now) at += CYCLES_PER_FRAME
    this.nextCompareCycle = at
  }

  private updateIrq(): void {
    this.context.setIrq(IRQ_SOURCE_VIC, (this.interruptLatch & this.interruptMask) !== 0)
  }
}
