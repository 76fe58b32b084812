import { afterEach, describe, expect, it } from "vitest"
import { rmSync } from "node:fs"
import { createAppStore } from "../../src/store/app-store.ts"
import { agentToast, connectAgent, type BridgeEvent, type BridgeHandle } from "../../src/tui/agent-link.ts"
import { createUiStore } from "../../src/tui/ui-store.ts"
import { createToaster } from "../../src/tui/toaster.ts"
import { makeHome } from "./app-harness.tsx"

const homes: string[] = []
afterEach(() => {
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true })
})

function fakeBridge() {
  const listeners = new Set<(event: BridgeEvent) => void>()
  let stopped = false
  const handle: BridgeHandle = {
    async stop() {
      stopped = true
    },
    onEvent(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  return { handle, emit: (event: BridgeEvent) => listeners.forEach((l) => l(event)), stopped: () => stopped }
}

function setup() {
  const home = makeHome()
  homes.push(home)
  const ui = createUiStore({ today: "2026-03-10" })
  const toaster = createToaster(ui)
  return { home, store: createAppStore({ home }), ui, toaster }
}

describe("the agent link", () => {
  it("words a processed command as Agent: <summary>, and a failure as an error", () => {
    expect(agentToast({ type: "processed", commandId: "1", command: "create", status: "ok", summary: "created 'Fix bug'" })).toEqual({ kind: "agent", message: "Agent: created 'Fix bug'" })
    expect(agentToast({ type: "processed", commandId: "2", command: "update", status: "error", summary: "", error: "task not found" })).toEqual({ kind: "error", message: "Agent: update failed: task not found" })
  })

  it("starts the bridge, toasts each processed command, shows it running, and stops it on exit", async () => {
    const { home, store, ui, toaster } = setup()
    const bridge = fakeBridge()
    const running: boolean[] = []
    const link = await connectAgent({ home, store, toaster, startBridge: async () => bridge.handle, bridgeRunning: () => false, onRunningChange: (r) => running.push(r) })
    bridge.emit({ type: "processed", commandId: "1", command: "create", status: "ok", summary: "created 'Fix bug'" })
    expect(ui.getState().toasts.map((t) => t.message)).toEqual(["Agent: created 'Fix bug'"])
    expect(running).toEqual([true])
    expect(link.ownsBridge).toBe(true)
    await link.stop()
    expect(bridge.stopped()).toBe(true)
    toaster.dispose()
  })

  it("says so when another process already runs the bridge, and shows it as running", async () => {
    const { home, store, ui, toaster } = setup()
    const running: boolean[] = []
    const link = await connectAgent({ home, store, toaster, startBridge: async () => null, bridgeRunning: () => true, onRunningChange: (r) => running.push(r) })
    expect(ui.getState().toasts[0]?.message).toBe("Agent bridge already runs in another process")
    expect(running).toEqual([true])
    await link.stop()
    toaster.dispose()
  })

  it("without the agent integration starts nothing but still shows another process's bridge", async () => {
    const { home, store, toaster } = setup()
    let up = false
    const running: boolean[] = []
    const link = await connectAgent({ home, store, toaster, startBridge: null, bridgeRunning: () => up, onRunningChange: (r) => running.push(r), pollMs: 10 })
    up = true
    await new Promise((resolve) => setTimeout(resolve, 40))
    expect(running).toEqual([false, true])
    await link.stop()
    toaster.dispose()
  })
})
