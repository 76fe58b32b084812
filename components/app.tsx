// The app shell: header, read-only banner, the current view, the toast band, status bar and dialogs.
import { useTerminalDimensions } from "@opentui/react"
import { useStore } from "zustand"
import { ServicesProvider, ThemeProvider, useServices, useTheme, type AppServices } from "./app-context.tsx"
import { BoardView } from "./board/board-view.tsx"
import { CalendarView } from "./calendar/calendar-view.tsx"
import { DialogHost } from "./dialogs/dialog-host.tsx"
import { Header } from "./header.tsx"
import { useAppKeys } from "./hooks/use-app-keys.ts"
import { useFeed } from "./hooks/use-feed.ts"
import { useAppState, useUiState } from "./hooks/use-stores.ts"
import { ListView } from "./list/list-view.tsx"
import { MonitorView } from "./monitor/monitor-view.tsx"
import { ReadOnlyBanner } from "./read-only-banner.tsx"
import { StatusBar } from "./status-bar.tsx"
import { chooseTheme } from "./theme/theme.ts"
import { ToastStack, useScreenLayout } from "./toast-stack.tsx"

function Body(props: { width: number; height: number }) {
  const view = useUiState((s) => s.view)
  switch (view) {
    case "list":
      return <ListView width={props.width} height={props.height} />
    case "board":
      return <BoardView width={props.width} height={props.height} />
    case "calendar":
      return <CalendarView width={props.width} height={props.height} />
    case "monitor":
      return <MonitorView width={props.width} height={props.height} />
  }
}

function Shell() {
  useAppKeys()
  const theme = useTheme()
  const { agentRunning } = useServices()
  const { width, height } = useTerminalDimensions()
  const loaded = useAppState((s) => s.loaded)
  const agent = useFeed(agentRunning, false)
  const { bodyHeight, toasts } = useScreenLayout(width, height)
  return (
    <box width={width} height={height} flexDirection="column" backgroundColor={theme.background}>
      <Header width={width} agentRunning={agent} />
      <ReadOnlyBanner width={width} />
      {loaded ? <Body width={width} height={bodyHeight} /> : <box height={bodyHeight} />}
      <ToastStack width={width} toasts={toasts} />
      <StatusBar width={width} />
      <DialogHost />
    </box>
  )
}

export function App(props: { services: AppServices }) {
  const configured = useStore(props.services.store, (s) => s.config.ui.theme)
  return (
    <ServicesProvider services={props.services}>
      <ThemeProvider theme={chooseTheme(configured, props.services.env)}>
        <Shell />
      </ThemeProvider>
    </ServicesProvider>
  )
}
