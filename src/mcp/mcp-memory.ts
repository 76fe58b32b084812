// Recording MCP traffic into agent memory, as the runner records bridge traffic: each tools/call
// (the tool's name and arguments, and the answer the client got or its error) goes to the raw log
// of the agent (its name and project folder, see mcpMemoryId). Recording runs after the answer is on its way, batched so a
// tool call never waits for it, and a memory failure is written to stderr (stdout is the protocol),
// never turned into a failed call. memory_* tools are memory already and are not recorded again.
import { randomUUID } from "node:crypto"
import { clientAgentName, memoryKey, surfaceAgentName } from "../memory/memory-key.ts"
import { trafficMessages, type AgentAnswer } from "../memory/agent-traffic.ts"
import { createMemoryManager, type MemoryManager } from "../memory/memory-manager.ts"

/**
 * The memory an MCP server's calls go to and its memory_* tools use by default: the agent's name
 * (`TSK_AGENT`, else the client's family) plus the folder the server runs in (memory-key.ts), the
 * same key the agent's hooks in that folder use.
 */
export function mcpMemoryId(clientName: string | undefined, env: NodeJS.ProcessEnv, folder: string): string {
  return memoryKey(surfaceAgentName(env, clientAgentName(clientName)), folder)
}

export interface McpCall {
  agentId: string
  tool: string
  /** The bridge command behind the tool: memory-* commands are not recorded. */
  command: string
  args: unknown
  answer: AgentAnswer
}

export interface McpRecorder {
  record(call: McpCall): void
  /** Resolves once everything handed to `record` is written (or has failed and been reported). */
  idle(): Promise<void>
}

/** Writing waits until the client has been quiet this long, or until the oldest call waited MAX_WAIT_MS. */
export const QUIET_MS = 100
export const MAX_WAIT_MS = 2000

export function createMcpRecorder(manager: MemoryManager, onError: (error: unknown) => void): McpRecorder {
  // A client sends its calls back to back and each waits for the last answer, so memory is written
  // when it pauses: a burst of calls costs one append and one cache write per agent, and no call
  // waits behind a write of the call before it. Calls keep their order in the raw log.
  let pending: McpCall[] = []
  let firstAt = 0
  let lastAt = 0
  let timer: ReturnType<typeof setTimeout> | null = null
  let draining: Promise<void> | null = null

  async function drain(): Promise<void> {
    while (pending.length > 0) {
      const batch = pending
      pending = []
      const byAgent = new Map<string, unknown[]>()
      for (const call of batch) {
        // The MCP request id restarts with each connection, so the call id is unique on its own.
        const messages = trafficMessages({ id: `mcp-${randomUUID()}`, command: call.tool, payload: call.args }, call.answer)
        byAgent.set(call.agentId, [...(byAgent.get(call.agentId) ?? []), ...messages])
      }
      for (const [agentId, messages] of byAgent) {
        try {
          await manager.append(agentId, messages)
        } catch (error) {
          onError(error)
        }
      }
    }
  }

  function flush(): void {
    if (timer) clearTimeout(timer)
    timer = null
    if (draining || pending.length === 0) return
    draining = drain().finally(() => {
      draining = null
      if (pending.length > 0) schedule()
    })
  }

  function schedule(): void {
    if (timer || draining) return
    const wait = (): void => {
      const now = Date.now()
      if (now - lastAt >= QUIET_MS || now - firstAt >= MAX_WAIT_MS) return flush()
      timer = setTimeout(wait, QUIET_MS - (now - lastAt))
      timer.unref()
    }
    timer = setTimeout(wait, QUIET_MS)
    // Ending the process never waits for the timer: `tsk mcp` calls idle() before it exits.
    timer.unref()
  }

  return {
    record(call) {
      if (call.command.startsWith("memory-")) return
      lastAt = Date.now()
      if (pending.length === 0) firstAt = lastAt
      pending.push(call)
      schedule()
    },
    async idle() {
      while (pending.length > 0 || draining) {
        flush()
        if (draining) await draining
      }
    },
  }
}

/** The recorder `tsk mcp` uses: memory under `home`, failures as one line on stderr. */
export function createStderrMcpRecorder(home: string): McpRecorder {
  return createMcpRecorder(createMemoryManager(home), (error) => {
    const message = error instanceof Error ? error.message : String(error)
    process.stderr.write(`tsk mcp: a call was not recorded in agent memory: ${message}\n`)
  })
}
