// Which process runs a task. Entries we start carry `owner: { pid, host }` (an extra field the spec
// allows), so a scheduler starting up resumes only tasks whose process is gone, and never takes a
// task from a `tsk c64 start` still sampling in another terminal. Other tools (c64bridge itself)
// write no owner: such a task is theirs while its `updatedAt` is recent, as a live writer updates
// it after every iteration.
import { hostname } from "node:os"
import type { RegistryEntry } from "./state/task-schema.ts"
import { parseTimestamp } from "./state/timestamp.ts"
import { processIsAlive } from "../store/process-alive.ts"

/** A task without an owner updated within this long (or three of its intervals) has a live writer. */
export const LIVE_WRITER_WINDOW_MS = 15_000

export interface TaskOwner {
  pid: number
  host: string
}

export function currentOwner(): TaskOwner {
  return { pid: process.pid, host: hostname() }
}

export function ownerOf(entry: RegistryEntry): TaskOwner | null {
  const owner = (entry as Record<string, unknown>).owner
  if (!owner || typeof owner !== "object") return null
  const { pid, host } = owner as Record<string, unknown>
  return typeof pid === "number" && typeof host === "string" ? { pid, host } : null
}


/** True when an entry with no owner was updated so recently that its writer is still at work. */
export function updatedByLiveWriter(entry: RegistryEntry, nowMs: number): boolean {
  const updated = parseTimestamp(entry.updatedAt)
  if (updated === null) return false
  const window = Math.max(LIVE_WRITER_WINDOW_MS, 3 * (entry.intervalMs ?? 0))
  // Spec stamps drop the milliseconds: a second of slack either way.
  return nowMs - updated < window + 1000
}

/**
 * True when another live process runs this task. Owners on other hosts cannot be checked, so they
 * count as gone, as do this process's own entries when no scheduler here runs them (a service that
 * was closed and opened again). An entry with no owner belongs to another tool: live while it is
 * being updated.
 */
export function ownedByAnotherLiveProcess(entry: RegistryEntry, me: TaskOwner = currentOwner(), nowMs = Date.now()): boolean {
  const owner = ownerOf(entry)
  if (!owner) return updatedByLiveWriter(entry, nowMs)
  if (owner.host !== me.host || owner.pid === me.pid) return false
  return processIsAlive(owner.pid)
}
