// A C64 task's latest sample, live: a hex dump (16 bytes a row with the address) with the bytes
// decoded to glyphs (screen codes in screen memory, PETSCII elsewhere; Tab switches), and a larger
// graph of the pane's metric over the recent samples. ↑/↓ scroll the dump.
import { TextAttributes } from "@opentui/core"
import { useTerminalDimensions } from "@opentui/react"
import { useState } from "react"
import { parseTimestamp } from "../../src/c64/state/timestamp.ts"
import { bytesOfHex, decodingLabel, defaultDecoding, formatHexRow, hexRows, type C64Decoding } from "../../src/tui/c64-hex-view.ts"
import { formatMetricValue, metricLabel, metricScale, metricSeries } from "../../src/tui/c64-metric.ts"
import { hintLine } from "../../src/tui/keymap.ts"
import { useTheme } from "../app-context.tsx"
import { useFeed } from "../hooks/use-feed.ts"
import { useMonitorFeeds } from "../hooks/use-monitor-feeds.ts"
import { useUiState } from "../hooks/use-stores.ts"
import { addressNumber, c64StatusColour, statusLabel } from "../monitor/c64-pane.tsx"
import { NO_C64 } from "../monitor/feed-fallbacks.ts"
import { barChart } from "../monitor/sparkline.tsx"
import { fitText } from "../text-fit.ts"
import { DialogFrame } from "./dialog-frame.tsx"
import { useDialogKeys } from "./use-dialog-keys.ts"

const WIDTH = 78
const GRAPH_HEIGHT = 6
/** Header, decoding line, the blank and the graph's caption. */
const FIXED_LINES = 4

/** `09:30:01` (local time) of a sample's timestamp, or the text as it is. */
function clockOf(at: string): string {
  const ms = parseTimestamp(at)
  if (ms === null) return at
  const d = new Date(ms)
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, "0")).join(":")
}

export function C64SampleDialog(props: { dialogKey: number; taskId: string }) {
  const theme = useTheme()
  const screen = useTerminalDimensions()
  const feeds = useMonitorFeeds()
  const tasks = useFeed(feeds.c64, NO_C64)
  const metric = useUiState((s) => s.c64Metric)
  const task = tasks.find((t) => t.id === props.taskId) ?? null
  const latest = task?.latestSample ?? null
  const latestHex = task?.sampleHex.at(-1) ?? null
  const start = addressNumber(latest?.address ?? task?.address ?? null) ?? 0
  const [chosen, setChosen] = useState<C64Decoding | null>(null)
  const decoding = chosen ?? defaultDecoding(start)
  const [top, setTop] = useState(0)

  const bytes = latestHex ? bytesOfHex(latestHex) : new Uint8Array()
  const rows = hexRows(start, bytes, decoding)
  const inner = Math.min(WIDTH, screen.width - 2) - 2
  const room = Math.max(2, screen.height - 2 - 3 - FIXED_LINES - GRAPH_HEIGHT)
  const shownRows = Math.min(rows.length, room)
  const first = Math.max(0, Math.min(top, rows.length - shownRows))
  const scroll = (delta: number) => setTop(Math.max(0, Math.min(rows.length - shownRows, first + delta)))
  useDialogKeys(props.dialogKey, {
    down: () => scroll(1),
    up: () => scroll(-1),
    next: () => setChosen(decoding === "screen" ? "petscii" : "screen"),
    submit: () => scroll(shownRows),
  })

  const values = task ? metricSeries(task, metric) : []
  const graph = barChart(values, inner - 1, GRAPH_HEIGHT, metricScale(metric))
  const stats = values.length > 0 ? `min ${formatMetricValue(Math.min(...values))} · max ${formatMetricValue(Math.max(...values))} · latest ${formatMetricValue(values.at(-1))}` : "no values yet"
  const other = decoding === "screen" ? "petscii" : "screen"
  const height = FIXED_LINES + shownRows + GRAPH_HEIGHT + (rows.length === 0 ? 1 : 0)
  return (
    <DialogFrame
      title={`C64 sample · ${props.taskId}`}
      width={WIDTH}
      height={height}
      hint={hintLine([["dialog.down", "scroll"], ["dialog.next", `show ${decodingLabel(other)}`], ["dialog.close", "close"]])}
    >
      {task === null ? (
        <text fg={theme.textMuted}>{fitText(` ${props.taskId} is no longer in the registry.`, inner)}</text>
      ) : (
        <text fg={theme.text} attributes={TextAttributes.BOLD}>
          {fitText(` ${task.operation}${task.address ? ` ${task.address}` : ""} · `, inner)}
          <span fg={c64StatusColour(theme, task.status)}>{statusLabel(task)}</span>
          {latest ? ` · sample ${latest.i} at ${clockOf(latest.at)}` : ""}
        </text>
      )}
      {rows.length === 0 ? (
        <>
          <text fg={task?.lastError ? theme.error : theme.textMuted}>{fitText(` ${task?.lastError ?? "No samples yet: background read, read_screen and capture tasks sample memory."}`, inner)}</text>
          <text> </text>
        </>
      ) : (
        <>
          <text fg={theme.textMuted}>{fitText(` ${bytes.length} bytes as hex + ${decodingLabel(decoding)} (rows ${first + 1}-${first + shownRows} of ${rows.length})`, inner)}</text>
          {rows.slice(first, first + shownRows).map((row) => (
            <text key={row.address} fg={theme.text}>
              {fitText(` ${formatHexRow(row)}`, inner)}
            </text>
          ))}
        </>
      )}
      <text> </text>
      <text fg={theme.accent}>{fitText(` ${metricLabel(metric, start)} over ${values.length} samples · ${stats}`, inner)}</text>
      {graph.map((line, i) => (
        <text key={i} fg={theme.agent}>
          {` ${line}`}
        </text>
      ))}
    </DialogFrame>
  )
}
