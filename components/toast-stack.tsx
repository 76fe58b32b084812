// Toasts in the top-right corner, newest last, at most three (the UI store enforces it).
import type { Toast } from "../src/tui/ui-store.ts"
import type { Theme } from "./theme/theme.ts"
import { useTheme } from "./app-context.tsx"
import { useUiState } from "./hooks/use-stores.ts"
import { fitText } from "./text-fit.ts"

const ICONS: Record<Toast["kind"], string> = { info: "i", success: "✓", error: "✗", agent: "⚡" }

function colourOf(theme: Theme, kind: Toast["kind"]) {
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

export function ToastStack(props: { width: number }) {
  const theme = useTheme()
  const toasts = useUiState((s) => s.toasts)
  if (toasts.length === 0) return null
  const width = Math.min(48, Math.max(20, props.width - 4))
  return (
    <box position="absolute" top={1} right={1} width={width} flexDirection="column" zIndex={100}>
      {toasts.map((toast) => (
        <box key={toast.id} border borderStyle="rounded" borderColor={colourOf(theme, toast.kind)} backgroundColor={theme.panel} height={3}>
          <text fg={toast.kind === "error" ? theme.error : theme.text}>{fitText(`${ICONS[toast.kind]} ${toast.message}`, width - 2)}</text>
        </box>
      ))}
    </box>
  )
}
