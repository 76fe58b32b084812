// Recording what agents do through the bridge into their memory: each answered command (call and
// answer) goes to the raw log of its sender (source + agentId), one append per agent per unit.
//   - The append to the raw log (one fsynced write) is made by the unit itself, after its answers
//     are in the outbox and before its inbox files are deleted: a runner killed before it finds the
//     files still there and records them then (claim-processor.ts), whether it runs the unit again
//     or only delivers its remembered answers. Recording after a crash (see `recovered`) skips the
//     commands a log already holds, so none is recorded twice.
//   - Taking the new lines into the agent's context (loading it, persisting the snapshot, closing a
//     long epoch: the costly part) follows once the runner is idle (no pass under way, nothing
//     recorded for REFRESH_QUIET_MS; at most REFRESH_LATEST_MS after the first line it takes in),
//     per agent: answers never wait for it, and a burst of queued commands is taken in once instead
//     of after every unit (each refresh checks the whole snapshot, in the thread the units run in).
// A memory failure is reported, never turned into a failed command. memory-* commands are memory
// already and are not recorded again.
import type { AgentCommand, AgentResponse } from "./protocol.ts"
import { bridgeAgentId } from "../memory/agent-id.ts"
import { trafficMessages } from "../memory/agent-traffic.ts"
import type { MemoryManager } from "../memory/memory-manager.ts"
import { readJsonLines } from "../memory/jsonl-file.ts"
import { TskError } from "../domain/errors.ts"
import { bridgeTrace as trace } from "./stage-trace.ts"

const APPEND_PATIENCE_MS = 6000
const REFRESH_QUIET_MS = 200
const REFRESH_LATEST_MS = 2000

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

/** `busy`: is the runner processing the inbox now? (The refresh waits for it.) */
export function createTrafficRecorder(manager: MemoryManager, onError: (error: unknown) => void, busy: () => boolean = () => false): TrafficRecorder {
  // Agents whose logs gained lines since their context was last refreshed.
  const stale = new Set<string>()
  let refreshing: Promise<void> | null = null
  let timer: ReturnType<typeof setTimeout> | null = null
  let lastRecorded = 0
  let firstStale = 0
  const latest = () => firstStale + REFRESH_LATEST_MS
  const dueAt = () => Math.min(lastRecorded + REFRESH_QUIET_MS, latest())

  function kick(): void {
    if (stale.size === 0 || refreshing || timer) return
    timer = setTimeout(
      () => {
        timer = null
        const now = Date.now()
        if (now >= latest() || (now >= dueAt() && !busy())) start()
        else kick()
      },
      Math.max(REFRESH_QUIET_MS / 4, dueAt() - Date.now()),
    )
    timer.unref?.()
  }

  function start(): void {
    if (timer) clearTimeout(timer)
    timer = null
    refreshing = refresh().finally(() => {
      refreshing = null
      kick()
    })
  }

  // Lines recorded meanwhile make their agents stale again, taken in at the next quiet.
  async function refresh(): Promise<void> {
    const agents = [...stale]
    stale.clear()
    for (const agentId of agents) {
      const started = performance.now()
      try {
        await manager.settle(agentId)
        trace.event("settle", performance.now() - started, { agentId })
      } catch (error) {
        onError(error)
      }
    }
  }

  return {
    async record(answered, recovered = false) {
      const byAgent = new Map<string, AnsweredCommand[]>()
      for (const item of answered) {
        if (item.command.command.startsWith("memory-")) continue
        const agentId = bridgeAgentId(item.command.source, item.command.agentId)
        const items = byAgent.get(agentId)
        if (items) items.push(item)
        else byAgent.set(agentId, [item])
      }
      for (const [agentId, items] of byAgent) {
        try {
          const known = recovered ? recordedCallIds(manager.paths(agentId).messages) : null
          const messages = items
            .filter(({ command }) => !known?.has(command.id))
            .flatMap(({ command, response }) => trafficMessages({ id: command.id, command: command.command, payload: command.payload }, response))
          if (messages.length === 0) continue
          await appendOutlastingLock(manager, agentId, messages)
          lastRecorded = Date.now()
          if (stale.size === 0) firstStale = lastRecorded
          stale.add(agentId)
        } catch (error) {
          onError(error)
        }
      }
      kick()
    },
    idle: async () => {
      // Stopping: what waits for quiet is taken in now.
      while (refreshing || timer) {
        if (!refreshing) start()
        await refreshing
      }
    },
  }
}
