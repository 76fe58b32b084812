// Asks before deleting: the task (or how many), and how many subtasks go with it.
import { TextAttributes } from "@opentui/core"
import { subtreeIds } from "../../src/domain/task-tree.ts"
import { hintLine } from "../../src/tui/keymap.ts"
import { useServices, useTheme } from "../app-context.tsx"
import { useTaskView } from "../hooks/use-stores.ts"
import { fitText } from "../text-fit.ts"
import { DialogFrame } from "./dialog-frame.tsx"
import { useDialogKeys } from "./use-dialog-keys.ts"

const WIDTH = 56

export function ConfirmDeleteDialog(props: { dialogKey: number; ids: readonly string[] }) {
  const theme = useTheme()
  const { ui, controller } = useServices()
  const view = useTaskView()
  const tasks = props.ids.map((id) => view.index.get(id)).filter((t) => t !== undefined)
  const all = new Set<string>()
  for (const t of tasks) for (const id of subtreeIds(view.children, t.id)) all.add(id)
  const subtasks = all.size - tasks.length
  const what = tasks.length === 1 ? `'${tasks[0]!.title}'` : `${tasks.length} tasks`
  const confirm = () => {
    ui.getState().popDialog()
    ui.getState().set({ visualAnchorId: null })
    void controller.context.intents.deleteTasks(props.ids)
  }
  useDialogKeys(props.dialogKey, { submit: confirm, yes: confirm, no: () => ui.getState().popDialog() })
  return (
    <DialogFrame title="Delete" width={WIDTH} height={3} hint={hintLine([["dialog.yes", "delete"], ["dialog.no", "keep"], ["dialog.close", "keep"]])}>
      <text fg={theme.text} attributes={TextAttributes.BOLD}>
        {fitText(` Delete ${what}?`, WIDTH - 2)}
      </text>
      <text fg={subtasks > 0 ? theme.warning : theme.textMuted}>{subtasks > 0 ? ` Its ${subtasks} subtask${subtasks === 1 ? "" : "s"} go too.` : " "}</text>
      <text fg={theme.textMuted}> u undoes it afterwards.</text>
    </DialogFrame>
  )
}
