// Bottom line: mode, counts, filter and sort, and key hints generated from the keymap table.
import { TextAttributes } from "@opentui/core"
import { localDateOf } from "../src/domain/local-date.ts"
import { isOverdue } from "../src/domain/task-query.ts"
import { activeScopes } from "../src/tui/active-scopes.ts"
import { hintsFor } from "../src/tui/keymap.ts"
import { useServices, useTheme } from "./app-context.tsx"
import { useAppState, useTaskView, useUiState } from "./hooks/use-stores.ts"
import { fitText, textWidth } from "./text-fit.ts"

export function StatusBar(props: { width: number }) {
  const theme = useTheme()
  const { now } = useServices()
  const view = useTaskView()
  const readOnly = useAppState((s) => s.loadError !== null)
  const ui = useUiState((s) => s)
  const mode = ui.dialogs.length > 0 ? "DIALOG" : ui.visualAnchorId !== null ? "VISUAL" : readOnly ? "READ-ONLY" : "NORMAL"
  const today = localDateOf(now())
  let open = 0
  let done = 0
  let overdue = 0
  for (const task of view.tasks) {
    if (task.status === "done") done++
    else if (task.status !== "archived") open++
    if (isOverdue(task, today)) overdue++
  }
  const counts = `${open} open · ${done} done${overdue > 0 ? ` · ${overdue} overdue` : ""}`
  const filter = `filter:${ui.statusFilter.replace("_", " ")}${ui.search ? ` /${ui.search}` : ""} sort:${ui.sort}`
  const left = ` ${mode} `
  const middle = ` ${counts} │ ${filter} │ `
  const room = props.width - textWidth(left) - textWidth(middle)
  const hints = hintsFor(activeScopes(ui))
    .map((h) => `${h.label} ${h.hint}`)
    .join("  ")
  return (
    <box height={1} width={props.width} flexDirection="row" backgroundColor={theme.panel}>
      <text fg={mode === "READ-ONLY" ? theme.error : theme.accent} attributes={TextAttributes.BOLD | TextAttributes.INVERSE}>
        {left}
      </text>
      <text fg={theme.text}>{fitText(middle, Math.max(0, props.width - textWidth(left)))}</text>
      <text fg={theme.textMuted}>{fitText(hints, Math.max(0, room))}</text>
    </box>
  )
}
