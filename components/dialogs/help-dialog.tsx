// Every key, generated from the keymap table, grouped by where it works; ↑/↓ scroll.
import { TextAttributes } from "@opentui/core"
import { useTerminalDimensions } from "@opentui/react"
import { useState } from "react"
import { helpSections, hintLine } from "../../src/tui/keymap.ts"
import { useTheme } from "../app-context.tsx"
import { fitText } from "../text-fit.ts"
import { DialogFrame } from "./dialog-frame.tsx"
import { useDialogKeys } from "./use-dialog-keys.ts"

const WIDTH = 70

interface HelpLine {
  text: string
  heading: boolean
}

export function helpLines(): HelpLine[] {
  const lines: HelpLine[] = []
  for (const section of helpSections()) {
    lines.push({ text: section.title, heading: true })
    for (const row of section.rows) lines.push({ text: `  ${row.label.padEnd(12)} ${row.description}`, heading: false })
  }
  return lines
}

export function HelpDialog(props: { dialogKey: number }) {
  const theme = useTheme()
  const screen = useTerminalDimensions()
  const [top, setTop] = useState(0)
  const lines = helpLines()
  const size = Math.max(3, Math.min(lines.length, screen.height - 7))
  const scroll = (delta: number) => setTop((t) => Math.max(0, Math.min(lines.length - size, t + delta)))
  useDialogKeys(props.dialogKey, { down: () => scroll(1), up: () => scroll(-1), next: () => scroll(size), submit: () => scroll(size) })
  return (
    <DialogFrame title={`Keys (${top + 1}-${Math.min(lines.length, top + size)} of ${lines.length})`} width={WIDTH} height={size} hint={hintLine([["dialog.down", "scroll"], ["dialog.next", "page"], ["dialog.close", "close"]])}>
      {lines.slice(top, top + size).map((line, i) => (
        <text key={top + i} fg={line.heading ? theme.accent : theme.text} attributes={line.heading ? TextAttributes.BOLD : 0}>
          {fitText(line.text, WIDTH - 2)}
        </text>
      ))}
    </DialogFrame>
  )
}
