// Agent ids name a folder under TSK_HOME/memory/agents/, so they are checked before any path is
// built: no separators, no `..`, printable, bounded. A bridge agent is its `source`, refined by the
// command's optional `agentId` (`claude-code` or `claude-code.worker-1`); a Claude Code session is
// its hook `session_id`.
import { invalid } from "../domain/errors.ts"

export const MAX_AGENT_ID_LENGTH = 128
const AGENT_ID_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9._@+-]*$/

/** Why `id` is not a usable agent id, or null when it is. */
export function agentIdProblem(id: string): string | null {
  if (id.length === 0) return "an agent id must not be empty"
  if (id.length > MAX_AGENT_ID_LENGTH) return `an agent id is at most ${MAX_AGENT_ID_LENGTH} characters`
  if (id.includes("..")) return "an agent id must not contain '..'"
  if (!AGENT_ID_PATTERN.test(id)) return "an agent id may use letters, digits and . _ @ + - only (no separators or spaces), starting with a letter, digit or _"
  return null
}

/** `id`, checked; an `invalid` TskError otherwise. */
export function checkAgentId(id: string): string {
  const problem = agentIdProblem(id)
  if (problem) throw invalid(`${problem} (got '${id.slice(0, 40)}')`)
  return id
}

/** The memory id of a bridge command's sender. */
export function bridgeAgentId(source: string, agentId?: string): string {
  return agentId !== undefined && agentId.length > 0 ? `${source}.${agentId}` : source
}
