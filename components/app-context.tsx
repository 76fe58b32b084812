// What every component reads: the task store, the UI store, the controller, the theme, the clock.
import { createContext, useContext, type ReactNode } from "react"
import type { AppServices } from "../src/tui/tui-services.ts"
import type { Theme } from "./theme/theme.ts"

export type { AppServices }

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
