// The key one agent's memory is kept under, the same from every surface: the agent's name plus the
// project folder it works in, `<agent>@<folder>-<hash>` (`claude-code@tsk-1a2b3c4d`). Sessions
// of that agent in that folder share it, so a fact remembered over MCP comes back at the next
// SessionStart. The agent's name is `TSK_AGENT` when set, otherwise what the surface knows: the
// MCP client's family (`claude-code`, `codex`, else its own name) or `claude-code` for Claude
// Code's hooks. The folder is named by its last part and a hash of its whole path, so two
// checkouts called `app` keep apart. No imports beyond the id check: `tsk hook` computes this.
import { agentIdProblem, MAX_AGENT_ID_LENGTH } from "./agent-id.ts"

/** The agent name for a client or hook that gives none usable. */
export const FALLBACK_AGENT_NAME = "agent"

/** FNV-1a, 32 bits, as 8 hex digits: short, stable, no crypto import on the hook's path. */
function pathHash(path: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < path.length; i++) {
    hash ^= path.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash.toString(16).padStart(8, "0")
}

/** `text` as an agent-id fragment: other characters become `-`, runs of dots one dot. */
function idFragment(text: string, max: number): string {
  return text
    .trim()
    .replace(/[^A-Za-z0-9._+-]+/g, "-")
    .replace(/\.{2,}/g, ".")
    .replace(/^[^A-Za-z0-9_]+/, "")
    .slice(0, max)
}

/** A name as an agent name: its valid fragment, or `agent`. */
export function agentName(name: string | undefined): string {
  const fragment = idFragment(name ?? "", 60)
  return fragment.length > 0 && agentIdProblem(fragment) === null ? fragment : FALLBACK_AGENT_NAME
}

/** An MCP client's name as the agent's name: Claude Code and Codex by family, others as named. */
export function clientAgentName(clientName: string | undefined): string {
  const lower = (clientName ?? "").toLowerCase()
  if (lower.includes("claude")) return "claude-code"
  if (lower.includes("codex")) return "codex"
  return agentName(clientName)
}

/** The project part of the key: the folder's last part and a hash of its whole path. */
export function projectKey(folder: string): string {
  const trimmed = folder.replace(/[/\\]+$/, "") || folder
  const base = idFragment(trimmed.split(/[/\\]/).pop() ?? "", 40) || "root"
  return `${base}-${pathHash(trimmed)}`
}

/** The memory key of agent `name` working in `folder`. */
export function memoryKey(name: string, folder: string): string {
  return `${agentName(name)}@${projectKey(folder)}`.slice(0, MAX_AGENT_ID_LENGTH)
}

/** The agent's name on a surface: `TSK_AGENT` wins over what the surface knows. */
export function surfaceAgentName(env: NodeJS.ProcessEnv, known: string): string {
  const given = env.TSK_AGENT?.trim()
  return given ? agentName(given) : known
}
