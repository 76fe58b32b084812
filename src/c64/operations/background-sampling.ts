// Background `read`, `read_screen` and `capture`: each iteration reads memory and appends one
// sample line; result.json keeps the latest figures.
import * as z from "zod"
import { Address, Length, formatAddress, rangeCheck, toHex } from "./memory-args.ts"
import { changedBytes } from "./memory-text.ts"
import { defineBackground } from "./operation-types.ts"
import { formatTimestamp } from "../state/timestamp.ts"
import type { SampleLine } from "../state/task-schema.ts"
import { ScreenArgs } from "./screen-operations.ts"
import { SCREEN_ADDRESS, SCREEN_SIZE, decodeScreen } from "./screen-codes.ts"

const RangeArgs = (address: number, length: number) =>
  z.strictObject({ address: Address.default(address), length: Length.default(length) }).superRefine(rangeCheck)

export function makeSample(i: number, nowMs: number, address: number, bytes: Uint8Array): SampleLine {
  return { i, at: formatTimestamp(nowMs), ms: nowMs, address: formatAddress(address), length: bytes.length, hex: toHex(bytes) }
}

/** How many bytes differ between two equal-length hex strings (all of them when lengths differ). */

const meanOf = (bytes: Uint8Array) => (bytes.length === 0 ? 0 : bytes.reduce((sum, b) => sum + b, 0) / bytes.length)

export const sampleRead = defineBackground({
  type: "background",
  name: "read",
  summary: "read a range of memory every interval into samples.jsonl",
  args: RangeArgs(0x0400, 256),
  describe: (a) => `read ${formatAddress(a.address)} (${a.length} bytes)`,
  start(backend, a, resume) {
    let previousHex = resume.lastSample?.hex ?? null
    return {
      async step(i, nowMs) {
        const bytes = await backend.read(a.address, a.length)
        const sample = makeSample(i, nowMs, a.address, bytes)
        const changed = previousHex === null ? 0 : changedBytes(previousHex, sample.hex)
        previousHex = sample.hex
        return {
          sample,
          summary: { iterations: i, address: sample.address, length: a.length, lastSampleAt: sample.at, hex: sample.hex, changedBytes: changed, mean: meanOf(bytes) },
        }
      },
      onExhausted: () => null,
    }
  },
})

export const sampleScreen = defineBackground({
  type: "background",
  name: "read_screen",
  summary: "read the text screen every interval; each sample carries the text",
  args: ScreenArgs,
  describe: (a) => `read_screen ${formatAddress(a.address)}`,
  start(backend, a) {
    return {
      async step(i, nowMs) {
        const bytes = await backend.read(a.address, SCREEN_SIZE)
        const rows = decodeScreen(bytes, 40, a.charset).map((r) => r.trimEnd())
        const sample = { ...makeSample(i, nowMs, a.address, bytes), text: rows.join("\n") }
        return { sample, summary: { iterations: i, address: sample.address, lastSampleAt: sample.at, rows } }
      },
      onExhausted: () => null,
    }
  },
})

const MAX_LISTED_DIFFS = 16

export const captureRegression = defineBackground({
  type: "background",
  name: "capture",
  summary: "capture a range every interval and record how it differs from the first capture",
  args: RangeArgs(SCREEN_ADDRESS, SCREEN_SIZE),
  describe: (a) => `capture ${formatAddress(a.address)} (${a.length} bytes)`,
  start(backend, a, resume) {
    let baseline = resume.firstSample
    const earlier = resume.previousSummary ?? {}
    let withDifferences = typeof earlier.capturesWithDifferences === "number" ? earlier.capturesWithDifferences : 0
    let maxChanged = typeof earlier.maxChanged === "number" ? earlier.maxChanged : 0
    return {
      async step(i, nowMs) {
        const bytes = await backend.read(a.address, a.length)
        const plain = makeSample(i, nowMs, a.address, bytes)
        baseline ??= plain
        const diffs: Array<{ address: string; first: string; now: string }> = []
        let changed = 0
        for (let offset = 0; offset < bytes.length; offset++) {
          const first = baseline.hex.slice(offset * 2, offset * 2 + 2)
          const now = plain.hex.slice(offset * 2, offset * 2 + 2)
          if (first === now) continue
          changed++
          if (diffs.length < MAX_LISTED_DIFFS) diffs.push({ address: formatAddress(a.address + offset), first, now })
        }
        if (changed > 0) withDifferences++
        maxChanged = Math.max(maxChanged, changed)
        return {
          sample: { ...plain, changedFromFirst: changed, diffs },
          summary: {
            iterations: i,
            address: plain.address,
            length: a.length,
            baselineAt: baseline.at,
            lastCaptureAt: plain.at,
            lastChanged: changed,
            capturesWithDifferences: withDifferences,
            maxChanged,
          },
          ...(changed > 0 ? { log: `capture ${i}: ${changed} bytes differ from the first` } : {}),
        }
      },
      onExhausted: () => null,
    }
  },
})
