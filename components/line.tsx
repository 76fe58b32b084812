// One terminal line made of coloured segments, padded to `width` so a background covers the row.
// The segments are one styled text (chunks), not a span each: at 10,000 tasks the list draws ~40
// such lines, and a span per segment made the first frame create hundreds of text nodes.
import type { ColorInput, MouseEvent } from "@opentui/core"
import { parseColor, StyledText, TextAttributes } from "@opentui/core"
import { cutText, textWidth } from "./text-fit.ts"

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

/** Cut segments to `width` columns in total and pad the rest with spaces; a cut ends with "…",
 * also when it falls exactly between two segments (a whole segment dropped must not vanish silently). */
export function fitSegments(segments: readonly Segment[], width: number): Segment[] {
  const visible = textWidth(segments.map((s) => s.text).join("").trimEnd())
  const cut = visible > width
  const limit = cut ? width - 1 : width
  const out: Segment[] = []
  let used = 0
  for (const segment of segments) {
    if (used >= limit) break
    const text = cutText(segment.text, limit - used)
    out.push({ ...segment, text })
    used += textWidth(text)
  }
  if (cut && width > 0) {
    out.push({ ...(out.at(-1) ?? {}), text: "…" })
    used += 1
  }
  if (used < width) out.push({ text: " ".repeat(width - used) })
  return out
}

export function Line(props: LineProps) {
  const extra = props.inverse ? TextAttributes.INVERSE : 0
  const content = new StyledText(
    fitSegments(props.segments, props.width).map((s) => {
      const bg = s.bg ?? props.bg
      return { __isChunk: true as const, text: s.text, fg: parseColor(s.fg ?? props.fg), bg: bg === undefined ? undefined : parseColor(bg), attributes: (s.attributes ?? 0) | extra }
    }),
  )
  return (
    <text height={1} fg={props.fg} bg={props.bg} wrapMode="none" content={content} onMouseDown={props.onClick ? (event: MouseEvent) => props.onClick!(event.x - (event.target?.x ?? 0)) : undefined} />
  )
}
