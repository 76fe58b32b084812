// Where the toasts go. Without a dialog: the bottom right, above the status bar (the top right held
// the detail title and the sparklines). With a dialog open they never cover it: they go below,
// above, right or left of it, wherever the most of them fit; newest first, and none if none fits
// (the message log, M, keeps every one).
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

export interface ToastPlacement extends Rect {
  toasts: PlacedToast[]
}

export const TOAST_ICONS: Record<Toast["kind"], string> = { info: "i", success: "✓", error: "✗", agent: "⚡" }
const MAX_LINES = 2
const MAX_WIDTH = 52
const MIN_WIDTH = 16

export function toastLines(toast: Toast, width: number): string[] {
  const lines = wrapText(`${TOAST_ICONS[toast.kind]} ${toast.message}`, width)
  if (lines.length <= MAX_LINES) return lines
  return [...lines.slice(0, MAX_LINES - 1), fitText(lines.slice(MAX_LINES - 1).join(" "), width)]
}

interface Region {
  top: number
  bottom: number
  left: number
  right: number
}

/** The newest toasts that fit `region`, stacked against its bottom right corner. */
function fill(toasts: readonly Toast[], region: Region): ToastPlacement | null {
  const width = Math.min(MAX_WIDTH, region.right - region.left - 1)
  if (width < MIN_WIDTH) return null
  const placed: PlacedToast[] = []
  let height = 0
  for (const toast of [...toasts].reverse()) {
    const lines = toastLines(toast, width - 2)
    if (height + lines.length + 2 > region.bottom - region.top) break
    placed.unshift({ toast, lines })
    height += lines.length + 2
  }
  if (placed.length === 0) return null
  return { left: region.right - 1 - width, top: region.bottom - height, width, height, toasts: placed }
}

export function placeToasts(toasts: readonly Toast[], screen: { width: number; height: number }, dialog: Rect | null): ToastPlacement | null {
  if (toasts.length === 0) return null
  // Row 0 is the header and the last row the status bar.
  const body: Region = { top: 1, bottom: screen.height - 1, left: 0, right: screen.width }
  if (dialog === null) return fill(toasts, body)
  const regions: Region[] = [
    { ...body, top: Math.max(body.top, dialog.top + dialog.height) },
    { ...body, bottom: Math.min(body.bottom, dialog.top) },
    { ...body, left: dialog.left + dialog.width },
    { ...body, right: dialog.left },
  ]
  let best: ToastPlacement | null = null
  for (const region of regions) {
    const placed = fill(toasts, region)
    if (placed && (!best || placed.toasts.length > best.toasts.length)) best = placed
  }
  return best
}

/** Whether two rectangles share a cell (the tests check toasts against the dialog with it). */
export function overlaps(a: Rect, b: Rect): boolean {
  return a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height
}
