// A sample as a hex dump: 16 bytes a row with the address, and the bytes decoded to readable
// glyphs. Bytes in screen memory are screen codes (what the VIC draws); elsewhere they are read as
// PETSCII (what the KERNAL prints). Both map onto the same glyphs through the screen code table.
import { formatAddress } from "../c64/operations/memory-text.ts"
import { screenCodeToChar } from "../c64/operations/screen-codes.ts"

export type C64Decoding = "screen" | "petscii"

export const HEX_ROW_BYTES = 16
/** The default screen memory ($0400-$07FF, with the sprite pointers at its end). */
export const SCREEN_MEMORY = { start: 0x0400, end: 0x07ff } as const
/** Shown for PETSCII control codes, which have no glyph. */
export const CONTROL_GLYPH = "·"

/** PETSCII → the screen code of the same glyph, or null for the control codes ($00-$1F, $80-$9F). */
export function petsciiToScreenCode(code: number): number | null {
  const c = code & 0xff
  if (c < 0x20 || (c >= 0x80 && c < 0xa0)) return null
  if (c < 0x40) return c
  if (c < 0x60) return c - 0x40
  if (c < 0x80) return c - 0x20
  if (c < 0xc0) return c - 0x40
  if (c < 0xff) return c - 0x80
  return 0x5e // π
}

export function petsciiToChar(code: number): string {
  const screen = petsciiToScreenCode(code)
  return screen === null ? CONTROL_GLYPH : screenCodeToChar(screen)
}

export function decodeByte(code: number, decoding: C64Decoding): string {
  return decoding === "screen" ? screenCodeToChar(code) : petsciiToChar(code)
}

/** Screen codes when the sample starts in screen memory, PETSCII otherwise. */
export function defaultDecoding(address: number): C64Decoding {
  return address >= SCREEN_MEMORY.start && address <= SCREEN_MEMORY.end ? "screen" : "petscii"
}

export function decodingLabel(decoding: C64Decoding): string {
  return decoding === "screen" ? "screen codes" : "PETSCII"
}

export interface HexRow {
  address: string
  /** `14 13 0B 20 04 05 0D 0F  20 20 …`, padded to a full row. */
  hex: string
  text: string
}

export function bytesOfHex(hex: string): Uint8Array {
  return Uint8Array.from(Buffer.from(hex, "hex"))
}

const HEX_WIDTH = HEX_ROW_BYTES * 3

export function hexRows(address: number, bytes: Uint8Array, decoding: C64Decoding): HexRow[] {
  const rows: HexRow[] = []
  for (let start = 0; start < bytes.length; start += HEX_ROW_BYTES) {
    const chunk = [...bytes.subarray(start, start + HEX_ROW_BYTES)]
    const hex = chunk.map((b, i) => `${i === HEX_ROW_BYTES / 2 ? " " : ""}${b.toString(16).toUpperCase().padStart(2, "0")}`).join(" ")
    rows.push({
      address: formatAddress((address + start) & 0xffff),
      hex: hex.padEnd(HEX_WIDTH),
      text: chunk.map((b) => decodeByte(b, decoding)).join(""),
    })
  }
  return rows
}

export function formatHexRow(row: HexRow): string {
  return `${row.address}  ${row.hex} ${row.text}`
}
