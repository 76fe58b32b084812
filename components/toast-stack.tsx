// Toasts in the top-right corner (the bottom right on a wide Monitor), newest last, at most three (the
// UI store enforces it); a long message wraps onto a second line.
import type { Toast } from "../src/tui/ui-store.ts"
import type { Theme } from "./theme/theme.ts"
import { useTheme } from "./app-context.tsx"
import { useUiState } from "./hooks/use-stores.ts"
import { wrapText } from "./list/detail-lines.ts"
import { MONITOR_SIDE_BY_SIDE_MIN_WIDTH } from "./monitor/monitor-view.tsx"
import { fitText } from "./text-fit.ts"

const ICONS: Record<Toast["kind"], string> = { info: "i", success: "✓", error: "✗", agent: "⚡" }
const MAX_LINES = 2

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

export function toastLines(toast: Toast, width: number): string[] {
  const lines = wrapText(`${ICONS[toast.kind]} ${toast.message}`, width)
  if (lines.length <= MAX_LINES) return lines
  return [...lines.slice(0, MAX_LINES - 1), fitText(lines.slice(MAX_LINES - 1).join(" "), width)]
}

export function ToastStack(props: { width: number }) {
  const theme = useTheme()
  const toasts = useUiState((s) => s.toasts)
  // On a wide Monitor the top right holds the agent's phase and state; the log's newest lines, which
  // say what the toasts say, are the place to cover.
  const onMonitor = useUiState((s) => s.view === "monitor") && props.width >= MONITOR_SIDE_BY_SIDE_MIN_WIDTH
  if (toasts.length === 0) return null
  const width = Math.min(52, Math.max(20, props.width - 4))
  return (
    <box position="absolute" top={onMonitor ? "auto" : 1} bottom={onMonitor ? 1 : "auto"} right={1} width={width} flexDirection="column" zIndex={100}>
      {toasts.map((toast) => {
        const lines = toastLines(toast, width - 2)
        return (
          <box key={toast.id} border borderStyle="rounded" borderColor={colourOf(theme, toast.kind)} backgroundColor={theme.panel} height={lines.length + 2} flexDirection="column">
            {lines.map((line, i) => (
              <text key={i} fg={toast.kind === "error" ? theme.error : theme.text}>
                {line}
              </text>
            ))}
          </box>
        )
      })}
    </box>
  )
}
