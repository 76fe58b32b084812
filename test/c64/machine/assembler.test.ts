import { describe, expect, it } from "vitest"
import { TskError } from "../../../src/domain/errors.ts"
import { assemble, toPrg } from "../../../src/c64/machine/assembler.ts"
import { Mode, OPCODES } from "../../../src/c64/machine/opcodes.ts"

/** The bytes of a single-segment program as hex pairs, for readable expectations. */
function hexOf(source: string): string {
  const [segment] = assemble(source).segments
  return Array.from(segment?.bytes ?? [], (byte) => byte.toString(16).padStart(2, "0")).join(" ")
}

const OPERAND_SYNTAX: Record<Mode, string> = {
  [Mode.implied]: "",
  [Mode.accumulator]: "a",
  [Mode.immediate]: "#$12",
  [Mode.zeroPage]: "$12",
  [Mode.zeroPageX]: "$12,x",
  [Mode.zeroPageY]: "$12,y",
  [Mode.absolute]: "$1234",
  [Mode.absoluteX]: "$1234,x",
  [Mode.absoluteY]: "$1234,y",
  [Mode.indirect]: "($1234)",
  [Mode.indexedIndirect]: "($12,x)",
  [Mode.indirectIndexed]: "($12),y",
  [Mode.relative]: "*+2",
}

describe("assembler", () => {
  it("encodes every documented opcode from its mnemonic and addressing mode", () => {
    for (const info of OPCODES) {
      const line = `${info.mnemonic} ${OPERAND_SYNTAX[info.mode]}`.trim()
      const bytes = assemble(`*= $1000\n ${line}`).segments[0]!.bytes
      expect(bytes[0], line).toBe(info.opcode)
    }
  })

  it("picks zero page for known small addresses and absolute for forward references", () => {
    expect(hexOf("*= $1000\n lda $10\n lda later\nlater = $10")).toBe("a5 10 ad 10 00")
  })

  it("encodes backward and forward branches relative to the next instruction", () => {
    expect(hexOf("*= $1000\nloop: dex\n bne loop\n beq done\n nop\ndone: rts")).toBe("ca d0 fd f0 01 ea 60")
  })

  it("rejects a branch more than 127 bytes away, naming the line", () => {
    const source = `*= $1000\n beq far\n *= $1100\nfar: rts`
    expect(() => assemble(source)).toThrow(/line 2: branch target/)
  })

  it("takes low and high bytes with < and >, and * is the current address", () => {
    expect(hexOf("*= $1234\n lda #<here\n ldx #>here\nhere: jmp *")).toBe("a9 38 a2 12 4c 38 12")
  })

  it("evaluates products before sums", () => {
    expect(hexOf("*= $1000\n .word $0400 + 2 * 40")).toBe("50 04")
  })

  it("writes .text as PETSCII and .screen as screen codes", () => {
    expect(hexOf('*= $1000\n .text "AZ09 "\n .screen "AZ09 @"')).toBe("41 5a 30 39 20 01 1a 30 39 20 00")
  })

  it("keeps a semicolon inside a string instead of starting a comment", () => {
    expect(hexOf('*= $1000\n .text "A;B" ; comment')).toBe("41 3b 42")
  })

  it("reports an unknown instruction as an invalid TskError with its line", () => {
    let caught: unknown
    try {
      assemble("*= $1000\n nop\n frob #1")
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(TskError)
    expect((caught as TskError).kind).toBe("invalid")
    expect((caught as TskError).message).toContain("line 3")
  })

  it("rejects an addressing mode the instruction does not have", () => {
    expect(() => assemble("*= $1000\n stx $1234,x")).toThrow(/no such addressing mode/)
  })

  it("rejects an undefined symbol", () => {
    expect(() => assemble("*= $1000\n jmp nowhere")).toThrow(/undefined symbol/)
  })

  it("rejects code before an origin and labels defined twice", () => {
    expect(() => assemble(" nop")).toThrow(/\*= first/)
    expect(() => assemble("*= $1000\na: nop\na: nop")).toThrow(/defined twice/)
  })

  it("keeps one segment per origin and builds a PRG that fills the gap with zeros", () => {
    const result = assemble("*= $1000\n .byte 1\n*= $1003\n .byte 2")
    expect(result.segments.map((s) => s.address)).toEqual([0x1000, 0x1003])
    expect(Array.from(toPrg(result))).toEqual([0x00, 0x10, 1, 0, 0, 2])
  })

  it("rejects overlapping segments", () => {
    expect(() => assemble("*= $1000\n .byte 1, 2\n*= $1001\n .byte 3")).toThrow(/overlap/)
  })
})
