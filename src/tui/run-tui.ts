// Starts the full-screen TUI: the store (kept current with other processes' changes), the
// renderer, the app, the monitor feeds, the agent bridge when enabled; and on quit (q, Ctrl+C,
// SIGTERM/SIGHUP) finishes pending writes, stops the bridge, the feeds and the watchers, and
// restores the terminal before returning.
import { createCliRenderer, type CliRenderer } from "@opentui/core"
import { createRoot, flushSync } from "@opentui/react"
import { createElement, type ComponentType } from "react"
import { createAppStore } from "../store/app-store.ts"
import { tskHome } from "../store/paths.ts"
import { connectAgent, type StartBridge } from "./agent-link.ts"
import { createValueFeed, type MonitorFeeds } from "./monitor-feeds.ts"
import type { OpenedFeeds } from "./open-monitor-feeds.ts"
import { createTuiServices, type AppServices } from "./tui-services.ts"
import { launchMark, launchTraceWrite } from "../store/launch-trace.ts"
import { afterNextFrame, firstContentFrame, nextMacrotask } from "./paint-gate.ts"
import type { PaintedScreen } from "./painted-screen.ts"

export interface StartTuiOptions {
  env: NodeJS.ProcessEnv
  /**
   * The app to mount (components/app.tsx), from the caller above this layer; called once
   * NODE_ENV is settled, since React reads it when it loads.
   */
  loadApp: () => Promise<ComponentType<{ services: AppServices }>>
  /** How to start the agent bridge here when integrations.agent.enabled (default: the real runner). */
  startBridge?: StartBridge
  /** The monitor feeds (default: the C64 task state and the agent operating state of this home). */
  feeds?: MonitorFeeds
  /** The first screen drawn before the app loaded, and the list read for it (`tsk`; not the demo). */
  painted?: PaintedScreen | null
  /** Runs once the app is on screen; the returned function is called on quit (the demo's agent). */
  onStarted?: (started: { home: string; notifyError(message: string): void }) => () => Promise<void> | void
}

const QUIT_SIGNALS = ["SIGTERM", "SIGHUP", "SIGINT"] as const

/** The real bridge runner, loaded only when the agent integration asks for it. */
function defaultBridgeStarter(env: NodeJS.ProcessEnv): StartBridge {
  return async (options) => (await import("../bridge/tui-bridge.ts")).tuiBridgeStarter(env)(options)
}

export async function runTui(options: StartTuiOptions): Promise<number> {
  const home = tskHome(options.env)
  const app = options.loadApp()
  const store = createAppStore({ home, firstRead: options.painted?.firstRead })
  await store.getState().reload()
  launchMark("run-tui: tasks read")
  const App = await app
  launchMark("run-tui: app loaded")
  const agentRunning = createValueFeed(false)
  let renderer: CliRenderer | null = null
  const services = createTuiServices({
    store,
    env: options.env,
    feeds: options.feeds,
    agentRunning,
    afterPaint: () => (renderer ? afterNextFrame(renderer) : nextMacrotask()),
  })
  const { controller } = services
  options.painted?.beforeRenderer()
  // ui.mouse off: the terminal keeps the mouse (plain text selection without Shift).
  renderer = await createCliRenderer({
    exitOnCtrlC: false,
    exitSignals: [],
    targetFps: 30,
    useMouse: store.getState().config.ui.mouse,
    onDestroy: () => controller.context.requestQuit(),
  })
  options.painted?.handOver()
  launchMark("run-tui: renderer created")
  const stopMouseSetting = store.subscribe((s) => {
    if (renderer.useMouse !== s.config.ui.mouse) renderer.useMouse = s.config.ui.mouse
  })
  const onSignal = () => controller.context.requestQuit()
  for (const signal of QUIT_SIGNALS) process.on(signal, onSignal)
  const root = createRoot(renderer)
  let stopReloading: (() => Promise<void>) | null = null
  let stopStarted: (() => Promise<void> | void) | null = null
  let agent: Awaited<ReturnType<typeof connectAgent>> | null = null
  let monitor: Promise<OpenedFeeds | null> = Promise.resolve(null)
  try {
    // Rendered synchronously, which also runs the effects (React flushes a sync render's effects
    // before it returns): the key handlers subscribe in them, and a key typed as soon as the first
    // frame shows was otherwise dropped until React got round to them.
    flushSync(() => root.render(createElement(App, { services })))
    launchMark("run-tui: rendered")
    stopReloading = store.getState().watch()
    // What the first frame does not need loads once it is drawn: the monitor feeds (the C64, os,
    // memory and checkpoint modules and their schemas; the panes say "not connected" until then),
    // the runner status and the bridge. Module loading runs on the one JavaScript thread, so
    // starting them earlier would hold the first frame back.
    await firstContentFrame(renderer)
    launchMark("run-tui: first frame")
    launchTraceWrite()
    // Keys typed while the app loaded (tsk's first screen showed the list meanwhile) are answered
    // first: the loading below holds the one JavaScript thread for ~20 ms.
    await afterNextFrame(renderer)
    if (!options.feeds) {
      monitor = import("./open-monitor-feeds.ts")
        .then(({ openMonitorFeeds }) => openMonitorFeeds(home, options.env))
        .then((opened) => {
          services.feeds.set(opened.feeds)
          for (const problem of opened.problems) controller.toaster.show("error", problem)
          return opened
        })
    }
    const { readRunnerStatus } = await import("../store/runner-role.ts")
    agent = await connectAgent({
      home,
      store,
      toaster: controller.toaster,
      startBridge: store.getState().config.integrations.agent.enabled ? (options.startBridge ?? defaultBridgeStarter(options.env)) : null,
      bridgeRunning: () => readRunnerStatus(home).running,
      onRunningChange: (running) => agentRunning.set(running),
    })
    stopStarted = options.onStarted?.({ home, notifyError: (message) => controller.toaster.show("error", message) }) ?? null
    await controller.quitRequested
    return 0
  } finally {
    await stopStarted?.()
    await controller.writes.settle()
    await agent?.stop()
    await stopReloading?.()
    await (await monitor)?.close()
    for (const signal of QUIT_SIGNALS) process.off(signal, onSignal)
    controller.dispose()
    stopMouseSetting()
    root.unmount()
    if (!renderer.isDestroyed) renderer.destroy()
  }
}
