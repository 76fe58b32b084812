// Recording what agents do through the bridge into their memory: each answered command (call and
// answer) goes to the raw log of its sender (source + agentId), one append per agent per unit.
// It runs after the answers are in the outbox, queued so the next unit need not wait, and a
// memory failure is reported, never turned into a failed command. memory-* commands are memory
// already and are not recorded again.
import type { AgentCommand, AgentResponse } from "./protocol.ts"
import { bridgeAgentId } from "../memory/agent-id.ts"
import { trafficMessages } from "../memory/agent-traffic.ts"
import type { MemoryManager } from "../memory/memory-manager.ts"

export interface AnsweredCommand {
  command: AgentCommand
  response: AgentResponse
}

export interface TrafficRecorder {
  record(answered: readonly AnsweredCommand[]): void
  /** Resolves once everything handed to `record` is written (or has failed and been reported). */
  idle(): Promise<void>
}

export function createTrafficRecorder(manager: MemoryManager, onError: (error: unknown) => void): TrafficRecorder {
  // Commands answered while a recording runs wait and go together: under load (a queue of a
  // thousand commands) memory costs one append and one cache write per agent, not one per unit.
  let pending: AnsweredCommand[] = []
  let draining: Promise<void> | null = null

  async function drain(): Promise<void> {
    while (pending.length > 0) {
      const batch = pending
      pending = []
      const byAgent = new Map<string, unknown[]>()
      for (const { command, response } of batch) {
        const agentId = bridgeAgentId(command.source, command.agentId)
        const messages = byAgent.get(agentId) ?? []
        messages.push(...trafficMessages({ id: command.id, command: command.command, payload: command.payload }, response))
        byAgent.set(agentId, messages)
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

  return {
    record(answered) {
      pending.push(...answered.filter(({ command }) => !command.command.startsWith("memory-")))
      if (pending.length === 0 || draining) return
      // After the current pass has told its listeners; the next unit may start meanwhile.
      draining = new Promise<void>((resolve) => setImmediate(resolve))
        .then(drain)
        .finally(() => {
          draining = null
        })
    },
    idle: async () => {
      while (draining) await draining
    },
  }
}
