// What the C64 pane draws for a task's samples: each sample reduced to one number. `m` cycles the
// metric: bytes changed since the sample before (the default), the value of one chosen byte, or
// the mean of the sampled bytes.
import { formatAddress, parseAddressText } from "../c64/operations/memory-text.ts"
import type { C64TaskSummary } from "./monitor-feeds.ts"

export const C64_METRIC_KINDS = ["changed", "byte", "mean"] as const
export type C64MetricKind = (typeof C64_METRIC_KINDS)[number]

export interface C64Metric {
  kind: C64MetricKind
  /** The byte the `byte` metric shows, counted from the start of each sample; kept while cycling. */
  offset: number
}

export const DEFAULT_C64_METRIC: C64Metric = { kind: "changed", offset: 0 }

export function nextMetric(metric: C64Metric): C64Metric {
  const at = C64_METRIC_KINDS.indexOf(metric.kind)
  return { ...metric, kind: C64_METRIC_KINDS[(at + 1) % C64_METRIC_KINDS.length]! }
}

/** "changed bytes", "byte +16 ($0410)" (the address when the task's is known), "mean". */
export function metricLabel(metric: C64Metric, address: number | null = null): string {
  switch (metric.kind) {
    case "changed":
      return "changed bytes"
    case "byte":
      return `byte +${metric.offset}${address !== null ? ` (${formatAddress((address + metric.offset) & 0xffff)})` : ""}`
    case "mean":
      return "mean"
  }
}

/** Changed bytes count up from 0; a byte's value and the mean are drawn between their lowest and highest. */
export function metricScale(metric: C64Metric): "zero" | "range" {
  return metric.kind === "changed" ? "zero" : "range"
}

function byteAt(hex: string, offset: number): number | null {
  const at = offset * 2
  return at + 2 <= hex.length ? Number.parseInt(hex.slice(at, at + 2), 16) : null
}

function meanOf(hex: string): number | null {
  if (hex.length === 0) return null
  let sum = 0
  for (let at = 0; at < hex.length; at += 2) sum += Number.parseInt(hex.slice(at, at + 2), 16)
  return sum / (hex.length / 2)
}

/**
 * One number per sample, oldest first. Changed bytes are the feed's `samples` (one value fewer than
 * there are samples: the first has nothing to compare with); the others come from each sample's
 * bytes, and samples too short to hold the chosen byte are left out.
 */
export function metricSeries(task: Pick<C64TaskSummary, "samples" | "sampleHex">, metric: C64Metric): number[] {
  if (metric.kind === "changed") return [...task.samples]
  const values: number[] = []
  for (const sample of task.sampleHex) {
    const value = metric.kind === "byte" ? byteAt(sample, metric.offset) : meanOf(sample)
    if (value !== null) values.push(value)
  }
  return values
}

/** A metric value as shown beside a sparkline: whole numbers as they are, the mean to one decimal. */
export function formatMetricValue(value: number | undefined): string {
  if (value === undefined) return "–"
  return Number.isInteger(value) ? String(value) : value.toFixed(1)
}

/** An offset from `16`, `$10` or `0x10`; an error when it is none or lies past the selected task's samples. */
export function parseByteOffset(text: string, sampleLength: number | null): { offset: number } | { error: string } {
  const offset = parseAddressText(text)
  if (offset === null || offset > 0xffff) return { error: `'${text.trim()}' is not an offset: use 16, $10 or 0x10` }
  if (sampleLength !== null && offset >= sampleLength) return { error: `offset ${offset} is past the ${sampleLength} sampled bytes (0-${sampleLength - 1})` }
  return { offset }
}
