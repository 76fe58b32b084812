// What every component reads: the task store, the UI store, the controller, the theme, the clock.
import { createContext, useContext, type ReactNode } from "react"
import type { AppStore } from "../src/store/app-store.ts"
import type { TuiController } from "../src/tui/tui-controller.ts"
import type { UiStore } from "../src/tui/ui-store.ts"
import type { Feed, MonitorFeeds, ValueFeed } from "../src/tui/monitor-feeds.ts"
import type { Theme } from "./theme/theme.ts"

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

const ServicesContext = createContext<AppServices | null>(null)
const ThemeContext = createContext<Theme | null>(null)

export function ServicesProvider(props: { services: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={props.services}>{props.children}</ServicesContext.Provider>
}

export function ThemeProvider(props: { theme: Theme; children: ReactNode }) {
  return <ThemeContext.Provider value={props.theme}>{props.children}</ThemeContext.Provider>
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext)
  if (!services) throw new Error("useServices outside <ServicesProvider>")
  return services
}

export function useTheme(): Theme {
  const theme = useContext(ThemeContext)
  if (!theme) throw new Error("useTheme outside <ThemeProvider>")
  return theme
}
