// The bundled demo: `demo.asm` is the source, `demo.prg` the committed bytes (a test checks that
// assembling the one gives exactly the other). The memory layout below is what tasks and tests
// may rely on.
import { readFileSync } from "node:fs"

export const DEMO_SOURCE_URL = new URL("./demo.asm", import.meta.url)
export const DEMO_PRG_URL = new URL("./demo.prg", import.meta.url)

/** Where the demo puts things (see demo.asm). */
export const DEMO_LAYOUT = {
  loadAddress: 0x0801,
  startAddress: 0x080d,
  /** Screen row 0 starts with this text; the frame counter and jiffy clock tick beside it. */
  title: "TSK DEMO",
  titleAddress: 0x0400,
  /** Six BCD digits of frames since start, at row 0 columns 16-21. */
  frameDigitsAddress: 0x0410,
  /** The jiffy clock $A0-$A2 as six hex digits, at row 0 columns 30-35. */
  jiffyDigitsAddress: 0x041e,
  marqueeRowAddress: 0x0450,
  patternRowsAddress: 0x04c8,
  patternRows: 8,
  spriteShapesAddress: 0x2000,
  spritePointerValues: [0x80, 0x81, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87],
  /** $D01C: sprites 4-7 are multicolour, 0-3 hi-res. */
  multicolourMask: 0xf0,
} as const

let cached: Uint8Array | undefined

/** The demo PRG's bytes (a copy each call, so callers can't change the cached one). */
export function demoPrg(): Uint8Array {
  cached ??= new Uint8Array(readFileSync(DEMO_PRG_URL))
  return cached.slice()
}
