// An agent's restored working context (Enter in the agents pane), as the Markdown a SessionStart
// hook would get, with a larger budget; ↑/↓ scroll, Tab pages. Agent text is data: control
// characters are shown as `?`, never sent to the terminal.
import { useTerminalDimensions } from "@opentui/react"
import { useEffect, useState } from "react"
import { sanitizeErrorMessage } from "../../src/domain/errors.ts"
import { hintLine } from "../../src/tui/keymap.ts"
import { useTheme } from "../app-context.tsx"
import { DialogFrame } from "../dialogs/dialog-frame.tsx"
import { useDialogKeys } from "../dialogs/use-dialog-keys.ts"
import { useMonitorFeeds } from "../hooks/use-monitor-feeds.ts"
import { fitText } from "../text-fit.ts"

const WIDTH = 96

type Loaded = { state: "loading" } | { state: "ok"; lines: string[] } | { state: "error"; message: string }

const visible = (line: string) => line.replace(/\t/g, "  ").replace(/[\u0000-\u001f\u007f-\u009f]/g, "?")

/** Lines of the context wrapped to `width`. */
export function contextLines(markdown: string, width: number): string[] {
  const out: string[] = []
  for (const raw of markdown.trimEnd().split("\n")) {
    const line = visible(raw)
    if (line.length === 0) out.push("")
    for (let i = 0; i < line.length; i += width) out.push(line.slice(i, i + width))
  }
  return out
}

export function AgentContextDialog(props: { dialogKey: number; agentId: string }) {
  const theme = useTheme()
  const screen = useTerminalDimensions()
  const memory = useMonitorFeeds().memory ?? null
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" })
  const [top, setTop] = useState(0)
  const width = Math.min(WIDTH, screen.width - 2) - 4
  useEffect(() => {
    let live = true
    if (!memory) setLoaded({ state: "error", message: "agent memory is not connected" })
    else
      memory.restore(props.agentId).then(
        (markdown) => live && setLoaded({ state: "ok", lines: contextLines(markdown, width) }),
        (error: unknown) => live && setLoaded({ state: "error", message: sanitizeErrorMessage(error) }),
      )
    return () => {
      live = false
    }
  }, [memory, props.agentId, width])
  const lines = loaded.state === "ok" ? loaded.lines : [loaded.state === "loading" ? "Restoring…" : `Cannot restore: ${loaded.message}`]
  const size = Math.max(3, Math.min(lines.length, screen.height - 7))
  const first = Math.max(0, Math.min(top, lines.length - size))
  const scroll = (delta: number) => setTop(Math.max(0, Math.min(lines.length - size, first + delta)))
  useDialogKeys(props.dialogKey, { down: () => scroll(1), up: () => scroll(-1), next: () => scroll(size), submit: () => scroll(size) })
  const range = lines.length > size ? ` · ${first + 1}-${first + size} of ${lines.length}` : ""
  return (
    <DialogFrame title={fitText(`Context of ${props.agentId}${range}`, WIDTH - 6)} width={WIDTH} height={size} hint={hintLine([["dialog.down", "scroll"], ["dialog.next", "page"], ["dialog.close", "close"]])}>
      {lines.slice(first, first + size).map((line, i) => (
        <text key={first + i} fg={loaded.state === "error" ? theme.error : theme.text} bg={theme.panel}>
          {` ${fitText(line, width)}`}
        </text>
      ))}
    </DialogFrame>
  )
}
