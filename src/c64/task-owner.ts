// Which process runs a task. Entries we start carry `owner: { pid, host }` (an extra field the spec
// allows), so a scheduler starting up resumes only tasks whose process is gone, and never takes a
// task from a `tsk c64 start` still sampling in another terminal.
import { hostname } from "node:os"
import type { RegistryEntry } from "./state/task-schema.ts"

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

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}

/**
 * True when another live process runs this task. Unknown owners (entries from other tools) and
 * owners on other hosts cannot be checked, so they count as gone, as do this process's own
 * entries when no scheduler here runs them (a service that was closed and opened again).
 */
export function ownedByAnotherLiveProcess(entry: RegistryEntry, me: TaskOwner = currentOwner()): boolean {
  const owner = ownerOf(entry)
  if (!owner || owner.host !== me.host || owner.pid === me.pid) return false
  return isProcessAlive(owner.pid)
}
