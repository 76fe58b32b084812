// What the Monitor screen and the compact agent strip show, as small feeds the C64 service and the
// agent operating state adapt to. A missing feed is shown as "not connected", never faked.
import type { C64Control } from "./c64-control.ts"
import type { OsPanelStatus } from "./os-panel-status.ts"
import type { AgentMemoryFeed } from "./memory-feed.ts"
import type { ApprovalsFeed } from "./approvals-feed.ts"
import type { SyncFeed } from "./sync-feed.ts"

export interface C64TaskSummary {
  id: string
  name: string
  type: "foreground" | "background"
  operation: string
  status: "running" | "completed" | "stopped" | "error"
  iterations: number
  maxIterations: number | null
  intervalMs: number | null
  lastError: string | null
  updatedAt: string
  /** One number per sample (bytes changed since the previous one), oldest first. */
  samples: readonly number[]
  /** The memory the task reads or watches (`$0400`), when its arguments name one. */
  address: string | null
  /** The latest samples' bytes as hex, oldest first (background read, read_screen and capture). */
  sampleHex: readonly string[]
  /** The newest sample: its number, when it was taken and where it starts. */
  latestSample: { i: number; at: string; address: string } | null
}

export { OS_PHASE_NAMES, OS_PHASES, type OsLogLine, type OsPanelStatus, type OsPhase } from "./os-panel-status.ts"

export interface Feed<T> {
  get(): T
  subscribe(listener: () => void): () => void
}

export interface MonitorFeeds {
  c64: Feed<readonly C64TaskSummary[]> | null
  os: Feed<OsPanelStatus | null> | null
  /** Agents with memory (the agents pane); absent or null: not connected. */
  memory?: AgentMemoryFeed | null
  /** Starts and stops C64 background reads (through the runner); absent: the pane only shows. */
  c64Control?: C64Control | null
  /** When the newest recovery checkpoint was written (null: none yet); absent: not shown. */
  checkpoint?: Feed<Date | null> | null
  /** Agents' permission requests; absent or null: this TUI does not answer them (hooks do not wait for it). */
  approvals?: ApprovalsFeed | null
  /** The list's sync through git (header, the sync key); absent: sync is not set up. */
  sync?: SyncFeed | null
}

export const NO_FEEDS: MonitorFeeds = { c64: null, os: null }

export type ValueFeed<T> = Feed<T> & { set(value: T): void }

/** A feed over a value that changes when `set` is called (adapters and tests build on it). */
export function createValueFeed<T>(initial: T): ValueFeed<T> {
  let value = initial
  const listeners = new Set<() => void>()
  return {
    get: () => value,
    set(next) {
      value = next
      for (const listener of listeners) listener()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
