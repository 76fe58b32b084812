// Who an MCP server is as a holder of claims: TSK_AGENT from its environment when set, else the
// client's name plus a short id of this server process ("claude-code-3f9a1c"), so two sessions of
// one client are two holders. Either way the server's own process is the lease's process: a claim
// it took is free again once the server exits.
import { randomBytes } from "node:crypto"
import { givenName, identitySlug, type AgentIdentity } from "../domain/agent-identity.ts"
import { thisProcess } from "../store/process-identity.ts"

/** The identity, fixed once the client has said its name (at `initialize`). */
export function mcpIdentity(env: NodeJS.ProcessEnv, clientName: () => string | undefined): () => AgentIdentity {
  const perProcess = randomBytes(3).toString("hex")
  let fixed: AgentIdentity | null = null
  return () => {
    if (fixed) return fixed
    const named = givenName(env.TSK_AGENT)
    const client = clientName()
    const identity: AgentIdentity = named
      ? { name: named, how: "TSK_AGENT", ...thisProcess() }
      : { name: `${identitySlug(client)}-${perProcess}`, how: "mcp-client", ...thisProcess() }
    if (named || client !== undefined) fixed = identity
    return identity
  }
}
