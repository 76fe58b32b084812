import { describe, expect, it } from "vitest"
import { CONTROL_GLYPH, decodeByte, defaultDecoding, formatHexRow, hexRows, petsciiToChar, petsciiToScreenCode } from "../../src/tui/c64-hex-view.ts"

const bytes = (...values: number[]) => Uint8Array.from(values)

describe("the C64 hex view", () => {
  it("decodes screen codes as the VIC draws them", () => {
    const title = bytes(0x14, 0x13, 0x0b, 0x20, 0x04, 0x05, 0x0d, 0x0f)
    expect([...title].map((b) => decodeByte(b, "screen")).join("")).toBe("TSK DEMO")
    expect(decodeByte(0x00, "screen")).toBe("@")
    expect(decodeByte(0x1c, "screen")).toBe("£")
    expect(decodeByte(0x51, "screen")).toBe("●")
    expect(decodeByte(0x94, "screen")).toBe("T") // reverse video reads as the plain glyph
  })

  it("decodes PETSCII as the KERNAL prints it, with a dot for control codes", () => {
    expect([...bytes(0x48, 0x45, 0x4c, 0x4c, 0x4f, 0x21)].map(petsciiToChar).join("")).toBe("HELLO!")
    expect(petsciiToChar(0x5c)).toBe("£")
    expect(petsciiToChar(0xc1)).toBe("♠") // shifted A in the upper-case/graphics set
    expect(petsciiToChar(0x61)).toBe("♠") // $60-$7F repeat $C0-$DF
    expect(petsciiToChar(0xff)).toBe("π")
    expect(petsciiToChar(0x0d)).toBe(CONTROL_GLYPH)
    expect(petsciiToChar(0x93)).toBe(CONTROL_GLYPH)
  })

  it("maps every printable PETSCII code onto the screen code of the same glyph", () => {
    expect(petsciiToScreenCode(0x41)).toBe(0x01)
    expect(petsciiToScreenCode(0x31)).toBe(0x31)
    expect(petsciiToScreenCode(0xa0)).toBe(0x60)
    expect(petsciiToScreenCode(0xe1)).toBe(0x61)
    expect(petsciiToScreenCode(0x1f)).toBeNull()
  })

  it("reads screen memory as screen codes and everything else as PETSCII", () => {
    expect(defaultDecoding(0x0400)).toBe("screen")
    expect(defaultDecoding(0x07f8)).toBe("screen")
    expect(defaultDecoding(0x0800)).toBe("petscii")
    expect(defaultDecoding(0xd000)).toBe("petscii")
  })

  it("lays out 16 bytes a row with the address, a gap after 8, and the decoded glyphs", () => {
    const sample = Uint8Array.from({ length: 20 }, (_, i) => 0x01 + i)
    const rows = hexRows(0x0400, sample, "screen")
    expect(rows.map(formatHexRow)).toEqual([
      "$0400  01 02 03 04 05 06 07 08  09 0A 0B 0C 0D 0E 0F 10 ABCDEFGHIJKLMNOP",
      "$0410  11 12 13 14                                      QRST",
    ])
  })
})
