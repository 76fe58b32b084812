// The toasts, placed by toast-layout.ts (never over an open dialog); a click on one dismisses it,
// Esc dismisses them all, and M shows the last 50 in the message log.
import type { Toast } from "../src/tui/ui-store.ts"
import type { Theme } from "./theme/theme.ts"
import { useServices, useTheme } from "./app-context.tsx"
import { useUiState } from "./hooks/use-stores.ts"
import { placeToasts } from "./toast-layout.ts"

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

export function ToastStack(props: { width: number; height: number }) {
  const theme = useTheme()
  const { ui } = useServices()
  const toasts = useUiState((s) => s.toasts)
  const dialogOpen = useUiState((s) => s.dialogs.length > 0)
  const dialogRect = useUiState((s) => s.dialogRect)
  // While a dialog opens its place is not known yet: no toast until it is.
  if (dialogOpen && dialogRect === null) return null
  const placed = placeToasts(toasts, props, dialogOpen ? dialogRect : null)
  if (!placed) return null
  return (
    <box position="absolute" top={placed.top} left={placed.left} width={placed.width} height={placed.height} flexDirection="column" zIndex={100}>
      {placed.toasts.map(({ toast, lines }) => (
        <box
          key={toast.id}
          border
          borderStyle="rounded"
          borderColor={toastColour(theme, toast.kind)}
          backgroundColor={theme.panel}
          height={lines.length + 2}
          flexDirection="column"
          onMouseDown={() => ui.getState().dismissToast(toast.id)}
        >
          {lines.map((line, i) => (
            <text key={i} fg={toast.kind === "error" ? theme.error : theme.text}>
              {line}
            </text>
          ))}
        </box>
      ))}
    </box>
  )
}
