import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { assemble } from "../../../src/c64/machine/assembler.ts"
import { C64Machine } from "../../../src/c64/machine/c64-machine.ts"
import { DEMO_LAYOUT, DEMO_SOURCE_URL, demoPrg } from "../../../src/c64/machine/demo/demo-program.ts"
import { PAL_CLOCK_HZ } from "../../../src/c64/machine/timing.ts"

const screenCodes = (text: string) => Array.from(text, (ch) => (ch >= "@" && ch <= "_" ? ch.charCodeAt(0) - 0x40 : ch.charCodeAt(0)))
const decode = (bytes: Uint8Array) =>
  Array.from(bytes, (code) => String.fromCharCode(code < 0x20 ? code + 0x40 : code)).join("")

function demoMachine(seconds = 1): C64Machine {
  const machine = new C64Machine()
  machine.runPrg(demoPrg())
  machine.runCycles(Math.round(PAL_CLOCK_HZ * seconds))
  return machine
}

describe("bundled demo program", () => {
  it("starts where its BASIC line and the documented layout say", () => {
    const symbols = assemble(readFileSync(DEMO_SOURCE_URL, "utf8")).symbols
    expect(symbols.get("start")).toBe(DEMO_LAYOUT.startAddress)
    expect(new C64Machine().runPrg(demoPrg()).startAddress).toBe(DEMO_LAYOUT.startAddress)
  })

  it("writes its title at the top of the screen", () => {
    const machine = demoMachine()
    expect(Array.from(machine.read(DEMO_LAYOUT.titleAddress, 8))).toEqual(screenCodes(DEMO_LAYOUT.title))
  })

  it("counts frames at 50 Hz in decimal beside the title", () => {
    const machine = demoMachine(2)
    const frames = Number(decode(machine.read(DEMO_LAYOUT.frameDigitsAddress, 6)))
    expect(frames).toBeGreaterThanOrEqual(95)
    expect(frames).toBeLessThanOrEqual(101)
  })

  it("shows the jiffy clock in hex, ticking from the 60 Hz interrupt", () => {
    const machine = demoMachine(2)
    const shown = Number.parseInt(decode(machine.read(DEMO_LAYOUT.jiffyDigitsAddress, 6)), 16)
    const clock = (machine.peek(0xa0) << 16) | (machine.peek(0xa1) << 8) | machine.peek(0xa2)
    expect(clock).toBeGreaterThanOrEqual(118)
    expect(clock - shown).toBeLessThanOrEqual(1) // the hook prints before the KERNAL ticks
  })

  it("animates the marquee and the pattern rows between frames", () => {
    const machine = demoMachine()
    const before = machine.read(DEMO_LAYOUT.marqueeRowAddress, 40 * 11)
    machine.runCycles(PAL_CLOCK_HZ / 5)
    const after = machine.read(DEMO_LAYOUT.marqueeRowAddress, 40 * 11)
    expect(Buffer.from(after.subarray(0, 40)).equals(Buffer.from(before.subarray(0, 40)))).toBe(false)
    expect(Buffer.from(after.subarray(120)).equals(Buffer.from(before.subarray(120)))).toBe(false)
  })

  it("points all eight sprites at blocks $80-$87 and marks sprites 4-7 multicolour", () => {
    const machine = demoMachine()
    expect(Array.from(machine.read(0x07f8, 8))).toEqual([...DEMO_LAYOUT.spritePointerValues])
    expect(machine.peek(0xd015)).toBe(0xff)
    expect(machine.peek(0xd01c)).toBe(DEMO_LAYOUT.multicolourMask)
  })

  it("keeps eight non-empty sprite shapes at $2000-$21FF, multicolour ones using all three colours", () => {
    const machine = demoMachine()
    for (let block = 0; block < 8; block++) {
      const shape = machine.read(DEMO_LAYOUT.spriteShapesAddress + block * 64, 63)
      expect(shape.some((byte) => byte !== 0), `block ${block}`).toBe(true)
      if (block >= 4) {
        const pairs = new Set(Array.from(shape).flatMap((byte) => [byte >> 6, (byte >> 4) & 3, (byte >> 2) & 3, byte & 3]))
        expect([1, 2, 3].every((pair) => pairs.has(pair)), `block ${block}`).toBe(true)
      }
    }
  })

  it("moves the sprites", () => {
    const machine = demoMachine()
    const before = machine.read(0xd000, 16)
    machine.runCycles(PAL_CLOCK_HZ / 10)
    expect(Buffer.from(machine.read(0xd000, 16)).equals(Buffer.from(before))).toBe(false)
  })

  it("runs identically on two machines stepped the same way", () => {
    const first = demoMachine(0.5)
    const second = demoMachine(0.5)
    expect(Buffer.from(first.read(0, 0x10000)).equals(Buffer.from(second.read(0, 0x10000)))).toBe(true)
  })
})
