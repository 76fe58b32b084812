// The box every dialog is drawn in: centred over the screen (above the toast band), titled, with a hint line at the bottom.
import type { ReactNode } from "react"
import { useTerminalDimensions } from "@opentui/react"
import { useTheme } from "../app-context.tsx"
import { fitText } from "../text-fit.ts"
import { useScreenLayout } from "../toast-stack.tsx"

export interface DialogFrameProps {
  title: string
  width: number
  /** Inner lines (without border and hint line). */
  height: number
  hint: string
  children: ReactNode
}

export function DialogFrame(props: DialogFrameProps) {
  const theme = useTheme()
  const screen = useTerminalDimensions()
  const width = Math.min(props.width, screen.width - 2)
  const height = Math.min(props.height + 3, screen.height - 2)
  const left = Math.max(0, Math.floor((screen.width - width) / 2))
  // Lifted clear of the toast band when there is room, so a new toast never hides a field; a dialog
  // too tall for that is drawn over the band (a toast never covers a dialog).
  const { bandHeight } = useScreenLayout(screen.width, screen.height)
  const top = Math.max(1, Math.min(Math.floor((screen.height - height) / 2), screen.height - 1 - bandHeight - height))
  return (
    <box
      position="absolute"
      left={left}
      top={top}
      width={width}
      height={height}
      zIndex={50}
      border
      borderStyle="rounded"
      borderColor={theme.borderFocused}
      backgroundColor={theme.panel}
      title={` ${props.title} `}
      flexDirection="column"
    >
      <box flexDirection="column" flexGrow={1}>
        {props.children}
      </box>
      <text fg={theme.textMuted}>{fitText(props.hint, width - 2)}</text>
    </box>
  )
}
