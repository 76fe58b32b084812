// Where the toasts go: a band of rows just above the status bar that the layout gives up while a
// toast shows (like k9s's flash line), so a toast never draws over a pane's frame or the agent
// strip. Dialogs are drawn above the band and lift themselves clear of it when they can, so a toast
// never covers the dialog or the field being typed in. Newest last; the oldest give way when the
// band is full (the message log, M, keeps every one).
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
/** The band never takes more than this many rows, nor more than a quarter of the body. */
const MAX_BAND_ROWS = 4

export function toastLines(toast: Toast, width: number): string[] {
  const lines = wrapText(`${TOAST_ICONS[toast.kind]} ${toast.message}`, width)
  if (lines.length <= MAX_LINES) return lines
  return [...lines.slice(0, MAX_LINES - 1), fitText(lines.slice(MAX_LINES - 1).join(" "), width)]
}

/** The newest toasts that fit the band of a `width` x `bodyHeight` body, oldest first. */
export function toastBand(toasts: readonly Toast[], width: number, bodyHeight: number): PlacedToast[] {
  const rows = Math.min(MAX_BAND_ROWS, Math.max(1, Math.floor(bodyHeight / 4)))
  // One column of margin each side, as the panes' content sits inside their borders.
  const textWidth = Math.max(1, width - 2)
  const placed: PlacedToast[] = []
  let used = 0
  for (const toast of [...toasts].reverse()) {
    let lines = toastLines(toast, textWidth)
    if (used + lines.length > rows) {
      if (used < rows) lines = [fitText(lines.join(" "), textWidth)]
      else break
    }
    placed.unshift({ toast, lines })
    used += lines.length
  }
  return placed
}

export function bandHeight(placed: readonly PlacedToast[]): number {
  return placed.reduce((rows, p) => rows + p.lines.length, 0)
}

/** Whether two rectangles share a cell (the tests check toasts against the dialog with it). */
export function overlaps(a: Rect, b: Rect): boolean {
  return a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height
}
