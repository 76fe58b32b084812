// Where one agent's memory lives: TSK_HOME/memory/agents/<agentId>/.
import { join } from "node:path"
import { checkAgentId } from "./agent-id.ts"

export const SNAPSHOT_FILE = "working_context_snapshot.json"

export function agentsRoot(home: string): string {
  return join(home, "memory", "agents")
}

export function agentPaths(home: string, agentId: string) {
  const dir = join(agentsRoot(home), checkAgentId(agentId))
  return {
    home,
    dir,
    /** The raw message log, append-only: the source of truth. */
    messages: join(dir, "messages.jsonl"),
    /** Semantic facts, append-only; the last value of a key wins, null forgets it. */
    facts: join(dir, "facts.jsonl"),
    /** Episodic summaries, one per compaction epoch. */
    episodes: join(dir, "episodes.json"),
    snapshot: join(dir, SNAPSHOT_FILE),
    /** Where an invalid cache is moved before a fresh one is written. */
    rejectedSnapshot: join(dir, "working_context_snapshot.rejected.json"),
    lock: join(dir, "append.lock"),
  }
}
export type AgentPaths = ReturnType<typeof agentPaths>
