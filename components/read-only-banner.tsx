// Shown while tasks.json or config.json cannot be read: the TUI is read-only and says what to run.
import { TextAttributes } from "@opentui/core"
import { useTheme } from "./app-context.tsx"
import { useAppState } from "./hooks/use-stores.ts"
import { fitText } from "./text-fit.ts"

export const BANNER_HEIGHT = 2

export function ReadOnlyBanner(props: { width: number }) {
  const theme = useTheme()
  const error = useAppState((s) => s.loadError)
  if (!error) return null
  return (
    <box height={BANNER_HEIGHT} width={props.width} flexDirection="column" backgroundColor={theme.panel}>
      <text fg={theme.error} attributes={TextAttributes.BOLD}>
        {fitText(` READ-ONLY: ${error.message}`, props.width)}
      </text>
      <text fg={theme.text}>{fitText(" Nothing can be changed. Quit (q) and run: tsk doctor --repair", props.width)}</text>
    </box>
  )
}
