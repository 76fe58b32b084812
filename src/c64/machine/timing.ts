// PAL C64 timing and the interrupt sources every chip shares.

/** PAL C64 CPU clock (Hz). */
export const PAL_CLOCK_HZ = 985_248
export const CYCLES_PER_LINE = 63
export const LINES_PER_FRAME = 312
export const CYCLES_PER_FRAME = CYCLES_PER_LINE * LINES_PER_FRAME

/** Bits of the CPU's wired-OR IRQ line, one per chip that can pull it. */
export const IRQ_SOURCE_CIA1 = 1
export const IRQ_SOURCE_VIC = 2

/** What a chip needs from the machine: the current cycle, the IRQ line, and a rescheduling hook. */
export interface ChipContext {
  now(): number
  setIrq(source: number, asserted: boolean): void
  /** A register write moved the chip's next event: the CPU must stop so the machine reschedules. */
  reschedule(): void
}
