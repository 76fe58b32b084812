import { describe, expect, it } from "vitest"
import { TskError } from "../../../src/domain/errors.ts"
import { assemble, toPrg } from "../../../src/c64/machine/assembler.ts"
import { C64Machine } from "../../../src/c64/machine/c64-machine.ts"
import { miniKernal } from "../../../src/c64/machine/rom/mini-kernal.ts"
import { CYCLES_PER_FRAME, CYCLES_PER_LINE, PAL_CLOCK_HZ } from "../../../src/c64/machine/timing.ts"
import { rasterLineAt } from "../../../src/c64/machine/vic-ii.ts"

const decode = (bytes: Uint8Array) =>
  Array.from(bytes, (code) => String.fromCharCode(code < 0x20 ? code + 0x40 : code)).join("")
const jiffies = (machine: C64Machine) => (machine.peek(0xa0) << 16) | (machine.peek(0xa1) << 8) | machine.peek(0xa2)
const prgOf = (source: string) => toPrg(assemble(source))

function expectInvalid(action: () => unknown, message: RegExp): void {
  let caught: unknown
  try {
    action()
  } catch (error) {
    caught = error
  }
  expect(caught).toBeInstanceOf(TskError)
  expect((caught as TskError).kind).toBe("invalid")
  expect((caught as TskError).message).toMatch(message)
}

describe("C64 machine: reset and the mini-KERNAL", () => {
  it("boots to a banner and READY, idling in the KERNAL with interrupts enabled", () => {
    const machine = new C64Machine()
    expect(decode(machine.read(0x0400 + 40, 40))).toContain("**** TSK SIMULATED C64 ****")
    expect(decode(machine.read(0x0400 + 120, 6))).toBe("READY.")
    expect(machine.cpu.pc).toBe(miniKernal().idleAddress)
    expect(machine.cpu.p & 0x04).toBe(0)
  })

  it("advances the jiffy clock at $A0-$A2 sixty times per emulated second", () => {
    const machine = new C64Machine()
    const before = jiffies(machine)
    machine.runCycles(PAL_CLOCK_HZ)
    expect(jiffies(machine) - before).toBeGreaterThanOrEqual(59)
    expect(jiffies(machine) - before).toBeLessThanOrEqual(61)
  })

  it("wraps the jiffy clock to zero after 24 hours, as the real KERNAL does", () => {
    const machine = new C64Machine()
    machine.write(0xa0, Uint8Array.of(0x4f, 0x1a, 0x00))
    machine.runCycles(Math.ceil(PAL_CLOCK_HZ / 60) + 100)
    expect(jiffies(machine)).toBe(0)
  })

  it("reinstalls the mini-KERNAL on reset even if a program overwrote it", () => {
    const machine = new C64Machine()
    machine.write(0xe000, new Uint8Array(16))
    machine.reset()
    expect(machine.cpu.pc).toBe(miniKernal().idleAddress)
    expect(decode(machine.read(0x0400 + 120, 6))).toBe("READY.")
  })
})

describe("C64 machine: VIC-II raster and CIA interrupts", () => {
  it("reads $D012 as the raster line, one line per 63 cycles", () => {
    const machine = new C64Machine()
    const line = machine.peek(0xd012)
    expect(line).toBe(rasterLineAt(machine.cycles) & 0xff)
    machine.runCycles(CYCLES_PER_LINE * 10)
    expect(machine.peek(0xd012)).toBe(rasterLineAt(machine.cycles) & 0xff)
  })

  it("shows raster bit 8 in bit 7 of $D011 on lines 256-311", () => {
    const machine = new C64Machine()
    const frameStart = machine.cycles - (machine.cycles % CYCLES_PER_FRAME) + CYCLES_PER_FRAME
    machine.runCycles(frameStart - machine.cycles + 300 * CYCLES_PER_LINE)
    expect(rasterLineAt(machine.cycles)).toBeGreaterThanOrEqual(300)
    expect(machine.peek(0xd011) & 0x80).toBe(0x80)
    expect(machine.peek(0xd012)).toBe(rasterLineAt(machine.cycles) - 256)
  })

  it("raises a raster interrupt once per frame until the program stops acknowledging it", () => {
    // The handler counts raster IRQs at $C100 and acknowledges them through $D019.
    const machine = new C64Machine()
    machine.runPrg(
      prgOf(`*= $C000
        sei
        lda #<handler
        sta $0314
        lda #>handler
        sta $0315
        lda #100
        sta $D012
        lda #1
        sta $D01A
        cli
        rts
      handler:
        lda $D019
        and #1
        beq not_raster
        sta $D019
        inc $C100
        jmp $EA81
      not_raster:
        jmp $EA31`),
    )
    machine.runCycles(CYCLES_PER_FRAME * 10)
    expect(machine.peek(0xc100)).toBeGreaterThanOrEqual(9)
    expect(machine.peek(0xc100)).toBeLessThanOrEqual(10)
    expect(jiffies(machine)).toBeGreaterThanOrEqual(11) // the CIA interrupt still reaches the KERNAL
  })

  it("keeps a CIA interrupt pending when memory is only read, not acknowledged by the CPU", () => {
    const machine = new C64Machine()
    machine.runPrg(prgOf("*= $C000\n sei\n rts"))
    machine.runCycles(PAL_CLOCK_HZ / 30)
    expect(machine.peek(0xdc0d) & 0x81).toBe(0x81)
    expect(machine.peek(0xdc0d) & 0x81).toBe(0x81)
  })

  it("counts CIA timer A down from its latch", () => {
    const machine = new C64Machine()
    const read = () => machine.peek(0xdc04) | (machine.peek(0xdc05) << 8)
    const first = read()
    machine.runCycles(1000)
    const second = read()
    expect(first).toBeLessThanOrEqual(0x4025)
    expect((first - second + 0x4026) % 0x4026).toBeGreaterThanOrEqual(1000)
    expect((first - second + 0x4026) % 0x4026).toBeLessThan(1010)
  })
})

describe("C64 machine: memory and I/O registers", () => {
  it("reads back sprite, colour and border registers as written", () => {
    const machine = new C64Machine()
    machine.write(0xd000, Uint8Array.of(24, 50))
    machine.poke(0xd015, 0x01)
    machine.poke(0xd020, 0x02)
    machine.poke(0xd027, 0x07)
    expect(Array.from(machine.read(0xd000, 2))).toEqual([24, 50])
    expect([machine.peek(0xd015), machine.peek(0xd020), machine.peek(0xd027)]).toEqual([1, 2, 7])
  })

  it("keeps four bits per colour RAM cell", () => {
    const machine = new C64Machine()
    machine.poke(0xd800, 0xf5)
    expect(machine.peek(0xd800)).toBe(0x05)
  })

  it("rejects reads and writes outside 64 KiB as invalid", () => {
    const machine = new C64Machine()
    expectInvalid(() => machine.read(-1, 1), /address/)
    expectInvalid(() => machine.read(0x10000, 1), /address/)
    expectInvalid(() => machine.read(0x0400, 0), /length/)
    expectInvalid(() => machine.read(0xfff0, 32), /run past \$FFFF/)
    expectInvalid(() => machine.write(0xffff, Uint8Array.of(1, 2)), /run past \$FFFF/)
    expectInvalid(() => machine.write(0x1000, new Uint8Array(0)), /length/)
  })
})

describe("C64 machine: loading and running programs", () => {
  it("loads a PRG at its load address without running it", () => {
    const machine = new C64Machine()
    const loaded = machine.loadPrg(Uint8Array.of(0x00, 0xc0, 1, 2, 3))
    expect(loaded).toEqual({ loadAddress: 0xc000, endAddress: 0xc003 })
    expect(Array.from(machine.read(0xc000, 3))).toEqual([1, 2, 3])
    expect(machine.cpu.pc).toBe(miniKernal().idleAddress)
  })

  it("runs machine code from its load address and returns to the KERNAL on RTS", () => {
    const machine = new C64Machine()
    machine.runPrg(prgOf("*= $C000\n lda #42\n sta $C100\n rts"))
    machine.runCycles(100)
    expect(machine.peek(0xc100)).toBe(42)
    expect(machine.cpu.pc).toBe(miniKernal().idleAddress)
  })

  it("starts a program loaded at $0801 at the address in its BASIC SYS line", () => {
    const machine = new C64Machine()
    const started = machine.runPrg(
      prgOf(`*= $0801
        .word end, 10
        .byte $9E
        .text " 2062"
        .byte 0
      end: .word 0
        inc $C100
        rts`),
    )
    machine.runCycles(100)
    expect(started.startAddress).toBe(2062)
    expect(machine.peek(0xc100)).toBe(1)
  })

  it("refuses a BASIC program without SYS: there is no BASIC interpreter", () => {
    const machine = new C64Machine()
    expectInvalid(() => machine.runPrg(Uint8Array.of(0x01, 0x08, 0x0b, 0x08, 0x0a, 0x00, 0x99, 0x00)), /BASIC/)
  })

  it("rejects a PRG with no data or one that runs past $FFFF", () => {
    const machine = new C64Machine()
    expectInvalid(() => machine.loadPrg(Uint8Array.of(0x00, 0xc0)), /at least 1 byte/)
    expectInvalid(() => machine.loadPrg(Uint8Array.of(0xff, 0xff, 1, 2)), /past \$FFFF/)
  })

  it("reports a jam on an undocumented opcode while time keeps running", () => {
    const machine = new C64Machine()
    machine.runPrg(Uint8Array.of(0x00, 0xc0, 0xea, 0x02))
    const before = machine.cycles
    machine.runCycles(1000)
    expect(machine.jam).toEqual({ address: 0xc001, opcode: 0x02 })
    expect(machine.cycles - before).toBeGreaterThanOrEqual(1000)
    machine.reset()
    expect(machine.jam).toBeNull()
  })
})
