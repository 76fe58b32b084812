import { describe, expect, it } from "vitest"
import { Cpu6502 } from "../../../src/c64/machine/cpu6502.ts"
import { JAM_OPCODES, Mode, OPCODES, OPERAND_BYTES, UNDOCUMENTED_OPCODES } from "../../../src/c64/machine/opcodes.ts"

const ORIGIN = 0x0200
const FLAG_C = 0x01
const FLAG_Z = 0x02
const FLAG_I = 0x04
const FLAG_B = 0x10
const FLAG_V = 0x40
const FLAG_N = 0x80

/** A CPU with `program` at $0200, PC there, IRQ vector $9000, NMI vector $A000. */
function cpuWith(program: number[]): Cpu6502 {
  const cpu = new Cpu6502()
  cpu.memory.set(program, ORIGIN)
  cpu.memory.set([0x00, 0xa0, 0x00, 0x02, 0x00, 0x90], 0xfffa)
  cpu.pc = ORIGIN
  cpu.p = 0x20
  return cpu
}

function steps(cpu: Cpu6502, count: number): number {
  let cycles = 0
  for (let n = 0; n < count; n++) cycles += cpu.step()
  return cycles
}

describe("6502 flags", () => {
  it("sets Z and clears N when LDA loads zero", () => {
    const cpu = cpuWith([0xa9, 0x00])
    cpu.step()
    expect(cpu.p & (FLAG_Z | FLAG_N)).toBe(FLAG_Z)
  })

  it("sets N when LDA loads a byte with bit 7 set", () => {
    const cpu = cpuWith([0xa9, 0x80])
    cpu.step()
    expect(cpu.p & (FLAG_Z | FLAG_N)).toBe(FLAG_N)
  })

  it("sets V but not C when ADC overflows the signed range", () => {
    const cpu = cpuWith([0x18, 0xa9, 0x50, 0x69, 0x50]) // CLC; LDA #$50; ADC #$50
    steps(cpu, 3)
    expect(cpu.a).toBe(0xa0)
    expect(cpu.p & (FLAG_C | FLAG_V | FLAG_N)).toBe(FLAG_V | FLAG_N)
  })

  it("clears C when SBC borrows", () => {
    const cpu = cpuWith([0x38, 0xa9, 0x10, 0xe9, 0x20]) // SEC; LDA #$10; SBC #$20
    steps(cpu, 3)
    expect(cpu.a).toBe(0xf0)
    expect(cpu.p & FLAG_C).toBe(0)
  })

  it("sets C and Z when CMP compares equal values", () => {
    const cpu = cpuWith([0xa9, 0x42, 0xc9, 0x42])
    steps(cpu, 2)
    expect(cpu.p & (FLAG_C | FLAG_Z | FLAG_N)).toBe(FLAG_C | FLAG_Z)
  })

  it("copies bits 7 and 6 of memory into N and V with BIT", () => {
    const cpu = cpuWith([0xa9, 0x01, 0x24, 0x10])
    cpu.memory[0x10] = 0xc0
    steps(cpu, 2)
    expect(cpu.p & (FLAG_N | FLAG_V | FLAG_Z)).toBe(FLAG_N | FLAG_V | FLAG_Z)
  })
})

describe("6502 decimal mode", () => {
  it("adds packed BCD with a decimal carry", () => {
    const cpu = cpuWith([0xf8, 0x38, 0xa9, 0x58, 0x69, 0x46]) // SED; SEC; LDA #$58; ADC #$46
    steps(cpu, 4)
    expect(cpu.a).toBe(0x05)
    expect(cpu.p & FLAG_C).toBe(FLAG_C)
  })

  it("subtracts packed BCD with a decimal borrow", () => {
    const cpu = cpuWith([0xf8, 0x38, 0xa9, 0x12, 0xe9, 0x21]) // SED; SEC; LDA #$12; SBC #$21
    steps(cpu, 4)
    expect(cpu.a).toBe(0x91)
    expect(cpu.p & FLAG_C).toBe(0)
  })

  it("takes Z from the binary sum and N from the half-adjusted sum, as the NMOS chip does", () => {
    const cpu = cpuWith([0xf8, 0x18, 0xa9, 0x99, 0x69, 0x01]) // 99 + 01 = 00 carry 1
    steps(cpu, 4)
    expect(cpu.a).toBe(0x00)
    expect(cpu.p & (FLAG_C | FLAG_Z | FLAG_N)).toBe(FLAG_C | FLAG_N)
  })
})

describe("6502 addressing modes", () => {
  it("wraps zero page,X inside page zero", () => {
    const cpu = cpuWith([0xa2, 0x20, 0xb5, 0xf0]) // LDX #$20; LDA $F0,X → $10
    cpu.memory[0x10] = 0x77
    cpu.memory[0x110] = 0x99
    steps(cpu, 2)
    expect(cpu.a).toBe(0x77)
  })

  it("charges one more cycle when (zp),Y crosses a page", () => {
    const sameBase = cpuWith([0xb1, 0x10]) // LDA ($10),Y
    sameBase.memory.set([0x00, 0x20], 0x10)
    sameBase.y = 0x01
    const crossing = cpuWith([0xb1, 0x10])
    crossing.memory.set([0xff, 0x20], 0x10)
    crossing.memory[0x2100] = 0x5a
    crossing.y = 0x01

    expect(sameBase.step()).toBe(5)
    expect(crossing.step()).toBe(6)
    expect(crossing.a).toBe(0x5a)
  })

  it("never discounts a store through abs,X", () => {
    const cpu = cpuWith([0x9d, 0x00, 0x30]) // STA $3000,X without page cross
    expect(cpu.step()).toBe(5)
  })

  it("reads (zp,X) pointers from page zero with wrap-around", () => {
    const cpu = cpuWith([0xa2, 0x01, 0xa1, 0xfe]) // LDX #1; LDA ($FE,X) → pointer at $FF/$00
    cpu.memory[0xff] = 0x34
    cpu.memory[0x00] = 0x12
    cpu.memory[0x1234] = 0xab
    steps(cpu, 2)
    expect(cpu.a).toBe(0xab)
  })

  it("fetches JMP ($xxFF)'s high byte from the start of the same page", () => {
    const cpu = cpuWith([0x6c, 0xff, 0x30]) // JMP ($30FF)
    cpu.memory[0x30ff] = 0x00
    cpu.memory[0x3000] = 0x40
    cpu.memory[0x3100] = 0x50
    cpu.step()
    expect(cpu.pc).toBe(0x4000)
  })

  it("takes 2, 3 or 4 cycles for a branch not taken, taken, or taken across a page", () => {
    const notTaken = cpuWith([0xa9, 0x01, 0xf0, 0x10]) // LDA #1; BEQ +16
    notTaken.step()
    const taken = cpuWith([0xa9, 0x01, 0xd0, 0x10]) // BNE +16
    taken.step()
    const across = cpuWith([0xa9, 0x01, 0xd0, 0xf0]) // BNE -16 from $0204 → $01F4
    across.step()

    expect(notTaken.step()).toBe(2)
    expect(taken.step()).toBe(3)
    expect(taken.pc).toBe(0x0214)
    expect(across.step()).toBe(4)
    expect(across.pc).toBe(0x01f4)
  })
})

describe("6502 stack, BRK and interrupts", () => {
  it("returns from JSR to the instruction after it", () => {
    const cpu = cpuWith([0x20, 0x00, 0x03, 0xea]) // JSR $0300; NOP
    cpu.memory[0x0300] = 0x60 // RTS
    cpu.sp = 0xff
    cpu.step()
    expect(cpu.memory[0x1ff]).toBe(0x02)
    expect(cpu.memory[0x1fe]).toBe(0x02) // pushed $0202, the JSR's last byte
    cpu.step()
    expect(cpu.pc).toBe(0x0203)
    expect(cpu.sp).toBe(0xff)
  })

  it("pushes PC+2 and the status with B set on BRK, then RTI resumes after the padding byte", () => {
    const cpu = cpuWith([0x00, 0xff, 0xea]) // BRK, padding, NOP
    cpu.memory[0x9000] = 0x40 // RTI
    cpu.sp = 0xff

    expect(cpu.step()).toBe(7)
    expect(cpu.pc).toBe(0x9000)
    expect(cpu.p & FLAG_I).toBe(FLAG_I)
    expect([cpu.memory[0x1ff], cpu.memory[0x1fe]]).toEqual([0x02, 0x02])
    expect(cpu.memory[0x1fd]! & FLAG_B).toBe(FLAG_B)
    cpu.step()
    expect(cpu.pc).toBe(0x0202)
    expect(cpu.p & FLAG_I).toBe(0)
  })

  it("enters an IRQ through $FFFE with B clear in the pushed status, in 7 cycles", () => {
    const cpu = cpuWith([0x58, 0xea, 0xea]) // CLI; NOP; NOP
    cpu.sp = 0xff
    cpu.step()
    cpu.setIrq(1, true)

    expect(cpu.step()).toBe(7)
    expect(cpu.pc).toBe(0x9000)
    expect([cpu.memory[0x1ff], cpu.memory[0x1fe]]).toEqual([0x02, 0x01])
    expect(cpu.memory[0x1fd]! & FLAG_B).toBe(0)
    expect(cpu.p & FLAG_I).toBe(FLAG_I)
  })

  it("holds an IRQ off while I is set", () => {
    const cpu = cpuWith([0x78, 0xea, 0xea]) // SEI; NOP; NOP
    cpu.step()
    cpu.setIrq(1, true)
    steps(cpu, 2)
    expect(cpu.pc).toBe(0x0203)
  })

  it("takes an NMI through $FFFA even with I set, once per trigger", () => {
    const cpu = cpuWith([0x78, 0xea, 0xea]) // SEI; NOP; NOP
    cpu.memory[0xa000] = 0x40 // RTI
    cpu.step()
    cpu.triggerNmi()
    cpu.step()
    expect(cpu.pc).toBe(0xa000)
    cpu.step() // RTI back to the first NOP
    cpu.step() // that NOP runs: no second NMI
    expect(cpu.pc).toBe(0x0202)
  })

  it("starts from the reset vector with I set", () => {
    const cpu = cpuWith([])
    cpu.memory.set([0x34, 0x12], 0xfffc)
    cpu.p = 0
    cpu.reset()
    expect(cpu.pc).toBe(0x1234)
    expect(cpu.p & FLAG_I).toBe(FLAG_I)
  })
})

describe("6502 instruction set coverage", () => {
  it("executes every documented opcode without jamming, in at least its base cycles", () => {
    for (const info of OPCODES) {
      const cpu = cpuWith([info.opcode, 0x00, 0x00])
      const cycles = cpu.step()
      expect(cpu.jam, info.mnemonic).toBeNull()
      expect(cycles, `${info.mnemonic} $${info.opcode.toString(16)}`).toBeGreaterThanOrEqual(info.cycles)
      const changesFlow = ["JMP", "JSR", "RTS", "RTI", "BRK"].includes(info.mnemonic) || info.mode === Mode.relative
      if (!changesFlow) expect(cpu.pc, info.mnemonic).toBe(ORIGIN + 1 + OPERAND_BYTES[info.mode])
    }
  })

  it("runs every undocumented opcode but the twelve KIL opcodes, in at least its base cycles", () => {
    const running = UNDOCUMENTED_OPCODES.filter((info) => !JAM_OPCODES.includes(info.opcode))
    expect(running.length + JAM_OPCODES.length).toBe(105)
    for (const info of running) {
      const cpu = cpuWith([info.opcode, 0x00, 0x00])
      const cycles = cpu.step()
      expect(cpu.jam, `${info.mnemonic} $${info.opcode.toString(16)}`).toBeNull()
      expect(cycles).toBeGreaterThanOrEqual(info.cycles)
      expect(cpu.pc).toBe(ORIGIN + 1 + OPERAND_BYTES[info.mode])
    }
  })

  it("covers all 256 opcodes between the documented and undocumented tables", () => {
    const opcodes = new Set([...OPCODES, ...UNDOCUMENTED_OPCODES].map((info) => info.opcode))
    expect(opcodes.size).toBe(256)
  })

  it("reads the JSR target's high byte after the pushes, so a stack over the operand redirects it", () => {
    const cpu = new Cpu6502()
    cpu.memory.set([0x20, 0x34, 0x12], 0x01fc) // JSR $1234, with the stack pointer at $01FE
    cpu.pc = 0x01fc
    cpu.sp = 0xfe
    cpu.step()
    // The push of the return address's high byte ($01) lands on the operand's high byte.
    expect(cpu.pc).toBe(0x0134)
  })

  it("reads P with B clear while a pushed copy has B set", () => {
    const cpu = cpuWith([0x08]) // PHP
    cpu.sp = 0xff
    cpu.step()
    expect(cpu.p & FLAG_B).toBe(0)
    expect(cpu.memory[0x01ff]! & FLAG_B).toBe(FLAG_B)
  })

  it("jams on an undocumented opcode and reports its address", () => {
    const cpu = cpuWith([0xea, 0x02]) // NOP; KIL
    steps(cpu, 2)
    expect(cpu.jam).toEqual({ address: 0x0201, opcode: 0x02 })
    expect(cpu.pc).toBe(0x0201)
  })
})

describe("6502 idle loops", () => {
  it("counts the repetitions of a jump to itself at once, as many cycles as running them would take", () => {
    const skipped = cpuWith([0x4c, 0x00, 0x02]) // JMP $0200
    expect(skipped.run(1000)).toBe(1002)
    expect(skipped.pc).toBe(ORIGIN)
    const stepped = cpuWith([0x4c, 0x00, 0x02])
    let cycles = 0
    while (cycles < 1000) cycles += stepped.step()
    expect(cycles).toBe(1002)
  })

  it("still takes an interrupt raised while it idles", () => {
    const cpu = cpuWith([0x58, 0x4c, 0x01, 0x02]) // CLI; JMP $0201
    cpu.run(500)
    cpu.setIrq(1, true)
    cpu.run(10)
    expect(cpu.pc).toBe(0x9000)
  })
})
