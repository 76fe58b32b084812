// Fitting text into terminal columns (wide characters such as emoji count two).
import type { Segment } from "./line.tsx"

export function textWidth(text: string): number {
  return Bun.stringWidth(text)
}

/** Cut `text` to at most `width` columns, ending with "…" when cut. */
export function fitText(text: string, width: number): string {
  if (width <= 0) return ""
  if (textWidth(text) <= width) return text
  return cutText(text, width - 1) + "…"
}

/** The first `width` columns of `text`, without a mark (for callers that place their own). */
export function cutText(text: string, width: number): string {
  if (textWidth(text) <= width) return text
  let out = ""
  let used = 0
  for (const char of text) {
    const w = textWidth(char)
    if (used + w > width) break
    out += char
    used += w
  }
  return out
}

/** `text` cut or padded with spaces to exactly `width` columns. */
export function padText(text: string, width: number): string {
  const fitted = fitText(text, width)
  return fitted + " ".repeat(Math.max(0, width - textWidth(fitted)))
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
