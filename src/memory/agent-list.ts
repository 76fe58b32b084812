// The agents that have memory, with what a list or the Monitor pane shows: last activity, epoch,
// raw messages, snapshot age. Reads file metadata and counts lines; never parses the whole log.
import { readdirSync, readFileSync, statSync } from "node:fs"
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

function countLines(path: string): number {
  try {
    const bytes = readFileSync(path)
    let n = 0
    for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1)) n++
    return n
  } catch {
    return 0
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

export function summarizeAgent(home: string, agentId: string): AgentMemorySummary {
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
export function listAgentMemories(home: string): AgentMemorySummary[] {
  let names: string[]
  try {
    names = readdirSync(agentsRoot(home))
  } catch {
    return []
  }
  return names
    .filter((name) => agentIdProblem(name) === null)
    .map((name) => summarizeAgent(home, name))
    .sort((a, b) => (b.last_activity ?? "").localeCompare(a.last_activity ?? "") || a.agent_id.localeCompare(b.agent_id))
}
