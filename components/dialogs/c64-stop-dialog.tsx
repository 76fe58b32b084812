// Asks before stopping a running C64 task; the stop goes to the runner that runs it.
import { TextAttributes } from "@opentui/core"
import { stopC64Task } from "../../src/tui/c64-key-actions.ts"
import { hintLine } from "../../src/tui/keymap.ts"
import { useServices, useTheme } from "../app-context.tsx"
import { useFeed } from "../hooks/use-feed.ts"
import { useMonitorFeeds } from "../hooks/use-monitor-feeds.ts"
import { statusLabel } from "../monitor/c64-pane.tsx"
import { NO_C64 } from "../monitor/feed-fallbacks.ts"
import { fitText } from "../text-fit.ts"
import { DialogFrame } from "./dialog-frame.tsx"
import { useDialogKeys } from "./use-dialog-keys.ts"

const WIDTH = 56

export function C64StopDialog(props: { dialogKey: number; taskId: string }) {
  const theme = useTheme()
  const { ui, controller } = useServices()
  const tasks = useFeed(useMonitorFeeds().c64, NO_C64)
  const task = tasks.find((t) => t.id === props.taskId)
  const confirm = () => {
    ui.getState().popDialog()
    void stopC64Task(controller.context, props.taskId)
  }
  useDialogKeys(props.dialogKey, { submit: confirm, yes: confirm, no: () => ui.getState().popDialog() })
  return (
    <DialogFrame title="Stop C64 task" width={WIDTH} height={3} hint={hintLine([["dialog.yes", "stop"], ["dialog.no", "keep running"], ["dialog.close", "keep running"]])}>
      <text fg={theme.text} attributes={TextAttributes.BOLD}>
        {fitText(` Stop ${props.taskId}?`, WIDTH - 2)}
      </text>
      <text fg={theme.textMuted}>{fitText(task ? ` ${task.operation}${task.address ? ` ${task.address}` : ""}, ${statusLabel(task)}` : " ", WIDTH - 2)}</text>
      <text fg={theme.textMuted}>{fitText(" Its samples and result stay; it does not resume.", WIDTH - 2)}</text>
    </DialogFrame>
  )
}
