// Reads the colours of screen cells from tmux's `capture-pane -e` output: each character with the
// foreground, background and reverse flag in force where it was drawn (SGR 30-49, 38;5, 38;2, 7).
export interface Cell {
  char: string
  fg: string
  bg: string
  reverse: boolean
}

export function parseSgrLine(line: string): Cell[] {
  const cells: Cell[] = []
  let fg = "default"
  let bg = "default"
  let reverse = false
  let i = 0
  while (i < line.length) {
    if (line[i] === "\x1b" && line[i + 1] === "[") {
      const end = line.indexOf("m", i)
      const codes = line.slice(i + 2, end).split(";").map((c) => (c === "" ? 0 : Number(c)))
      for (let k = 0; k < codes.length; k++) {
        const code = codes[k]!
        if (code === 0) [fg, bg, reverse] = ["default", "default", false]
        else if (code === 7) reverse = true
        else if (code === 27) reverse = false
        else if (code === 39) fg = "default"
        else if (code === 49) bg = "default"
        else if ((code >= 30 && code <= 37) || (code >= 90 && code <= 97)) fg = `c${code}`
        else if ((code >= 40 && code <= 47) || (code >= 100 && code <= 107)) bg = `c${code - 10}`
        else if (code === 38 || code === 48) {
          const value = codes[k + 1] === 5 ? `i${codes[k + 2]}` : `rgb${codes.slice(k + 2, k + 5).join(",")}`
          k += codes[k + 1] === 5 ? 2 : 4
          if (code === 38) fg = value
          else bg = value
        }
      }
      i = end + 1
      continue
    }
    const char = String.fromCodePoint(line.codePointAt(i)!)
    cells.push({ char, fg, bg, reverse })
    i += char.length
  }
  return cells
}

/** The colours a viewer sees: reverse video swaps them. */
export function seenColours(cell: Cell): { fg: string; bg: string } {
  return cell.reverse ? { fg: cell.bg, bg: cell.fg } : { fg: cell.fg, bg: cell.bg }
}
