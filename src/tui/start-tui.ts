// Starts the full-screen TUI: the store (watching other processes' changes), the renderer, the
// app, the agent bridge when enabled; and on quit (q, Ctrl+C, SIGTERM/SIGHUP) finishes pending
// writes, stops the bridge and the watcher, and restores the terminal before returning.
import { createCliRenderer } from "@opentui/core"
import { createRoot } from "@opentui/react"
import { createElement } from "react"
import { App } from "../../components/app.tsx"
import { createAppStore } from "../store/app-store.ts"
import { tskHome } from "../store/paths.ts"
import { readRunnerStatus } from "../store/runner-role.ts"
import { connectAgent, type StartBridge } from "./agent-link.ts"
import { startLiveReload } from "./live-reload.ts"
import { createValueFeed, NO_FEEDS, type MonitorFeeds } from "./monitor-feeds.ts"
import { createTuiServices } from "./tui-services.ts"

export interface StartTuiOptions {
  env: NodeJS.ProcessEnv
  /** How to start the agent bridge in this process (used when integrations.agent.enabled). */
  startBridge?: StartBridge
  feeds?: MonitorFeeds
  /** Runs once the app is on screen; the returned function is called on quit (the demo's agent). */
  onStarted?: (started: { home: string }) => () => Promise<void> | void
}

const QUIT_SIGNALS = ["SIGTERM", "SIGHUP", "SIGINT"] as const

export async function startTui(options: StartTuiOptions): Promise<number> {
  const home = tskHome(options.env)
  const store = createAppStore({ home })
  await store.getState().reload()
  const agentRunning = createValueFeed(false)
  const services = createTuiServices({ store, env: options.env, feeds: options.feeds ?? NO_FEEDS, agentRunning })
  const { controller } = services
  const renderer = await createCliRenderer({ exitOnCtrlC: false, exitSignals: [], targetFps: 30, onDestroy: () => controller.context.requestQuit() })
  const onSignal = () => controller.context.requestQuit()
  for (const signal of QUIT_SIGNALS) process.on(signal, onSignal)
  const root = createRoot(renderer)
  let stopWatching: (() => Promise<void>) | null = null
  let stopStarted: (() => Promise<void> | void) | null = null
  let agent: Awaited<ReturnType<typeof connectAgent>> | null = null
  try {
    root.render(createElement(App, { services }))
    stopWatching = startLiveReload(store)
    agent = await connectAgent({
      home,
      store,
      toaster: controller.toaster,
      startBridge: store.getState().config.integrations.agent.enabled ? options.startBridge ?? null : null,
      bridgeRunning: () => readRunnerStatus(home).running,
      onRunningChange: (running) => agentRunning.set(running),
    })
    stopStarted = options.onStarted?.({ home }) ?? null
    await controller.quitRequested
    return 0
  } finally {
    await stopStarted?.()
    await controller.writes.settle()
    await agent?.stop()
    await stopWatching?.()
    for (const signal of QUIT_SIGNALS) process.off(signal, onSignal)
    controller.dispose()
    root.unmount()
    if (!renderer.isDestroyed) renderer.destroy()
  }
}
