// The Monitor's approvals pane: agents' permission requests waiting for an answer (oldest first),
// the allow rules of sessions, then the latest answers with how each was answered ("answered in the
// terminal" when tsk did not). Tab focuses it; y/n/a answer, Enter shows a request, r revokes a rule.
import { TextAttributes } from "@opentui/core"
import { statusLabel } from "../../src/os/approval-actions.ts"
import { approvalRows, type ApprovalRow } from "../../src/tui/approval-keys.ts"
import { useTheme } from "../app-context.tsx"
import { useUiState } from "../hooks/use-stores.ts"
import { Line, type Segment } from "../line.tsx"
import type { Theme } from "../theme/theme.ts"
import { badgeStyle } from "../badge.ts"

export const APPROVALS_PANE_HEIGHT = 6

function rowSegments(theme: Theme, row: ApprovalRow, selected: boolean): Segment[] {
  const mark = { text: selected ? "›" : " ", fg: theme.accent }
  if (row.kind === "rule") {
    const { rule } = row
    return [mark, { text: " rule    ", fg: theme.success }, { text: ` allow ${rule.tool}`, fg: theme.text }, { text: ` in session ${rule.session.slice(0, 8)} (${rule.agent})`, fg: theme.textMuted }]
  }
  const { view } = row
  const pending = view.status === "pending"
  return [
    mark,
    pending ? { text: " waiting ", ...badgeStyle(theme, theme.warning) } : { text: ` ${view.status.padEnd(8)}`, fg: view.status === "allowed" ? theme.success : view.status === "denied" ? theme.error : theme.textMuted },
    { text: ` ${view.tool}: `, fg: theme.text, attributes: pending ? TextAttributes.BOLD : 0 },
    { text: view.summary, fg: pending ? theme.text : theme.textMuted },
    { text: ` · ${view.agent} ${view.session.slice(0, 8)}${pending ? "" : ` · ${statusLabel(view)}`}`, fg: theme.textMuted },
  ]
}

export function ApprovalsPane(props: { width: number; height: number; focused: boolean; connected: boolean }) {
  const theme = useTheme()
  const approvals = useUiState((s) => s.approvals)
  const index = useUiState((s) => s.approvalIndex)
  const rows = approvalRows(approvals)
  const inner = Math.max(0, props.width - 2)
  const room = Math.max(1, props.height - 2)
  const selected = Math.min(index, rows.length - 1)
  const top = Math.max(0, Math.min(selected - room + 1, rows.length - room))
  const title = ` Approvals${approvals.pending.length > 0 ? ` · ${approvals.pending.length} waiting · y allow · n deny · a always` : ""} `
  return (
    <box width={props.width} height={props.height} border borderStyle="rounded" borderColor={props.focused ? theme.borderFocused : approvals.pending.length > 0 ? theme.warning : theme.border} title={title} flexDirection="column">
      {!props.connected ? (
        <Line segments={[{ text: " Not connected: agents ask in their own terminals.", fg: theme.textMuted }]} width={inner} fg={theme.text} />
      ) : rows.length === 0 ? (
        <Line segments={[{ text: " No permission requests (hooks: tsk agent snippet --hooks).", fg: theme.textMuted }]} width={inner} fg={theme.text} />
      ) : (
        rows.slice(top, top + room).map((row, i) => (
          <Line key={row.kind === "rule" ? `rule-${row.rule.id}` : row.view.id} segments={rowSegments(theme, row, props.focused && top + i === selected)} width={inner} fg={theme.text} />
        ))
      )}
    </box>
  )
}
