// Connects the TUI to the agent bridge: with `integrations.agent.enabled` it starts the bridge
// runner in this process (unless another process already runs it), turns each processed command
// into a toast, and keeps the header's ⚡ Agent indicator true while a bridge runs anywhere.
import type { ProcessedEvent } from "../bridge/claim-processor.ts"
import type { AppStore } from "../store/app-store.ts"
import { sentByThisTui } from "./c64-control.ts"
import { PHASE_TOAST_COMMANDS } from "./os-toasts.ts"
import type { Toaster } from "./toaster.ts"

/** What the runner reports per processed command (its type only: the bridge loads on demand). */
export type BridgeEvent = Pick<ProcessedEvent, "type" | "commandId" | "command" | "status" | "summary" | "error">

export interface BridgeHandle {
  stop(): Promise<void>
  onEvent(listener: (event: BridgeEvent) => void): () => void
}

/** Start the bridge runner here; null when another process already is the runner. */
export type StartBridge = (options: { home: string; store: AppStore }) => Promise<BridgeHandle | null>

export interface AgentLinkOptions {
  home: string
  store: AppStore
  toaster: Toaster
  /** Start the bridge here (integrations.agent.enabled and a runner available). */
  startBridge: StartBridge | null
  /** Does a bridge run in any process? Polled for the header indicator. */
  bridgeRunning(): boolean
  onRunningChange(running: boolean): void
  pollMs?: number
}

export interface AgentLink {
  /** The runner started in this process, if any. */
  readonly ownsBridge: boolean
  stop(): Promise<void>
}

/** The toast for a processed command; none for one this TUI sent itself (it shows its own), nor for an
 * os command whose whole effect is a phase change (os-toasts.ts shows that from every process). */
export function agentToast(event: BridgeEvent): { kind: "agent" | "error"; message: string } | null {
  if (event.status === "ok" && PHASE_TOAST_COMMANDS.has(event.command)) return null
  // A C64 start or stop from this TUI's own keys: the TUI shows its own toast for it.
  if (sentByThisTui(event.commandId)) return null
  if (event.status === "ok") return { kind: "agent", message: `Agent: ${event.summary}` }
  return { kind: "error", message: `Agent: ${event.command} failed: ${event.error ?? event.summary}` }
}

export async function connectAgent(options: AgentLinkOptions): Promise<AgentLink> {
  let handle: BridgeHandle | null = null
  let unsubscribe = () => {}
  if (options.startBridge) {
    try {
      handle = await options.startBridge({ home: options.home, store: options.store })
      if (handle) {
        unsubscribe = handle.onEvent((event) => {
          const toast = agentToast(event)
          if (toast) options.toaster.show(toast.kind, toast.message)
        })
      } else {
        options.toaster.show("info", "Agent bridge already runs in another process")
      }
    } catch (error) {
      options.toaster.error(error)
    }
  }
  const owned = handle
  let last: boolean | null = null
  const poll = () => {
    let running = owned !== null
    try {
      running = running || options.bridgeRunning()
    } catch {
      // runner.json unreadable: show what this process knows
    }
    if (running !== last) options.onRunningChange(running)
    last = running
  }
  poll()
  const timer = setInterval(poll, options.pollMs ?? 1000)
  return {
    ownsBridge: owned !== null,
    async stop() {
      clearInterval(timer)
      unsubscribe()
      if (owned) await owned.stop()
    },
  }
}
