// Builds what the app needs from a task store: the UI store, the controller and the feeds. Used by
// start-tui, the demo, the tests and the benchmarks alike.
import { localDateOf } from "../domain/local-date.ts"
import type { AppStore } from "../store/app-store.ts"
import { createValueFeed, NO_FEEDS, type Feed, type MonitorFeeds, type ValueFeed } from "./monitor-feeds.ts"
import { createTuiController, type TuiController } from "./tui-controller.ts"
import type { ToasterOptions } from "./toaster.ts"
import { createUiStore, type UiStore } from "./ui-store.ts"

/** What every component reads (components/app-context.tsx provides it): made here, for the app. */
export interface AppServices {
  store: AppStore
  ui: UiStore
  controller: TuiController
  /** The monitor feeds; set again once the real ones are open (after the first frame). */
  feeds: ValueFeed<MonitorFeeds>
  /** Whether an agent bridge runs (in this or another process); null = unknown, not shown. */
  agentRunning: Feed<boolean> | null
  now: () => Date
  env: NodeJS.ProcessEnv
}

export interface TuiServicesOptions {
  store: AppStore
  env?: NodeJS.ProcessEnv
  now?: () => Date
  feeds?: MonitorFeeds
  agentRunning?: Feed<boolean> | null
  toaster?: ToasterOptions
  /** Resolves once the frame showing a change is drawn (the renderer's afterNextFrame). */
  afterPaint?: () => Promise<void>
}

export function createTuiServices(options: TuiServicesOptions): AppServices {
  const now = options.now ?? (() => new Date())
  const feeds = createValueFeed(options.feeds ?? NO_FEEDS)
  const ui = createUiStore({ today: localDateOf(now()), now, view: options.store.getState().config.ui.defaultView })
  const controller = createTuiController({ store: options.store, ui, feeds, now, toaster: options.toaster, afterPaint: options.afterPaint })
  return { store: options.store, ui, controller, feeds, agentRunning: options.agentRunning ?? null, now, env: options.env ?? process.env }
}
