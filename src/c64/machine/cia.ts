// CIA 6526 as far as a running program needs it: timer A (continuous or one-shot, counted lazily
// from the cycle count) and the interrupt control register, whose read acknowledges. CIA 1 drives
// the 60 Hz system IRQ; CIA 2 has the same model but no interrupt line wired here (its NMI is not
// modelled). Ports read $FF: no keys pressed, no joystick moved. Timer B and the TOD clock are plain
// registers.
import type { ChipContext } from "./timing.ts"

const TIMER_A_INTERRUPT = 0x01
const CONTROL_START = 0x01
const CONTROL_ONE_SHOT = 0x08
const CONTROL_FORCE_LOAD = 0x10

export class Cia {
  readonly registers = new Uint8Array(0x10)
  private latchA = 0xffff
  /** Counter value at `countingSince` (while running) or the frozen value (while stopped). */
  private counterA = 0xffff
  private countingSince = 0
  private running = false
  private oneShot = false
  private interruptData = 0
  private interruptMask = 0
  private readonly context: ChipContext
  private readonly irqSource: number

  /** `irqSource` 0 leaves the CPU's IRQ line alone (CIA 2 pulls NMI on a real C64). */
  constructor(context: ChipContext, irqSource: number) {
    this.context = context
    this.irqSource = irqSource
  }

  /** The counter reaches zero, then underflows (and reloads) one cycle later: period latch + 1. */
  nextEventCycle(): number {
    return this.running ? this.countingSince + this.counterA + 1 : Number.POSITIVE_INFINITY
  }

  processEvents(now: number): void {
    let underflowed = false
    while (this.running && this.nextEventCycle() <= now) {
      const underflowAt = this.nextEventCycle()
      underflowed = true
      this.counterA = this.latchA
      this.countingSince = underflowAt
      if (this.oneShot) {
        this.running = false
        this.registers[0x0e] = this.registers[0x0e]! & ~CONTROL_START
      }
    }
    if (underflowed) {
      this.interruptData |= TIMER_A_INTERRUPT
      this.updateIrq()
    }
  }

  read(register: number): number {
    const value = this.peek(register)
    if (register === 0x0d) {
      this.interruptData = 0
      this.updateIrq()
    }
    return value
  }

  /** A read without side effects (the ICR stays pending), for debuggers and memory dumps. */
  peek(register: number): number {
    this.processEvents(this.context.now())
    switch (register) {
      case 0x00:
      case 0x01:
        return 0xff
      case 0x04:
        return this.counterAt(this.context.now()) & 0xff
      case 0x05:
        return this.counterAt(this.context.now()) >> 8
      case 0x0d:
        return this.peekInterruptControl()
      default:
        return this.registers[register]!
    }
  }

  write(register: number, value: number): void {
    const now = this.context.now()
    this.processEvents(now)
    switch (register) {
      case 0x04:
        this.latchA = (this.latchA & 0xff00) | value
        break
      case 0x05:
        this.latchA = (this.latchA & 0x00ff) | (value << 8)
        // Writing the high byte of a stopped timer's latch also loads the counter.
        if (!this.running) this.counterA = this.latchA
        break
      case 0x0d:
        if (value & 0x80) this.interruptMask |= value & 0x1f
        else this.interruptMask &= ~value & 0x1f
        this.updateIrq()
        break
      case 0x0e:
        this.counterA = this.counterAt(now)
        this.countingSince = now
        if (value & CONTROL_FORCE_LOAD) this.counterA = this.latchA
        this.running = (value & CONTROL_START) !== 0
        this.oneShot = (value & CONTROL_ONE_SHOT) !== 0
        this.registers[0x0e] = value & ~CONTROL_FORCE_LOAD // the load bit is a strobe
        this.context.reschedule()
        break
      default:
        this.registers[register] = value
    }
  }

  private counterAt(now: number): number {
    return this.running ? this.counterA - (now - this.countingSince) : this.counterA
  }

  private peekInterruptControl(): number {
    return this.interruptData | (this.interruptData & this.interruptMask ? 0x80 : 0)
  }

  private updateIrq(): void {
    if (this.irqSource !== 0) {
      this.context.setIrq(this.irqSource, (this.interruptData & this.interruptMask) !== 0)
    }
  }
}
