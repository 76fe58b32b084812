// Every key, generated from the keymap table, grouped by where it works, the current view's keys
// first. ↑/↓ scroll, PgDn/PgUp (Ctrl+D/U) page, / searches (Esc clears the search, then closes).
import { TextAttributes } from "@opentui/core"
import { useTerminalDimensions } from "@opentui/react"
import { useState } from "react"
import { helpSections, hintLine, type Scope } from "../../src/tui/keymap.ts"
import { useLiveState } from "../hooks/use-live-state.ts"
import { useServices, useTheme } from "../app-context.tsx"
import { fitText } from "../text-fit.ts"
import { DialogFrame } from "./dialog-frame.tsx"
import { TextField } from "./form-field.tsx"
import { useDialogKeys } from "./use-dialog-keys.ts"

const WIDTH = 70

interface HelpLine {
  text: string
  heading: boolean
}

/** The help's lines; with `query`, only the rows that contain it (and their section headings). */
export function helpLines(scopes: readonly Scope[] = [], query = ""): HelpLine[] {
  const needle = query.trim().toLowerCase()
  const lines: HelpLine[] = []
  for (const section of helpSections(scopes)) {
    const rows = section.rows.map((row) => `  ${row.label.padEnd(14)} ${row.description}`).filter((text) => text.toLowerCase().includes(needle))
    if (rows.length === 0) continue
    lines.push({ text: section.title, heading: true })
    for (const text of rows) lines.push({ text, heading: false })
  }
  return lines
}

export function HelpDialog(props: { dialogKey: number; scopes: readonly Scope[] }) {
  const theme = useTheme()
  const { ui } = useServices()
  const screen = useTerminalDimensions()
  const [top, setTop] = useState(0)
  const [searching, currentSearching, setSearching] = useLiveState(false)
  const [query, setQuery] = useState("")
  const lines = helpLines(props.scopes, query)
  const size = Math.max(3, Math.min(Math.max(lines.length, 1), screen.height - 7 - (searching ? 1 : 0)))
  const scroll = (delta: number) => setTop((t) => Math.max(0, Math.min(lines.length - size, t + delta)))
  useDialogKeys(props.dialogKey, {
    down: () => scroll(1),
    up: () => scroll(-1),
    next: () => scroll(size),
    submit: () => scroll(size),
    pageDown: () => scroll(size),
    pageUp: () => scroll(-size),
    search: () => setSearching(true),
    close: () => {
      if (!currentSearching()) return ui.getState().popDialog()
      setSearching(false)
      setQuery("")
      setTop(0)
    },
  })
  const range = lines.length === 0 ? "no match" : `${top + 1}-${Math.min(lines.length, top + size)} of ${lines.length}`
  return (
    <DialogFrame
      title={`Keys (${range})`}
      width={WIDTH}
      height={size + (searching ? 1 : 0)}
      hint={hintLine([["dialog.search", "search"], ["dialog.pageDown", "page"], ["dialog.close", searching ? "clear search" : "close"]])}
    >
      {searching ? (
        <TextField
          label="Search"
          initial=""
          focused
          width={WIDTH - 2}
          placeholder="(a key or a word)"
          onInput={(text) => {
            setQuery(text)
            setTop(0)
          }}
        />
      ) : null}
      {lines.length === 0 ? <text fg={theme.textMuted}>{" Nothing matches."}</text> : null}
      {lines.slice(top, top + size).map((line, i) => (
        <text key={top + i} fg={line.heading ? theme.accent : theme.text} attributes={line.heading ? TextAttributes.BOLD : 0}>
          {fitText(line.text, WIDTH - 2)}
        </text>
      ))}
    </DialogFrame>
  )
}
