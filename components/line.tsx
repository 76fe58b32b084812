// One terminal line made of coloured segments, padded to `width` so a background covers the row.
// The segments are one styled text (chunks), not a span each: at 10,000 tasks the list draws ~40
// such lines, and a span per segment made the first frame create hundreds of text nodes. A pane of
// such lines (the task list, the detail) is one text of many lines (Lines): each text renderable
// costs a few tenths of a millisecond to create, and the first frame had ~70 of them.
import type { ColorInput, MouseEvent, RGBA, TextChunk } from "@opentui/core"
import { parseColor, StyledText, TextAttributes } from "@opentui/core"
import { fitSegments } from "./text-fit.ts"

export interface Segment {
  text: string
  fg?: ColorInput
  bg?: ColorInput
  attributes?: number
}

export interface LineProps {
  segments: readonly Segment[]
  width: number
  fg: ColorInput
  bg?: ColorInput
  /** Draw the whole line inverse (the selection in the monochrome theme). */
  inverse?: boolean
  /** A click on the line; `column` counts from the line's left edge. */
  onClick?(column: number): void
}

/**
 * A colour as OpenTUI takes it, each theme colour (a hex string) parsed once: the first frame
 * parsed ~300 of them (~2 ms while the code is cold). The RGBA is shared by every chunk of that
 * colour, as the monochrome theme's RGBA tokens always were.
 */
const parsedColors = new Map<string, RGBA>()
function colorOf(color: ColorInput): RGBA {
  if (typeof color !== "string") return parseColor(color)
  let parsed = parsedColors.get(color)
  if (!parsed) parsedColors.set(color, (parsed = parseColor(color)))
  return parsed
}

/**
 * The chunks of one line: its segments fitted to `width`, each coloured (the line's fg and bg
 * unless the segment sets its own), neighbours of one style as one chunk. OpenTUI packs each chunk
 * for its native side one by one (~25 µs each while the code is cold): the list's first frame
 * drew ~290 of them, and ~7 ms of it went to that.
 */
export function lineChunks(line: LineSpec, width: number): TextChunk[] {
  const extra = line.inverse ? TextAttributes.INVERSE : 0
  const chunks: TextChunk[] = []
  let last: { fg: ColorInput; bg: ColorInput | undefined; attributes: number } | null = null
  for (const s of fitSegments(line.segments, width)) {
    const style = { fg: s.fg ?? line.fg, bg: s.bg ?? line.bg, attributes: (s.attributes ?? 0) | extra }
    // The same theme tokens (strings or RGBA objects) in the same order: one style.
    if (last && last.fg === style.fg && last.bg === style.bg && last.attributes === style.attributes) {
      chunks[chunks.length - 1]!.text += s.text
      continue
    }
    chunks.push({ __isChunk: true, text: s.text, fg: colorOf(style.fg), bg: style.bg === undefined ? undefined : colorOf(style.bg), attributes: style.attributes })
    last = style
  }
  return chunks
}

export function Line(props: LineProps) {
  const content = new StyledText(lineChunks(props, props.width))
  return (
    <text height={1} fg={props.fg} bg={props.bg} wrapMode="none" content={content} onMouseDown={props.onClick ? (event: MouseEvent) => props.onClick!(event.x - (event.target?.x ?? 0)) : undefined} />
  )
}

/** One line of a Lines block: its segments and the colours of what they leave unset. */
export interface LineSpec {
  segments: readonly Segment[]
  fg: ColorInput
  bg?: ColorInput
  /** Draw the whole line inverse (the selection in the monochrome theme). */
  inverse?: boolean
}

export interface LinesProps {
  lines: readonly LineSpec[]
  width: number
  /** A click on a line; `row` counts from the first line, `column` from the left edge. */
  onClick?(row: number, column: number): void
}

/**
 * The chunks of lines one under another: each line's line break ends its last chunk (a chunk of
 * its own per line break was an eighth of the list's chunks).
 */
export function linesChunks(lines: readonly LineSpec[], width: number): TextChunk[] {
  const chunks: TextChunk[] = []
  lines.forEach((line, i) => {
    if (i > 0) {
      const previous = chunks.at(-1)
      if (previous) previous.text += "\n"
      else chunks.push({ __isChunk: true, text: "\n" })
    }
    chunks.push(...lineChunks(line, width))
  })
  return chunks
}

/** Lines one under another, each as Line draws it, as one text renderable. */
export function Lines(props: LinesProps) {
  const chunks = linesChunks(props.lines, props.width)
  const onClick = props.onClick
  return (
    <text
      height={props.lines.length}
      wrapMode="none"
      content={new StyledText(chunks)}
      onMouseDown={onClick ? (event: MouseEvent) => onClick(event.y - (event.target?.y ?? 0), event.x - (event.target?.x ?? 0)) : undefined}
    />
  )
}
