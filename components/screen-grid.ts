// A screen of cells drawn the way OpenTUI draws the app's lines and pane frames, without OpenTUI:
// the first screen (first-screen.ts) is drawn on it and written to the terminal as ANSI before
// OpenTUI and React load. Colours are the themes' tokens: "#rrggbb", or the monochrome theme's
// markers for the terminal's own colours.
import type { LineSpec, Segment } from "./line.tsx"
import { fitSegments, textWidth } from "./text-fit.ts"
import { TextAttributes } from "./theme/text-attributes.ts"

/** The monochrome theme's colours here: the terminal's own foreground and background. */
export const TERMINAL_FG = "terminal-fg"
export const TERMINAL_BG = "terminal-bg"

export interface Cell {
  /** One character (a grapheme cluster); "" in the second column of a wide one. */
  char: string
  fg: string
  bg: string
  attributes: number
}

export interface Style {
  fg: string
  bg: string
  attributes: number
}

const BORDERS = {
  rounded: { topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯", horizontal: "─", vertical: "│" },
  heavy: { topLeft: "┏", topRight: "┓", bottomLeft: "┗", bottomRight: "┛", horizontal: "━", vertical: "┃" },
} as const

export type GridBorder = keyof typeof BORDERS

/** A mark that joins the character before it (an accent, a variation selector, a skin tone, a joiner, a flag's half, a tag). */
const JOINS = /[\p{M}\u200D\u{1F3FB}-\u{1F3FF}\u{1F1E6}-\u{1F1FF}\u{E0020}-\u{E007F}]/u
let segmenter: Intl.Segmenter | null = null

/**
 * The characters of `text` as the terminal's cells take them: a grapheme cluster (an emoji with
 * its skin tone, a letter with its accent) is one character, as OpenTUI draws it. Text without a
 * joining mark (nearly all) is the string itself, taken a code point at a time.
 */
function characters(text: string): Iterable<string> {
  if (!JOINS.test(text)) return text
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" })
  return Array.from(segmenter.segment(text), (part) => part.segment)
}

export class ScreenGrid {
  readonly rows: Cell[][]

  constructor(
    readonly width: number,
    readonly height: number,
    fill: Style,
  ) {
    this.rows = Array.from({ length: height }, () => Array.from({ length: width }, () => ({ char: " ", ...fill })))
  }

  /** `text` from column `x` of row `y`, cut at `limit` (the grid's edge by default). */
  text(x: number, y: number, text: string, style: Style, limit = this.width): number {
    const row = this.rows[y]
    if (!row) return x
    for (const char of characters(text)) {
      const w = textWidth(char)
      if (w === 0) continue
      if (x + w > Math.min(limit, this.width)) break
      row[x] = { char, ...style }
      if (w === 2) row[x + 1] = { char: "", ...style }
      x += w
    }
    return x
  }

  /**
   * One line of segments as Line and Lines draw it (lineChunks): fitted to `width`, each segment
   * in its own colours or the line's; a segment with no background shows what is below.
   */
  line(x: number, y: number, width: number, line: LineSpec): void {
    const extra = line.inverse ? TextAttributes.INVERSE : 0
    let at = x
    for (const segment of fitSegments(line.segments, width)) {
      const bg = (segment.bg ?? line.bg) as string | undefined
      at = this.styledText(at, y, segment, { fg: (segment.fg ?? line.fg) as string, bg, attributes: (segment.attributes ?? 0) | extra }, x + width)
    }
  }

  private styledText(x: number, y: number, segment: Segment, style: { fg: string; bg: string | undefined; attributes: number }, limit: number): number {
    const row = this.rows[y]
    if (!row) return x
    for (const char of characters(segment.text)) {
      const w = textWidth(char)
      if (w === 0) continue
      if (x + w > Math.min(limit, this.width)) break
      const below = row[x]!.bg
      row[x] = { char, fg: style.fg, bg: style.bg ?? below, attributes: style.attributes }
      if (w === 2) row[x + 1] = { char: "", fg: style.fg, bg: style.bg ?? below, attributes: style.attributes }
      x += w
    }
    return x
  }

  /** A pane's border with its title on the top edge, as OpenTUI draws a box with `title`. */
  frame(x: number, y: number, width: number, height: number, border: GridBorder, borderColor: string, title: string, titleColor: string): void {
    const chars = BORDERS[border]
    const bg = (at: number, row: number) => this.rows[row]?.[at]?.bg ?? TERMINAL_BG
    const put = (at: number, row: number, char: string, fg = borderColor) => {
      if (this.rows[row] && at >= 0 && at < this.width) this.rows[row]![at] = { char, fg, bg: bg(at, row), attributes: 0 }
    }
    const right = x + width - 1
    const bottom = y + height - 1
    for (let at = x + 1; at < right; at++) {
      put(at, y, chars.horizontal)
      put(at, bottom, chars.horizontal)
    }
    for (let row = y + 1; row < bottom; row++) {
      put(x, row, chars.vertical)
      put(right, row, chars.vertical)
    }
    put(x, y, chars.topLeft)
    put(right, y, chars.topRight)
    put(x, bottom, chars.bottomLeft)
    put(right, bottom, chars.bottomRight)
    if (title && width > 4) {
      const row = this.rows[y]!
      let at = x + 2
      for (const char of characters(title)) {
        const w = textWidth(char)
        if (at + w > right - 1) break
        row[at] = { char, fg: titleColor, bg: bg(at, y), attributes: 0 }
        if (w === 2) row[at + 1] = { char: "", fg: titleColor, bg: bg(at, y), attributes: 0 }
        at += w
      }
    }
  }

  /** The grid as the terminal shows it, one string per row (for tests and logs). */
  lines(): string[] {
    return this.rows.map((row) => row.map((cell) => cell.char).join(""))
  }
}

/** How colours are written: 24-bit, or the nearest of the 256 (a terminal that does not say COLORTERM=truecolor). */
export type ColorDepth = "truecolor" | "256"

export function colorDepth(env: NodeJS.ProcessEnv): ColorDepth {
  return env.COLORTERM === "truecolor" || env.COLORTERM === "24bit" ? "truecolor" : "256"
}

function sgrColor(color: string, background: boolean, depth: ColorDepth): string {
  if (color === TERMINAL_FG || color === TERMINAL_BG || !/^#[0-9a-f]{6}$/i.test(color)) return background ? "49" : "39"
  const r = Number.parseInt(color.slice(1, 3), 16)
  const g = Number.parseInt(color.slice(3, 5), 16)
  const b = Number.parseInt(color.slice(5, 7), 16)
  const lead = background ? "48" : "38"
  return depth === "truecolor" ? `${lead};2;${r};${g};${b}` : `${lead};5;${nearest256(r, g, b)}`
}

const CUBE_LEVELS = [0, 95, 135, 175, 215, 255]

/** A cube level's index (0, 95, 135, 175, 215, 255): the nearest, the lower one on a tie. */
function cubeStep(v: number): number {
  return v <= 47 ? 0 : v <= 115 ? 1 : Math.min(5, Math.ceil((v - 35) / 40) - 1)
}

/** The xterm 256-colour index nearest to an RGB colour: the 6×6×6 cube or the grey ramp. */
export function nearest256(r: number, g: number, b: number): number {
  const levels = CUBE_LEVELS
  const [cr, cg, cb] = [cubeStep(r), cubeStep(g), cubeStep(b)]
  const cube = 16 + 36 * cr + 6 * cg + cb
  const cubeDistance = (levels[cr]! - r) ** 2 + (levels[cg]! - g) ** 2 + (levels[cb]! - b) ** 2
  const grey = Math.max(0, Math.min(23, Math.round(((r + g + b) / 3 - 8) / 10)))
  const greyLevel = 8 + grey * 10
  const greyDistance = (greyLevel - r) ** 2 + (greyLevel - g) ** 2 + (greyLevel - b) ** 2
  return greyDistance < cubeDistance ? 232 + grey : cube
}

const ATTRIBUTE_CODES: Array<[number, string]> = [
  [TextAttributes.BOLD, "1"],
  [TextAttributes.DIM, "2"],
  [TextAttributes.ITALIC, "3"],
  [TextAttributes.UNDERLINE, "4"],
  [TextAttributes.BLINK, "5"],
  [TextAttributes.INVERSE, "7"],
  [TextAttributes.HIDDEN, "8"],
  [TextAttributes.STRIKETHROUGH, "9"],
]

/** The grid as one write to the terminal: each row from its first column, a style change only where the style changes. */
export function gridToAnsi(grid: ScreenGrid, depth: ColorDepth): string {
  const sgr = new Map<string, string>()
  const styleOf = (cell: Cell) => {
    const key = `${cell.fg} ${cell.bg} ${cell.attributes}`
    let codes = sgr.get(key)
    if (codes === undefined) {
      codes = "0"
      for (const [bit, code] of ATTRIBUTE_CODES) if (cell.attributes & bit) codes += `;${code}`
      codes = `\x1b[${codes};${sgrColor(cell.fg, false, depth)};${sgrColor(cell.bg, true, depth)}m`
      sgr.set(key, codes)
    }
    return codes
  }
  const parts: string[] = []
  for (let y = 0; y < grid.rows.length; y++) {
    parts.push(`\x1b[${y + 1};1H`)
    let last: Cell | null = null
    for (const cell of grid.rows[y]!) {
      if (cell.char === "") continue
      if (last === null || cell.fg !== last.fg || cell.bg !== last.bg || cell.attributes !== last.attributes) parts.push(styleOf(cell))
      parts.push(cell.char)
      last = cell
    }
  }
  parts.push("\x1b[0m")
  return parts.join("")
}
