// The toasts, in the band above the status bar that toast-layout.ts sizes (the body gives those
// rows up while a toast shows, so no pane frame or agent strip is drawn over); a click on one
// dismisses it, Esc dismisses them all, and M shows the last 50 in the message log.
import type { Toast } from "../src/tui/ui-store.ts"
import type { Theme } from "./theme/theme.ts"
import { useServices, useTheme } from "./app-context.tsx"
import { useAppState, useUiState } from "./hooks/use-stores.ts"
import { BANNER_HEIGHT } from "./read-only-banner.tsx"
import { BAND_ROWS, toastBand, type PlacedToast } from "./toast-layout.ts"

export function toastColour(theme: Theme, kind: Toast["kind"]) {
  switch (kind) {
    case "error":
      return theme.error
    case "success":
      return theme.success
    case "agent":
      return theme.agent
    case "info":
      return theme.info
  }
}

export interface ScreenLayout {
  /** Rows of the current view. */
  bodyHeight: number
  /** The toasts shown and the rows they take above the status bar. */
  toasts: PlacedToast[]
  bandHeight: number
}

/** How the screen's rows are shared between the view and the toast band (header and status bar take one each). */
export function useScreenLayout(width: number, height: number): ScreenLayout {
  const toasts = useUiState((s) => s.toasts)
  const readOnly = useAppState((s) => s.loadError !== null)
  const body = Math.max(3, height - 2 - (readOnly ? BANNER_HEIGHT : 0))
  return { bodyHeight: Math.max(1, body - BAND_ROWS), toasts: toastBand(toasts, width), bandHeight: BAND_ROWS }
}

export function ToastStack(props: { width: number; toasts: readonly PlacedToast[] }) {
  const theme = useTheme()
  const { ui } = useServices()
  return (
    <box width={props.width} height={BAND_ROWS} flexDirection="column" flexShrink={0}>
      {props.toasts.map(({ toast, lines }) => (
        <box
          key={toast.id}
          height={lines.length}
          flexDirection="column"
          flexShrink={0}
          paddingLeft={1}
          paddingRight={1}
          backgroundColor={theme.panel}
          onMouseDown={() => ui.getState().dismissToast(toast.id)}
        >
          {lines.map((line, i) => (
            <text key={i} fg={toastColour(theme, toast.kind)}>
              {line}
            </text>
          ))}
        </box>
      ))}
    </box>
  )
}
