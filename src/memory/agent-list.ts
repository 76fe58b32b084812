// The agents that have memory, with what a list or the Monitor pane shows: last activity, epoch,
// raw messages, snapshot age. Reads file metadata and counts lines; never parses the log.
import { closeSync, openSync, readdirSync, readFileSync, readSync, statSync } from "node:fs"
import { agentIdProblem } from "./agent-id.ts"
import { agentPaths, agentsRoot } from "./memory-paths.ts"

export interface AgentMemorySummary {
  agent_id: string
  /** ISO time of the last append (raw log or facts). */
  last_activity: string | null
  epoch_id: number
  /** Lines in the raw log (a torn fragment counts once). */
  messages: number
  /** ISO time the cache was last written, null without one. */
  snapshot_at: string | null
}

/**
 * Counts raw-log lines, reading only what was appended since the last count of the same file (the
 * Monitor re-reads every agent every few seconds; logs only grow until forgotten).
 */
export function createLineCounter(): (path: string) => number {
  const known = new Map<string, { ino: number; size: number; lines: number }>()
  return (path) => {
    const stat = statSync(path, { throwIfNoEntry: false })
    if (!stat) {
      known.delete(path)
      return 0
    }
    const before = known.get(path)
    const from = before && before.ino === stat.ino && before.size <= stat.size ? before : { ino: stat.ino, size: 0, lines: 0 }
    if (from.size === stat.size) return from.lines
    let lines = from.lines
    const fd = openSync(path, "r")
    try {
      const buffer = Buffer.alloc(stat.size - from.size)
      const read = readSync(fd, buffer, 0, buffer.length, from.size)
      for (let i = buffer.indexOf(10); i !== -1 && i < read; i = buffer.indexOf(10, i + 1)) lines++
    } finally {
      closeSync(fd)
    }
    known.set(path, { ino: stat.ino, size: stat.size, lines })
    return lines
  }
}

function epochOf(path: string): number {
  try {
    const file = JSON.parse(readFileSync(path, "utf8")) as { epochs?: Array<{ epoch_id?: unknown }> }
    const id = file.epochs?.at(-1)?.epoch_id
    return typeof id === "number" ? id : 0
  } catch {
    return 0
  }
}

const mtime = (path: string) => statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? null

export function summarizeAgent(home: string, agentId: string, countLines = createLineCounter()): AgentMemorySummary {
  const paths = agentPaths(home, agentId)
  const activity = Math.max(mtime(paths.messages) ?? 0, mtime(paths.facts) ?? 0)
  const snapshot = mtime(paths.snapshot)
  return {
    agent_id: agentId,
    last_activity: activity > 0 ? new Date(activity).toISOString() : null,
    epoch_id: epochOf(paths.episodes),
    messages: countLines(paths.messages),
    snapshot_at: snapshot !== null ? new Date(snapshot).toISOString() : null,
  }
}

/** Every agent with memory, most recently active first. */
export function listAgentMemories(home: string, countLines = createLineCounter()): AgentMemorySummary[] {
  let names: string[]
  try {
    names = readdirSync(agentsRoot(home))
  } catch {
    return []
  }
  return names
    .filter((name) => agentIdProblem(name) === null)
    .map((name) => summarizeAgent(home, name, countLines))
    .sort((a, b) => (b.last_activity ?? "").localeCompare(a.last_activity ?? "") || a.agent_id.localeCompare(b.agent_id))
}
