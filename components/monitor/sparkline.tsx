// Charts of the latest values: a one-line sparkline and a taller bar chart. `zero` scales from 0 to
// the largest value shown (counts); `range` from the smallest to the largest (a byte's value, a mean).
import type { ColorInput } from "@opentui/core"

const BARS = "▁▂▃▄▅▆▇█"
/** Eighths of a cell, for the bar chart (index 0 is an empty cell). */
const EIGHTHS = " ▁▂▃▄▅▆▇█"

export type ChartScale = "zero" | "range"

function bounds(values: readonly number[], scale: ChartScale): { low: number; high: number } {
  const high = Math.max(0, ...values)
  const low = scale === "zero" || values.length === 0 ? 0 : Math.min(...values)
  return { low, high }
}

export function sparkline(values: readonly number[], width: number, scale: ChartScale = "zero"): string {
  if (width <= 0) return ""
  const shown = values.slice(-width)
  const { low, high } = bounds(shown, scale)
  const span = high - low
  const bars = shown.map((v) => (span <= 0 ? BARS[0]! : BARS[Math.min(BARS.length - 1, Math.round((Math.max(0, v - low) / span) * (BARS.length - 1)))]!))
  return " ".repeat(width - shown.length) + bars.join("")
}

/**
 * The latest values as bars `height` rows tall (top row first), right-aligned like the sparkline.
 * The smallest value shown still gets a sliver, so a flat line is visible.
 */
export function barChart(values: readonly number[], width: number, height: number, scale: ChartScale = "zero"): string[] {
  if (width <= 0 || height <= 0) return []
  const shown = values.slice(-width)
  const { low, high } = bounds(shown, scale)
  const span = high - low
  const cells = height * 8
  const eighths = shown.map((v) => (span <= 0 ? 1 : Math.max(1, Math.round((Math.max(0, v - low) / span) * cells))))
  const pad = " ".repeat(width - shown.length)
  const rows: string[] = []
  for (let row = height - 1; row >= 0; row--) {
    rows.push(pad + eighths.map((e) => EIGHTHS[Math.max(0, Math.min(8, e - row * 8))]!).join(""))
  }
  return rows
}

export function Sparkline(props: { values: readonly number[]; width: number; fg: ColorInput; scale?: ChartScale }) {
  return <text fg={props.fg}>{sparkline(props.values, props.width, props.scale)}</text>
}
