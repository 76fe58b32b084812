// C64 tasks as the feed summarises them, built from registry entries and sample lines the way the
// c64bridge state holds them.
import type { RegistryEntry, SampleLine } from "../../src/c64/state/task-schema.ts"
import { toC64Summary } from "../../src/tui/c64-feed.ts"
import type { C64TaskSummary } from "../../src/tui/monitor-feeds.ts"

export function c64Entry(over: Partial<RegistryEntry> = {}): RegistryEntry {
  return {
    id: "0001_watch_screen",
    name: "watch_screen",
    type: "background",
    operation: "read",
    args: { address: "$0400", length: 16 },
    intervalMs: 1000,
    iterations: 3,
    status: "running",
    startedAt: "2026-03-10T09-00-00Z",
    updatedAt: "2026-03-10T09-00-03Z",
    folder: "tasks/background/0001_watch_screen",
    ...over,
  }
}

export function c64Sample(i: number, hex: string, address = "$0400"): SampleLine {
  return { i, at: `2026-03-10T09-00-0${i % 10}Z`, ms: i * 1000, address, length: hex.length / 2, hex }
}

/** A summary of `entry` with one sample per hex string. */
export function c64Task(over: Partial<RegistryEntry>, hex: readonly string[]): C64TaskSummary {
  const entry = c64Entry(over)
  const address = typeof entry.args.address === "string" ? entry.args.address : "$0400"
  return toC64Summary(entry, hex.map((h, i) => c64Sample(i + 1, h, address)))
}
