// The conflicts (C): what merges set aside (a sync, the git merge driver, an outside change of
// tasks.json), newest first, each with both values and their times, as `tsk conflicts` lists them.
import { useTerminalDimensions } from "@opentui/react"
import { useState } from "react"
import { hintLine } from "../../src/tui/keymap.ts"
import type { ConflictRecord } from "../../src/store/conflicts-store.ts"
import { stripControlsLine } from "../../src/domain/text-safety.ts"
import { useTheme } from "../app-context.tsx"
import { useFeed } from "../hooks/use-feed.ts"
import { useMonitorFeeds } from "../hooks/use-monitor-feeds.ts"
import { Line } from "../line.tsx"
import { DialogFrame } from "./dialog-frame.tsx"
import { useDialogKeys } from "./use-dialog-keys.ts"

const WIDTH = 100
const NONE: readonly ConflictRecord[] = []

const shown = (value: unknown) => stripControlsLine(value === undefined ? "(none)" : typeof value === "string" ? value : JSON.stringify(value))

/** Two lines a record: the task and field, then what was kept and what was set aside. */
export function conflictLines(r: ConflictRecord): [string, string] {
  const head = `${r.taskId.slice(0, 8)} ${stripControlsLine(r.title)}  ${r.field}`
  if (r.field === "deleted") return [head, `  kept the edited task (${r.keptUpdatedAt}); the delete from ${r.source} was not applied`]
  if (r.reason !== undefined) return [head, `  dropped the link to ${shown(r.lost)} (${r.reason}), ${r.source}`]
  return [head, `  kept ${shown(r.kept)} (${r.keptUpdatedAt})  lost ${shown(r.lost)} (${r.lostUpdatedAt}, ${r.source})`]
}

export function ConflictsDialog(props: { dialogKey: number }) {
  const theme = useTheme()
  const screen = useTerminalDimensions()
  const badge = useFeed(useMonitorFeeds().sync ?? null, null)
  const conflicts = badge?.conflicts ?? NONE
  const [top, setTop] = useState(0)
  const rows = Math.max(1, Math.min(conflicts.length, Math.floor((screen.height - 7) / 2)))
  const scroll = (delta: number) => setTop((t) => Math.max(0, Math.min(conflicts.length - rows, t + delta)))
  useDialogKeys(props.dialogKey, { down: () => scroll(1), up: () => scroll(-1), pageDown: () => scroll(rows), pageUp: () => scroll(-rows), next: () => scroll(rows) })
  const width = Math.min(WIDTH, screen.width - 2)
  const total = badge?.openConflicts ?? 0
  return (
    <DialogFrame title={`Conflicts (${total}, newest first; tsk conflicts clear once seen)`} width={WIDTH} height={Math.max(1, rows * 2)} hint={hintLine([["dialog.down", "scroll"], ["dialog.pageDown", "page"], ["dialog.close", "close"]])}>
      {conflicts.length === 0 ? <text fg={theme.textMuted}>{" No conflicts."}</text> : null}
      {conflicts.slice(top, top + rows).flatMap((r) => {
        const [head, detail] = conflictLines(r)
        return [
          <Line key={`${r.id}-h`} width={width - 2} fg={theme.text} segments={[{ text: ` ${head}`, fg: theme.warning }]} />,
          <Line key={`${r.id}-d`} width={width - 2} fg={theme.text} segments={[{ text: ` ${detail}`, fg: theme.text }]} />,
        ]
      })}
    </DialogFrame>
  )
}
