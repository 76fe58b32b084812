// The permission-request dialogs: `n` asks for an optional reason and denies; Enter in the
// approvals pane shows the whole request (the command, or the file and the change for an edit).
// Agent text is data: control characters show as `?`, never reach the terminal.
import { useTerminalDimensions } from "@opentui/react"
import { useState } from "react"
import { hintLine } from "../../src/tui/keymap.ts"
import { answerFromTui } from "../../src/tui/approval-keys.ts"
import { statusLabel, type ApprovalView } from "../../src/os/approval-actions.ts"
import { useServices, useTheme } from "../app-context.tsx"
import { DialogFrame } from "../dialogs/dialog-frame.tsx"
import { TextPromptDialog } from "../dialogs/text-prompt-dialog.tsx"
import { useDialogKeys } from "../dialogs/use-dialog-keys.ts"
import { useUiState } from "../hooks/use-stores.ts"
import { contextLines } from "../monitor/agent-context-dialog.tsx"
import { fitText } from "../text-fit.ts"

const WIDTH = 96

const findView = (approvals: { pending: readonly ApprovalView[]; answered: readonly ApprovalView[] }, id: string) =>
  approvals.pending.find((v) => v.id === id) ?? approvals.answered.find((v) => v.id === id) ?? null

export function ApprovalDenyDialog(props: { dialogKey: number; requestId: string }) {
  const { controller } = useServices()
  const view = useUiState((s) => findView(s.approvals, props.requestId))
  return (
    <TextPromptDialog
      dialogKey={props.dialogKey}
      title={fitText(`Deny ${view ? `${view.tool}: ${view.summary}` : props.requestId}`, 54)}
      label="Reason"
      initial=""
      placeholder="optional: what the agent should do instead"
      help="Enter denies; the reason is sent to the agent. Esc leaves the request waiting."
      onSubmit={(text) => {
        const reason = text.trim()
        answerFromTui(controller.context, props.requestId, "deny", reason ? { message: reason } : {})
        return null
      }}
    />
  )
}

/** The request as lines: who asks, where, the input's fields (a command or an edit in full), the suggestions. */
export function requestLines(view: ApprovalView): string[] {
  const input = view.input && typeof view.input === "object" ? (view.input as Record<string, unknown>) : { input: view.input }
  const fields = Object.entries(input).flatMap(([key, value]) => {
    const text = typeof value === "string" ? value : JSON.stringify(value, null, 2)
    return text.includes("\n") ? [`${key}:`, ...text.split("\n").map((l) => `  ${l}`)] : [`${key}: ${text}`]
  })
  return [
    `${view.agent} · session ${view.session} · ${statusLabel(view)}`,
    `folder: ${view.cwd ?? "unknown"}`,
    `asked: ${view.createdAt.replace("T", " ").slice(0, 19)} · waits until ${view.expiresAt.replace("T", " ").slice(11, 19)}`,
    "",
    `tool: ${view.tool}`,
    ...fields,
    ...(view.suggestions.length > 0 ? ["", "the agent suggests:", ...JSON.stringify(view.suggestions, null, 2).split("\n").map((l) => `  ${l}`)] : []),
  ]
}

export function ApprovalDetailDialog(props: { dialogKey: number; requestId: string }) {
  const theme = useTheme()
  const screen = useTerminalDimensions()
  const view = useUiState((s) => findView(s.approvals, props.requestId))
  const [top, setTop] = useState(0)
  const width = Math.min(WIDTH, screen.width - 2) - 4
  const lines = view ? contextLines(requestLines(view).join("\n"), width) : ["This request is no longer listed."]
  const size = Math.max(3, Math.min(lines.length, screen.height - 7))
  const first = Math.max(0, Math.min(top, lines.length - size))
  const scroll = (delta: number) => setTop(Math.max(0, Math.min(lines.length - size, first + delta)))
  useDialogKeys(props.dialogKey, { down: () => scroll(1), up: () => scroll(-1), next: () => scroll(size), submit: () => scroll(size) })
  return (
    <DialogFrame title={fitText(`Permission request ${props.requestId}`, WIDTH - 6)} width={WIDTH} height={size} hint={hintLine([["dialog.down", "scroll"], ["dialog.close", "close (then y/n/a answer)"]])}>
      {lines.slice(first, first + size).map((line, i) => (
        <text key={first + i} fg={theme.text} bg={theme.panel}>
          {` ${fitText(line, width)}`}
        </text>
      ))}
    </DialogFrame>
  )
}
