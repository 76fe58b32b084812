// Screen codes (what the VIC reads from screen memory, not PETSCII) to text. Codes 128-255 are
// the reverse-video forms of 0-127 and read the same. Graphics glyphs map to their nearest
// Unicode look-alikes so a screen dump stays one character per cell.
export const SCREEN_ADDRESS = 0x0400
export const SCREEN_COLUMNS = 40
export const SCREEN_ROWS = 25
export const SCREEN_SIZE = SCREEN_COLUMNS * SCREEN_ROWS

const UPPER_0_31 = "@ABCDEFGHIJKLMNOPQRSTUVWXYZ[£]↑←"
const LOWER_0_31 = "@abcdefghijklmnopqrstuvwxyz[£]↑←"
// 32-63 are ASCII 32-63 in both sets.
const GRAPHICS_64_95 = "─♠│─────│╮╰╯└╲╱┌┐●▁♥▏╭╳○♣▕♦┼▒│π◥"
const SHIFTED_64_95 = "─ABCDEFGHIJKLMNOPQRSTUVWXYZ┼▒│▒▒"
const GRAPHICS_96_127 = " ▌▄▔▁▏▒▕▒◤▕├▗└┐▂┌┴┬┤▎▍▕▔▀▃✓▖▝┘▘▚"

export type Charset = "upper" | "lower"

export function screenCodeToChar(code: number, charset: Charset = "upper"): string {
  const c = code & 0x7f
  if (c < 32) return (charset === "upper" ? UPPER_0_31 : LOWER_0_31)[c]!
  if (c < 64) return String.fromCharCode(c)
  if (c < 96) return [...(charset === "upper" ? GRAPHICS_64_95 : SHIFTED_64_95)][c - 64]!
  return [...GRAPHICS_96_127][c - 96]!
}

/** Screen memory → rows of text, `columns` characters each, trailing spaces kept. */
export function decodeScreen(bytes: Uint8Array, columns = SCREEN_COLUMNS, charset: Charset = "upper"): string[] {
  const rows: string[] = []
  for (let start = 0; start < bytes.length; start += columns) {
    let row = ""
    for (const code of bytes.subarray(start, start + columns)) row += screenCodeToChar(code, charset)
    rows.push(row)
  }
  return rows
}

/** The inverse for letters, digits and punctuation, to put text on a screen in tests and demos. */
export function textToScreenCodes(text: string): Uint8Array {
  return Uint8Array.from([...text.toUpperCase()], (ch) => {
    const code = ch.charCodeAt(0)
    if (ch === "@") return 0
    if (code >= 65 && code <= 90) return code - 64
    if (code >= 32 && code < 64) return code
    return 32
  })
}

/**
 * Where `text` appears on the screen (case-insensitive, reverse video ignored), searching the
 * screen as one run of characters because a line of text may wrap onto the next row.
 */
export function findTextOnScreen(rows: string[], text: string): { row: number; column: number } | null {
  const columns = rows[0]?.length ?? SCREEN_COLUMNS
  const index = rows.join("").toLowerCase().indexOf(text.toLowerCase())
  if (index < 0 || text.length === 0) return null
  return { row: Math.floor(index / columns), column: index % columns }
}
