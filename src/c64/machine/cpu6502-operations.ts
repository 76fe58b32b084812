// What each instruction does, as the statements the generator (generate-cpu6502-run.ts) writes into
// the run loop's second switch, one case per entry with every opcode of that mnemonic (opcodes.ts
// says which opcodes those are). A key is a mnemonic, or a mnemonic and an addressing mode when
// the forms differ ("ASL accumulator" before "ASL"); an opcode takes the entry naming its mode if
// there is one. JAM has no entry: it is the switch's default. The statements see the loop's locals
// (registers `a x y sp pc`, flags `c zeroSource i d v negativeSource`, `address`, `cycles`, `end`,
// `opcodeAddress`, `mem`, `ioPages`, `bus`, `read`, `write`) and the names cpu6502-alu.ts exports.

export interface OperationGroup {
  /** Written above the group's cases as a comment. */
  heading: string
  operations: Readonly<Record<string, string>>
}

/** ADC, SBC, RRA, ISC and ARR return their results packed (see cpu6502-alu.ts): unpack them. */
const UNPACK = `
    a = packed & 0xff
    c = (packed >> PACK_C) & 1
    v = (packed >> PACK_V) & 1
    zeroSource = (packed >> PACK_Z) & 0xff
    negativeSource = ((packed >> PACK_N) & 1) << 7`

/** Read-modify-write reads the old value and writes it back before the new one (see the heading). */
const READ_AND_WRITE_BACK = `
    const value = read(address)
    if (ioPages[address >>> 8] !== 0) bus.writeIo(address, value)`

const PULL_STATUS = `
    const status = mem[0x100 | sp]!
    c = status & FLAG_C
    zeroSource = status & FLAG_Z ? 0 : 1
    i = (status >> 2) & 1
    d = (status >> 3) & 1
    v = (status >> 6) & 1
    negativeSource = status & FLAG_N`

function compare(register: string): string {
  return `
    const difference = ${register} - read(address)
    c = difference >= 0 ? 1 : 0
    zeroSource = negativeSource = difference & 0xff`
}

function branchIf(condition: string): string {
  return `
    if (${condition}) {
      cycles += (pc ^ address) & 0xff00 ? 2 : 1
      pc = address
    }`
}

export const OPERATION_GROUPS: readonly OperationGroup[] = [
  {
    heading: "Loads and stores",
    operations: {
      LDA: "a = zeroSource = negativeSource = read(address)",
      LDX: "x = zeroSource = negativeSource = read(address)",
      LDY: "y = zeroSource = negativeSource = read(address)",
      STA: "write(address, a)",
      STX: "write(address, x)",
      STY: "write(address, y)",
    },
  },
  {
    heading: "Arithmetic and logic",
    operations: {
      ADC: `
    const packed = addWithCarry(a, read(address), c, d)${UNPACK}`,
      SBC: `
    const packed = subtractWithBorrow(a, read(address), c, d)${UNPACK}`,
      AND: "a = zeroSource = negativeSource = a & read(address)",
      ORA: "a = zeroSource = negativeSource = a | read(address)",
      EOR: "a = zeroSource = negativeSource = a ^ read(address)",
      CMP: compare("a"),
      CPX: compare("x"),
      CPY: compare("y"),
      BIT: `
    const value = read(address)
    zeroSource = a & value
    negativeSource = value
    v = (value >> 6) & 1`,
    },
  },
  {
    heading: "Shifts and rotates on A",
    operations: {
      "ASL accumulator": `
    c = a >> 7
    a = zeroSource = negativeSource = (a << 1) & 0xff`,
      "LSR accumulator": `
    c = a & 1
    a = zeroSource = negativeSource = a >> 1`,
      "ROL accumulator": `
    const result = ((a << 1) | c) & 0xff
    c = a >> 7
    a = zeroSource = negativeSource = result`,
      "ROR accumulator": `
    const result = (a >> 1) | (c << 7)
    c = a & 1
    a = zeroSource = negativeSource = result`,
    },
  },
  {
    heading:
      "Read-modify-write on memory. The NMOS chip writes the old value back before the new one,\n" +
      "which I/O registers can observe (INC $D019 acknowledges that way), so I/O sees both.",
    operations: {
      ASL: `${READ_AND_WRITE_BACK}
    c = value >> 7
    zeroSource = negativeSource = (value << 1) & 0xff
    write(address, zeroSource)`,
      LSR: `${READ_AND_WRITE_BACK}
    c = value & 1
    zeroSource = negativeSource = value >> 1
    write(address, zeroSource)`,
      ROL: `${READ_AND_WRITE_BACK}
    zeroSource = negativeSource = ((value << 1) | c) & 0xff
    c = value >> 7
    write(address, zeroSource)`,
      ROR: `${READ_AND_WRITE_BACK}
    zeroSource = negativeSource = (value >> 1) | (c << 7)
    c = value & 1
    write(address, zeroSource)`,
      INC: `${READ_AND_WRITE_BACK}
    zeroSource = negativeSource = (value + 1) & 0xff
    write(address, zeroSource)`,
      DEC: `${READ_AND_WRITE_BACK}
    zeroSource = negativeSource = (value - 1) & 0xff
    write(address, zeroSource)`,
    },
  },
  {
    heading: "Register increments, decrements and transfers",
    operations: {
      INX: "x = zeroSource = negativeSource = (x + 1) & 0xff",
      DEX: "x = zeroSource = negativeSource = (x - 1) & 0xff",
      INY: "y = zeroSource = negativeSource = (y + 1) & 0xff",
      DEY: "y = zeroSource = negativeSource = (y - 1) & 0xff",
      TAX: "x = zeroSource = negativeSource = a",
      TAY: "y = zeroSource = negativeSource = a",
      TXA: "a = zeroSource = negativeSource = x",
      TYA: "a = zeroSource = negativeSource = y",
      TSX: "x = zeroSource = negativeSource = sp",
      TXS: "sp = x",
    },
  },
  {
    heading: "Branches: one extra cycle when taken, another when the target is on a different page.",
    operations: {
      BPL: branchIf("(negativeSource & 0x80) === 0"),
      BMI: branchIf("(negativeSource & 0x80) !== 0"),
      BVC: branchIf("v === 0"),
      BVS: branchIf("v !== 0"),
      BCC: branchIf("c === 0"),
      BCS: branchIf("c !== 0"),
      BNE: branchIf("(zeroSource & 0xff) !== 0"),
      BEQ: branchIf("(zeroSource & 0xff) === 0"),
    },
  },
  {
    heading: "Jumps, subroutines and interrupts",
    operations: {
      "JMP absolute": `
    // A jump to itself (an idle loop) changes nothing until an interrupt, and only an I/O
    // event at \`end\` or later can raise one: the remaining repetitions are counted at once.
    if (address === opcodeAddress && cycles < end && this.attention === 0) cycles += Math.ceil((end - cycles) / 3) * 3
    pc = address`,
      "JMP indirect": "pc = address",
      JSR: `
    // JSR pushes the address of its own last byte; RTS adds the one back. The chip fetches
    // that last byte (the target's high byte) after the pushes, so a stack that overlaps the
    // operand changes where JSR goes.
    const returnAddress = (pc - 1) & 0xffff
    mem[0x100 | sp] = returnAddress >> 8
    sp = (sp - 1) & 0xff
    mem[0x100 | sp] = returnAddress & 0xff
    sp = (sp - 1) & 0xff
    pc = (address & 0xff) | (mem[returnAddress]! << 8)`,
      RTS: `
    sp = (sp + 1) & 0xff
    const low = mem[0x100 | sp]!
    sp = (sp + 1) & 0xff
    pc = ((low | (mem[0x100 | sp]! << 8)) + 1) & 0xffff`,
      BRK: `
    // BRK skips a padding byte and pushes the status with B set, then takes the IRQ vector.
    const returnAddress = (pc + 1) & 0xffff
    mem[0x100 | sp] = returnAddress >> 8
    sp = (sp - 1) & 0xff
    mem[0x100 | sp] = returnAddress & 0xff
    sp = (sp - 1) & 0xff
    mem[0x100 | sp] = packStatus(c, zeroSource, i, d, v, negativeSource) | FLAG_B
    sp = (sp - 1) & 0xff
    i = 1
    pc = mem[IRQ_VECTOR]! | (mem[IRQ_VECTOR + 1]! << 8)`,
      RTI: `
    sp = (sp + 1) & 0xff${PULL_STATUS}
    sp = (sp + 1) & 0xff
    const low = mem[0x100 | sp]!
    sp = (sp + 1) & 0xff
    pc = low | (mem[0x100 | sp]! << 8)`,
    },
  },
  {
    heading: "Stack",
    operations: {
      PHA: `
    mem[0x100 | sp] = a
    sp = (sp - 1) & 0xff`,
      PHP: `
    mem[0x100 | sp] = packStatus(c, zeroSource, i, d, v, negativeSource) | FLAG_B
    sp = (sp - 1) & 0xff`,
      PLA: `
    sp = (sp + 1) & 0xff
    a = zeroSource = negativeSource = mem[0x100 | sp]!`,
      PLP: `
    sp = (sp + 1) & 0xff${PULL_STATUS}`,
    },
  },
  {
    heading: "Flags",
    operations: {
      CLC: "c = 0",
      SEC: "c = 1",
      CLI: "i = 0",
      SEI: "i = 1",
      CLD: "d = 0",
      SED: "d = 1",
      CLV: "v = 0",
    },
  },
  {
    heading: "Undocumented: read-modify-write combined with an ALU operation (old value written first, as above).",
    operations: {
      SLO: `${READ_AND_WRITE_BACK}
    c = value >> 7
    const shifted = (value << 1) & 0xff
    write(address, shifted)
    a = zeroSource = negativeSource = a | shifted`,
      RLA: `${READ_AND_WRITE_BACK}
    const rotated = ((value << 1) | c) & 0xff
    c = value >> 7
    write(address, rotated)
    a = zeroSource = negativeSource = a & rotated`,
      SRE: `${READ_AND_WRITE_BACK}
    c = value & 1
    const shifted = value >> 1
    write(address, shifted)
    a = zeroSource = negativeSource = a ^ shifted`,
      RRA: `${READ_AND_WRITE_BACK}
    const rotated = (value >> 1) | (c << 7)
    write(address, rotated)
    const packed = addWithCarry(a, rotated, value & 1, d)${UNPACK}`,
      DCP: `${READ_AND_WRITE_BACK}
    const decremented = (value - 1) & 0xff
    write(address, decremented)
    const difference = a - decremented
    c = difference >= 0 ? 1 : 0
    zeroSource = negativeSource = difference & 0xff`,
      ISC: `${READ_AND_WRITE_BACK}
    const incremented = (value + 1) & 0xff
    write(address, incremented)
    const packed = subtractWithBorrow(a, incremented, c, d)${UNPACK}`,
    },
  },
  {
    heading: "Undocumented loads, stores and immediate operations",
    operations: {
      SAX: "write(address, a & x)",
      LAX: "a = x = zeroSource = negativeSource = read(address)",
      LXA: `
    // LXA (unstable): the usual model ORs A with the magic constant $EE before the AND.
    a = x = zeroSource = negativeSource = (a | 0xee) & read(address)`,
      XAA: `
    // XAA (unstable): same magic constant, then A = that & X & operand.
    a = zeroSource = negativeSource = (a | 0xee) & x & read(address)`,
      ANC: `
    a = zeroSource = negativeSource = a & read(address)
    c = a >> 7`,
      ALR: `
    const value = a & read(address)
    c = value & 1
    a = zeroSource = negativeSource = value >> 1`,
      ARR: `
    const packed = andRotateRight(a, read(address), c, d)${UNPACK}`,
      SBX: `
    const difference = (a & x) - read(address)
    c = difference >= 0 ? 1 : 0
    x = zeroSource = negativeSource = difference & 0xff`,
      SHA: "write(address, a & x & highByteMask(address))",
      SHX: "write(address, x & highByteMask(address))",
      SHY: "write(address, y & highByteMask(address))",
      TAS: `
    sp = a & x
    write(address, sp & highByteMask(address))`,
      LAS: "a = x = sp = zeroSource = negativeSource = read(address) & sp",
    },
  },
  {
    heading: "NOPs: the ones with an operand still read it (an I/O register can notice).",
    operations: {
      "NOP implied": "",
      NOP: "read(address)",
    },
  },
]
