import { describe, expect, it } from "vitest"
import { DEFAULT_C64_METRIC, formatMetricValue, metricLabel, metricScale, metricSeries, nextMetric, parseByteOffset } from "../../src/tui/c64-metric.ts"

const task = { samples: [2, 0], sampleHex: ["0010ff", "0110fe", "0110fe"] }

describe("the C64 sparkline metric", () => {
  it("starts at changed bytes and cycles through a byte's value and the mean, keeping the offset", () => {
    expect(DEFAULT_C64_METRIC).toEqual({ kind: "changed", offset: 0 })
    const byte = nextMetric({ kind: "changed", offset: 5 })
    expect(byte).toEqual({ kind: "byte", offset: 5 })
    expect(nextMetric(byte)).toEqual({ kind: "mean", offset: 5 })
    expect(nextMetric(nextMetric(byte))).toEqual({ kind: "changed", offset: 5 })
  })

  it("reduces each sample to changed bytes, the chosen byte's value or the mean of its bytes", () => {
    expect(metricSeries(task, { kind: "changed", offset: 0 })).toEqual([2, 0])
    expect(metricSeries(task, { kind: "byte", offset: 2 })).toEqual([255, 254, 254])
    expect(metricSeries(task, { kind: "mean", offset: 0 })).toEqual([(0 + 16 + 255) / 3, (1 + 16 + 254) / 3, (1 + 16 + 254) / 3])
  })

  it("leaves out samples too short to hold the chosen byte", () => {
    expect(metricSeries(task, { kind: "byte", offset: 3 })).toEqual([])
  })

  it("names the metric, with the byte's address when the task's is known", () => {
    expect(metricLabel({ kind: "changed", offset: 0 })).toBe("changed bytes")
    expect(metricLabel({ kind: "byte", offset: 16 }, 0x0400)).toBe("byte +16 ($0410)")
    expect(metricLabel({ kind: "byte", offset: 16 })).toBe("byte +16")
    expect(metricLabel({ kind: "mean", offset: 0 })).toBe("mean")
  })

  it("scales counts from zero and values between their lowest and highest", () => {
    expect(metricScale({ kind: "changed", offset: 0 })).toBe("zero")
    expect(metricScale({ kind: "byte", offset: 0 })).toBe("range")
    expect(formatMetricValue(90.333)).toBe("90.3")
    expect(formatMetricValue(12)).toBe("12")
    expect(formatMetricValue(undefined)).toBe("–")
  })

  it("reads a byte offset as decimal or hex and refuses one past the samples", () => {
    expect(parseByteOffset("16", 256)).toEqual({ offset: 16 })
    expect(parseByteOffset("$10", 256)).toEqual({ offset: 16 })
    expect(parseByteOffset("0x10", null)).toEqual({ offset: 16 })
    expect(parseByteOffset("256", 256)).toEqual({ error: "offset 256 is past the 256 sampled bytes (0-255)" })
    expect(parseByteOffset("ten", 256)).toEqual({ error: "'ten' is not an offset: use 16, $10 or 0x10" })
  })
})
