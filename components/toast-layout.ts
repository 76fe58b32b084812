// Where the toasts go: a band of one row just above the status bar, always there (like k9s's flash
// line or vim's message line), so a toast never draws over a pane's frame or the agent strip and
// the view never jumps as toasts come and go. It shows the newest toast, with how many others are
// still up ("+2 · M"), an error before the others; the message log (M) keeps every one. Dialogs are drawn above the band, so a
// toast never covers the dialog or the field being typed in.
import type { Toast } from "../src/tui/ui-store.ts"
import { wrapText } from "./list/detail-lines.ts"
import { fitText } from "./text-fit.ts"

export interface Rect {
  left: number
  top: number
  width: number
  height: number
}

export interface PlacedToast {
  toast: Toast
  lines: string[]
}

export const TOAST_ICONS: Record<Toast["kind"], string> = { info: "i", success: "✓", error: "✗", agent: "⚡" }
const MAX_LINES = 2
/** The band's rows, whether or not a toast shows. */
export const BAND_ROWS = 1

export function toastLines(toast: Toast, width: number): string[] {
  const lines = wrapText(`${TOAST_ICONS[toast.kind]} ${toast.message}`, width)
  if (lines.length <= MAX_LINES) return lines
  return [...lines.slice(0, MAX_LINES - 1), fitText(lines.slice(MAX_LINES - 1).join(" "), width)]
}

/** The newest error, else the newest toast, on the band's one line (cut to fit), with how many others are up. */
export function toastBand(toasts: readonly Toast[], width: number): PlacedToast[] {
  const newest = toasts.findLast((t) => t.kind === "error") ?? toasts.at(-1)
  if (!newest) return []
  // One column of margin each side, as the panes' content sits inside their borders.
  const textWidth = Math.max(1, width - 2)
  const others = toasts.length - 1
  const more = others > 0 ? `  +${others} · M` : ""
  const message = fitText(`${TOAST_ICONS[newest.kind]} ${newest.message}`, Math.max(1, textWidth - more.length))
  return [{ toast: newest, lines: [`${message}${more}`] }]
}

/** Whether two rectangles share a cell (the tests check toasts against the dialog with it). */
export function overlaps(a: Rect, b: Rect): boolean {
  return a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height
}
