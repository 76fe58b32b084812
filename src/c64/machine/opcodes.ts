// The NMOS 6502 instruction set as data: one table that both the CPU core (addressing mode, base
// cycles, page-cross penalty per opcode) and the assembler (mnemonic + mode → opcode) read, so the
// two can never disagree about an encoding. The undocumented opcodes have their own table: the CPU
// runs them, the assembler does not offer them (several share a mnemonic and mode with another).

export const Mode = {
  implied: 0,
  accumulator: 1,
  immediate: 2,
  zeroPage: 3,
  zeroPageX: 4,
  zeroPageY: 5,
  absolute: 6,
  absoluteX: 7,
  absoluteY: 8,
  indirect: 9,
  indexedIndirect: 10, // (zp,X)
  indirectIndexed: 11, // (zp),Y
  relative: 12,
} as const
export type Mode = (typeof Mode)[keyof typeof Mode]

/** Operand bytes that follow the opcode, per addressing mode. */
export const OPERAND_BYTES: Readonly<Record<Mode, number>> = {
  [Mode.implied]: 0,
  [Mode.accumulator]: 0,
  [Mode.immediate]: 1,
  [Mode.zeroPage]: 1,
  [Mode.zeroPageX]: 1,
  [Mode.zeroPageY]: 1,
  [Mode.absolute]: 2,
  [Mode.absoluteX]: 2,
  [Mode.absoluteY]: 2,
  [Mode.indirect]: 2,
  [Mode.indexedIndirect]: 1,
  [Mode.indirectIndexed]: 1,
  [Mode.relative]: 1,
}

export interface OpcodeInfo {
  opcode: number
  mnemonic: string
  mode: Mode
  /** Cycles without page-cross or branch-taken extras. */
  cycles: number
  /** Reads through abs,X / abs,Y / (zp),Y cost one more cycle when the index crosses a page. */
  pageCrossPenalty: boolean
}

// [mnemonic, mode, opcode, cycles, page-cross penalty]
type Row = [string, Mode, number, number, boolean?]
const { implied, accumulator, immediate, zeroPage, zeroPageX, zeroPageY, absolute, absoluteX, absoluteY } = Mode
const { indirect, indexedIndirect, indirectIndexed, relative } = Mode

/** The eight-mode ALU group (ORA AND EOR ADC LDA CMP SBC) shares one layout at a base opcode. */
function aluGroup(mnemonic: string, base: number): Row[] {
  return [
    [mnemonic, indexedIndirect, base + 0x01, 6],
    [mnemonic, zeroPage, base + 0x05, 3],
    [mnemonic, immediate, base + 0x09, 2],
    [mnemonic, absolute, base + 0x0d, 4],
    [mnemonic, indirectIndexed, base + 0x11, 5, true],
    [mnemonic, zeroPageX, base + 0x15, 4],
    [mnemonic, absoluteY, base + 0x19, 4, true],
    [mnemonic, absoluteX, base + 0x1d, 4, true],
  ]
}

/** Shifts, rotates, INC and DEC: read-modify-write, never a page-cross discount. */
function rmwGroup(mnemonic: string, base: number, hasAccumulator: boolean): Row[] {
  const rows: Row[] = [
    [mnemonic, zeroPage, base + 0x06, 5],
    [mnemonic, absolute, base + 0x0e, 6],
    [mnemonic, zeroPageX, base + 0x16, 6],
    [mnemonic, absoluteX, base + 0x1e, 7],
  ]
  if (hasAccumulator) rows.push([mnemonic, accumulator, base + 0x0a, 2])
  return rows
}

const rows: Row[] = [
  ...aluGroup("ORA", 0x00),
  ...aluGroup("AND", 0x20),
  ...aluGroup("EOR", 0x40),
  ...aluGroup("ADC", 0x60),
  ...aluGroup("LDA", 0xa0),
  ...aluGroup("CMP", 0xc0),
  ...aluGroup("SBC", 0xe0),
  // STA has no immediate form and its indexed stores always take the extra cycle.
  ["STA", indexedIndirect, 0x81, 6],
  ["STA", zeroPage, 0x85, 3],
  ["STA", absolute, 0x8d, 4],
  ["STA", indirectIndexed, 0x91, 6],
  ["STA", zeroPageX, 0x95, 4],
  ["STA", absoluteY, 0x99, 5],
  ["STA", absoluteX, 0x9d, 5],
  ...rmwGroup("ASL", 0x00, true),
  ...rmwGroup("ROL", 0x20, true),
  ...rmwGroup("LSR", 0x40, true),
  ...rmwGroup("ROR", 0x60, true),
  ...rmwGroup("DEC", 0xc0, false),
  ...rmwGroup("INC", 0xe0, false),
  ["LDX", immediate, 0xa2, 2],
  ["LDX", zeroPage, 0xa6, 3],
  ["LDX", absolute, 0xae, 4],
  ["LDX", zeroPageY, 0xb6, 4],
  ["LDX", absoluteY, 0xbe, 4, true],
  ["LDY", immediate, 0xa0, 2],
  ["LDY", zeroPage, 0xa4, 3],
  ["LDY", absolute, 0xac, 4],
  ["LDY", zeroPageX, 0xb4, 4],
  ["LDY", absoluteX, 0xbc, 4, true],
  ["STX", zeroPage, 0x86, 3],
  ["STX", absolute, 0x8e, 4],
  ["STX", zeroPageY, 0x96, 4],
  ["STY", zeroPage, 0x84, 3],
  ["STY", absolute, 0x8c, 4],
  ["STY", zeroPageX, 0x94, 4],
  ["CPX", immediate, 0xe0, 2],
  ["CPX", zeroPage, 0xe4, 3],
  ["CPX", absolute, 0xec, 4],
  ["CPY", immediate, 0xc0, 2],
  ["CPY", zeroPage, 0xc4, 3],
  ["CPY", absolute, 0xcc, 4],
  ["BIT", zeroPage, 0x24, 3],
  ["BIT", absolute, 0x2c, 4],
  ["BPL", relative, 0x10, 2],
  ["BMI", relative, 0x30, 2],
  ["BVC", relative, 0x50, 2],
  ["BVS", relative, 0x70, 2],
  ["BCC", relative, 0x90, 2],
  ["BCS", relative, 0xb0, 2],
  ["BNE", relative, 0xd0, 2],
  ["BEQ", relative, 0xf0, 2],
  ["JMP", absolute, 0x4c, 3],
  ["JMP", indirect, 0x6c, 5],
  ["JSR", absolute, 0x20, 6],
  ["RTS", implied, 0x60, 6],
  ["RTI", implied, 0x40, 6],
  ["BRK", implied, 0x00, 7],
  ["PHP", implied, 0x08, 3],
  ["PLP", implied, 0x28, 4],
  ["PHA", implied, 0x48, 3],
  ["PLA", implied, 0x68, 4],
  ["CLC", implied, 0x18, 2],
  ["SEC", implied, 0x38, 2],
  ["CLI", implied, 0x58, 2],
  ["SEI", implied, 0x78, 2],
  ["CLV", implied, 0xb8, 2],
  ["CLD", implied, 0xd8, 2],
  ["SED", implied, 0xf8, 2],
  ["DEY", implied, 0x88, 2],
  ["DEX", implied, 0xca, 2],
  ["INY", implied, 0xc8, 2],
  ["INX", implied, 0xe8, 2],
  ["TXA", implied, 0x8a, 2],
  ["TYA", implied, 0x98, 2],
  ["TXS", implied, 0x9a, 2],
  ["TAY", implied, 0xa8, 2],
  ["TAX", implied, 0xaa, 2],
  ["TSX", implied, 0xba, 2],
  ["NOP", implied, 0xea, 2],
]

export const OPCODES: readonly OpcodeInfo[] = rows.map(toInfo)

/** The read-modify-write group (SLO RLA SRE RRA DCP ISC): seven modes, fixed cycles. */
function undocumentedRmwGroup(mnemonic: string, base: number): Row[] {
  return [
    [mnemonic, indexedIndirect, base + 0x03, 8],
    [mnemonic, zeroPage, base + 0x07, 5],
    [mnemonic, absolute, base + 0x0f, 6],
    [mnemonic, indirectIndexed, base + 0x13, 8],
    [mnemonic, zeroPageX, base + 0x17, 6],
    [mnemonic, absoluteY, base + 0x1b, 7],
    [mnemonic, absoluteX, base + 0x1f, 7],
  ]
}

/** The twelve opcodes that stop the real chip until reset (KIL/JAM). */
export const JAM_OPCODES: readonly number[] = [0x02, 0x12, 0x22, 0x32, 0x42, 0x52, 0x62, 0x72, 0x92, 0xb2, 0xd2, 0xf2]

const undocumentedRows: Row[] = [
  ...undocumentedRmwGroup("SLO", 0x00),
  ...undocumentedRmwGroup("RLA", 0x20),
  ...undocumentedRmwGroup("SRE", 0x40),
  ...undocumentedRmwGroup("RRA", 0x60),
  ...undocumentedRmwGroup("DCP", 0xc0),
  ...undocumentedRmwGroup("ISC", 0xe0),
  ["SAX", indexedIndirect, 0x83, 6],
  ["SAX", zeroPage, 0x87, 3],
  ["SAX", absolute, 0x8f, 4],
  ["SAX", zeroPageY, 0x97, 4],
  ["LAX", indexedIndirect, 0xa3, 6],
  ["LAX", zeroPage, 0xa7, 3],
  ["LAX", absolute, 0xaf, 4],
  ["LAX", indirectIndexed, 0xb3, 5, true],
  ["LAX", zeroPageY, 0xb7, 4],
  ["LAX", absoluteY, 0xbf, 4, true],
  ["LXA", immediate, 0xab, 2],
  ["ANC", immediate, 0x0b, 2],
  ["ANC", immediate, 0x2b, 2],
  ["ALR", immediate, 0x4b, 2],
  ["ARR", immediate, 0x6b, 2],
  ["XAA", immediate, 0x8b, 2],
  ["SBX", immediate, 0xcb, 2],
  ["SBC", immediate, 0xeb, 2],
  // The stores that AND with the address's high byte + 1 always take the indexed extra cycle.
  ["SHA", indirectIndexed, 0x93, 6],
  ["SHA", absoluteY, 0x9f, 5],
  ["SHY", absoluteX, 0x9c, 5],
  ["SHX", absoluteY, 0x9e, 5],
  ["TAS", absoluteY, 0x9b, 5],
  ["LAS", absoluteY, 0xbb, 4, true],
  ...[0x1a, 0x3a, 0x5a, 0x7a, 0xda, 0xfa].map((opcode): Row => ["NOP", implied, opcode, 2]),
  ...[0x80, 0x82, 0x89, 0xc2, 0xe2].map((opcode): Row => ["NOP", immediate, opcode, 2]),
  ...[0x04, 0x44, 0x64].map((opcode): Row => ["NOP", zeroPage, opcode, 3]),
  ...[0x14, 0x34, 0x54, 0x74, 0xd4, 0xf4].map((opcode): Row => ["NOP", zeroPageX, opcode, 4]),
  ["NOP", absolute, 0x0c, 4],
  ...[0x1c, 0x3c, 0x5c, 0x7c, 0xdc, 0xfc].map((opcode): Row => ["NOP", absoluteX, opcode, 4, true]),
  ...JAM_OPCODES.map((opcode): Row => ["JAM", implied, opcode, 2]),
]

function toInfo([mnemonic, mode, opcode, cycles, penalty]: Row): OpcodeInfo {
  return { opcode, mnemonic, mode, cycles, pageCrossPenalty: penalty === true }
}

/** The 105 opcodes the documentation leaves out, as the NMOS chip runs them. */
export const UNDOCUMENTED_OPCODES: readonly OpcodeInfo[] = undocumentedRows.map(toInfo)

/** Per-opcode lookups for the CPU's hot loop, all 256 opcodes. */
export const MODE_OF = new Uint8Array(256)
export const CYCLES_OF = new Uint8Array(256)
export const PENALTY_OF = new Uint8Array(256)
for (const info of [...OPCODES, ...UNDOCUMENTED_OPCODES]) {
  MODE_OF[info.opcode] = info.mode
  CYCLES_OF[info.opcode] = info.cycles
  PENALTY_OF[info.opcode] = info.pageCrossPenalty ? 1 : 0
}
