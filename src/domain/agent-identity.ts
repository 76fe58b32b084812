// Who is asking: every surface names its caller the same way, so a claim, a lease and `whoami`
// agree. `--as` wins, then TSK_AGENT (on every surface, the MCP server too), then what the surface
// knows: an MCP server's client name plus a short id of its own (each server process is a holder
// of its own), a bridge command's `agentId`, else its `source`; on the CLI the login name.
import { stripControlsLine } from "./text-safety.ts"

export const IDENTITY_SOURCES = ["--as", "TSK_AGENT", "mcp-client", "agentId", "source", "login"] as const
export type IdentitySource = (typeof IDENTITY_SOURCES)[number]

export interface AgentIdentity {
  name: string
  /** How the name was chosen. */
  how: IdentitySource
  /** The process whose end frees this identity's leases (an MCP server); absent for a CLI call. */
  pid?: number
  host?: string
  /** The process's start time (Linux /proc), so a reused pid is not taken for it. */
  start?: string
}

const HOW_TEXT: Record<IdentitySource, string> = {
  "--as": "given with --as",
  TSK_AGENT: "from TSK_AGENT",
  "mcp-client": "this MCP server's own: the client's name and a per-process id",
  agentId: "the bridge command's agentId",
  source: "the bridge command's source (no agentId)",
  login: "your login name (no --as, no TSK_AGENT)",
}

export function describeIdentitySource(how: IdentitySource): string {
  return HOW_TEXT[how]
}

/** A client's name as the start of a holder name: lower case, letters, digits, `.`, `_`, `-`. */
export function identitySlug(name: string | undefined, fallback = "mcp"): string {
  const slug = stripControlsLine(name ?? "")
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
  return slug.length > 0 ? slug : fallback
}

/** A name from the environment or an option, or undefined when it is empty. */
export function givenName(value: string | undefined): string | undefined {
  const trimmed = value === undefined ? "" : stripControlsLine(value).trim()
  return trimmed.length > 0 ? trimmed.slice(0, 100) : undefined
}
