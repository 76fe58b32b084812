// The message log (M): the last 50 toasts, newest first, with the time each was shown; like
// lazygit's command log, so a toast that went by too fast can be read again.
import { useTerminalDimensions } from "@opentui/react"
import { useState } from "react"
import { hintLine } from "../../src/tui/keymap.ts"
import { useTheme } from "../app-context.tsx"
import { useUiState } from "../hooks/use-stores.ts"
import { Line } from "../line.tsx"
import { TOAST_ICONS } from "../toast-layout.ts"
import { toastColour } from "../toast-stack.tsx"
import { DialogFrame } from "./dialog-frame.tsx"
import { useDialogKeys } from "./use-dialog-keys.ts"

const WIDTH = 90

export function messageTime(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0")
  return `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`
}

export function MessagesDialog(props: { dialogKey: number }) {
  const theme = useTheme()
  const screen = useTerminalDimensions()
  const messages = [...useUiState((s) => s.messages)].reverse()
  const [top, setTop] = useState(0)
  const size = Math.max(3, Math.min(Math.max(messages.length, 1), screen.height - 7))
  const scroll = (delta: number) => setTop((t) => Math.max(0, Math.min(messages.length - size, t + delta)))
  useDialogKeys(props.dialogKey, { down: () => scroll(1), up: () => scroll(-1), pageDown: () => scroll(size), pageUp: () => scroll(-size), next: () => scroll(size) })
  const width = Math.min(WIDTH, screen.width - 2)
  return (
    <DialogFrame title={`Messages (${messages.length}, newest first)`} width={WIDTH} height={size} hint={hintLine([["dialog.down", "scroll"], ["dialog.pageDown", "page"], ["dialog.close", "close"]])}>
      {messages.length === 0 ? <text fg={theme.textMuted}>{" No messages yet."}</text> : null}
      {messages.slice(top, top + size).map((m) => (
        <Line
          key={m.id}
          width={width - 2}
          fg={theme.text}
          segments={[
            { text: ` ${messageTime(m.at)} `, fg: theme.textMuted },
            { text: `${TOAST_ICONS[m.kind]} `, fg: toastColour(theme, m.kind) },
            { text: m.message, fg: m.kind === "error" ? theme.error : theme.text },
          ]}
        />
      ))}
    </DialogFrame>
  )
}
