// The merge conflicts (C): what merging an outside change of tasks.json could not keep, each with
// both values (see store/outside-merge.ts). `tsk conflicts clear` forgets them once looked at.
import { useTerminalDimensions } from "@opentui/react"
import { useState } from "react"
import { hintLine } from "../../src/tui/keymap.ts"
import { conflictRows, currentConflicts } from "../../src/tui/conflicts-feed.ts"
import { escapeControls } from "../../src/domain/text-safety.ts"
import { useTheme } from "../app-context.tsx"
import { useAppState } from "../hooks/use-stores.ts"
import { Line } from "../line.tsx"
import { DialogFrame } from "./dialog-frame.tsx"
import { useDialogKeys } from "./use-dialog-keys.ts"

const WIDTH = 100

export function ConflictsDialog(props: { dialogKey: number }) {
  const theme = useTheme()
  const screen = useTerminalDimensions()
  const home = useAppState((s) => s.home)
  const records = currentConflicts(home)
  const [top, setTop] = useState(0)
  const size = Math.max(2, Math.min(Math.max(records.length, 1), Math.floor((screen.height - 8) / 2)))
  const scroll = (delta: number) => setTop((t) => Math.max(0, Math.min(records.length - size, t + delta)))
  useDialogKeys(props.dialogKey, { down: () => scroll(1), up: () => scroll(-1), pageDown: () => scroll(size), pageUp: () => scroll(-size), next: () => scroll(size) })
  const width = Math.min(WIDTH, screen.width - 2)
  return (
    <DialogFrame title={`Merge conflicts (${records.length}) · tsk conflicts clear forgets them`} width={WIDTH} height={size * 2} hint={hintLine([["dialog.down", "scroll"], ["dialog.close", "close"]])}>
      {records.length === 0 ? <text fg={theme.textMuted}>{" No conflicts."}</text> : null}
      {records.slice(top, top + size).flatMap((record) => {
        const [head, values] = conflictRows(record)
        return [
          <Line key={`${record.id}-head`} width={width - 2} fg={theme.text} segments={[{ text: ` ${escapeControls(head)}`, fg: theme.warning }]} />,
          <Line key={`${record.id}-values`} width={width - 2} fg={theme.text} segments={[{ text: `   ${escapeControls(values)}`, fg: theme.text }]} />,
        ]
      })}
    </DialogFrame>
  )
}
