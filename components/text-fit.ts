// Fitting text into terminal columns (wide characters such as emoji count two).
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
