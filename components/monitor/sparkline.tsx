// A one-line chart of the latest values, scaled to the largest one shown.
import type { ColorInput } from "@opentui/core"

const BARS = "▁▂▃▄▅▆▇█"

export function sparkline(values: readonly number[], width: number): string {
  if (width <= 0) return ""
  const shown = values.slice(-width)
  const max = Math.max(0, ...shown)
  const bars = shown.map((v) => (max === 0 ? BARS[0]! : BARS[Math.min(BARS.length - 1, Math.round((Math.max(0, v) / max) * (BARS.length - 1)))]!))
  return " ".repeat(width - shown.length) + bars.join("")
}

export function Sparkline(props: { values: readonly number[]; width: number; fg: ColorInput }) {
  return <text fg={props.fg}>{sparkline(props.values, props.width)}</text>
}
