// Recording what agents do through the bridge into their memory: each answered command (call and
// answer) goes to the raw log of its sender (source + agentId), one append per agent per unit.
//   - The append to the raw log (one fsynced write) is made by the unit itself, after its answers
//     are in the outbox and before its inbox files are deleted: a runner killed before it finds the
//     files still there and records them then (claim-processor.ts), whether it runs the unit again
//     or only delivers its remembered answers. Recording after a crash (see `recovered`) skips the
//     commands a log already holds, so none is recorded twice.
//   - Taking the new lines into the agent's context (loading it, persisting the snapshot, closing a
//     long epoch: the costly part) is queued after the pass, per agent, so answers never wait for it.
// A memory failure is reported, never turned into a failed command. memory-* commands are memory
// already and are not recorded again.
import type { AgentCommand, AgentResponse } from "./protocol.ts"
import { bridgeAgentId } from "../memory/agent-id.ts"
import { trafficMessages } from "../memory/agent-traffic.ts"
import type { MemoryManager } from "../memory/memory-manager.ts"
import { readJsonLines } from "../memory/jsonl-file.ts"
import { TskError } from "../domain/errors.ts"

const APPEND_PATIENCE_MS = 6000

export interface AnsweredCommand {
  command: AgentCommand
  response: AgentResponse
}

export interface TrafficRecorder {
  /**
   * Append the commands to their agents' raw logs, durably. `recovered`: the unit may have been
   * recorded before a crash, so commands whose call a log already holds are left out.
   */
  record(answered: readonly AnsweredCommand[], recovered?: boolean): Promise<void>
  /** Resolves once every context to refresh is refreshed (or has failed and been reported). */
  idle(): Promise<void>
}

/** The ids of the tool calls an agent's raw log holds (read only when a unit runs again). */
function recordedCallIds(path: string): Set<string> {
  const ids = new Set<string>()
  let lines: string[]
  try {
    lines = readJsonLines(path).lines
  } catch {
    return ids
  }
  for (const line of lines) {
    try {
      const calls = (JSON.parse(line) as { message?: { tool_calls?: { id?: unknown }[] } }).message?.tool_calls
      for (const call of calls ?? []) if (typeof call.id === "string") ids.add(call.id)
    } catch {
      // a damaged line names nothing
    }
  }
  return ids
}

/**
 * A runner killed while appending leaves the memory's append lock behind, taken over only once it
 * is stale (5 s); the first attempt gives up sooner (3 s), so the append is tried again past that.
 */
async function appendOutlastingLock(manager: MemoryManager, agentId: string, messages: unknown[]): Promise<void> {
  const until = Date.now() + APPEND_PATIENCE_MS
  for (;;) {
    try {
      await manager.append(agentId, messages, { persist: false })
      return
    } catch (error) {
      if (!(error instanceof TskError && error.kind === "conflict") || Date.now() > until) throw error
    }
  }
}

export function createTrafficRecorder(manager: MemoryManager, onError: (error: unknown) => void): TrafficRecorder {
  // Agents whose logs gained lines since their context was last refreshed.
  const stale = new Set<string>()
  let refreshing: Promise<void> | null = null

  function kick(): void {
    if (stale.size === 0 || refreshing) return
    // After the current pass has delivered its answers; the next unit may start meanwhile.
    refreshing = new Promise<void>((resolve) => setImmediate(resolve))
      .then(refresh)
      .finally(() => {
        refreshing = null
        kick()
      })
  }

  async function refresh(): Promise<void> {
    while (stale.size > 0) {
      const agents = [...stale]
      stale.clear()
      for (const agentId of agents) {
        try {
          await manager.settle(agentId)
        } catch (error) {
          onError(error)
        }
      }
    }
  }

  return {
    async record(answered, recovered = false) {
      const byAgent = new Map<string, AnsweredCommand[]>()
      for (const item of answered) {
        if (item.command.command.startsWith("memory-")) continue
        const agentId = bridgeAgentId(item.command.source, item.command.agentId)
        byAgent.set(agentId, [...(byAgent.get(agentId) ?? []), item])
      }
      for (const [agentId, items] of byAgent) {
        try {
          const known = recovered ? recordedCallIds(manager.paths(agentId).messages) : null
          const messages = items
            .filter(({ command }) => !known?.has(command.id))
            .flatMap(({ command, response }) => trafficMessages({ id: command.id, command: command.command, payload: command.payload }, response))
          if (messages.length === 0) continue
          await appendOutlastingLock(manager, agentId, messages)
          stale.add(agentId)
        } catch (error) {
          onError(error)
        }
      }
      kick()
    },
    idle: async () => {
      while (refreshing) await refreshing
    },
  }
}
