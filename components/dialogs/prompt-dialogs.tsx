// The one-field dialogs: due date, note and search.
import { useState } from "react"
import { localDateOf, parseDateInput } from "../../src/domain/local-date.ts"
import { currentRows } from "../../src/tui/tui-context.ts"
import { useServices } from "../app-context.tsx"
import { useTaskView } from "../hooks/use-stores.ts"
import { TextPromptDialog } from "./text-prompt-dialog.tsx"

export function DueDateDialog(props: { dialogKey: number; ids: readonly string[] }) {
  const { controller, now } = useServices()
  const view = useTaskView()
  const [initial] = useState(() => (props.ids.length === 1 ? view.index.get(props.ids[0]!)?.dueDate ?? "" : ""))
  return (
    <TextPromptDialog
      dialogKey={props.dialogKey}
      title="Due date"
      label="Due"
      initial={initial}
      placeholder="e.g. today, tomorrow, fri, +3d, 2026-05-01"
      help="Empty clears the due date."
      onSubmit={(text) => {
        let dueDate: string | null = null
        try {
          if (text.trim() !== "") dueDate = parseDateInput(text, localDateOf(now()))
        } catch (error) {
          return error instanceof Error ? error.message : String(error)
        }
        void controller.context.intents.updateTasks(props.ids, { dueDate }, dueDate ? `set the due date ${dueDate} on` : "cleared the due date of")
        return null
      }}
    />
  )
}

export function NoteDialog(props: { dialogKey: number; taskId: string }) {
  const { controller } = useServices()
  return (
    <TextPromptDialog
      dialogKey={props.dialogKey}
      title="Add note"
      label="Note"
      initial=""
      onSubmit={(text) => {
        if (text.trim() === "") return "A note needs some text"
        void controller.context.intents.addNote(props.taskId, text)
        return null
      }}
    />
  )
}

/** Filters live while typing; Enter keeps the search, Escape restores the one before. */
export function SearchDialog(props: { dialogKey: number }) {
  const { ui, controller } = useServices()
  const [before] = useState(() => ui.getState().search)
  return (
    <TextPromptDialog
      dialogKey={props.dialogKey}
      title="Search"
      label="Search"
      initial={before}
      help="Title, description, project and tags. Empty shows all."
      onInput={(text) => ui.getState().set({ search: text })}
      onSubmit={(text) => {
        ui.getState().set({ search: text.trim() })
        // The selected task stays selected if it matches; otherwise the first match is.
        const rows = currentRows(controller.context)
        const selectedId = ui.getState().selectedId
        if (selectedId === null || rows.indexOf(selectedId) < 0) ui.getState().set({ selectedId: rows.at(0)?.task.id ?? null, selectedIndex: 0 })
        return null
      }}
      onCancel={() => ui.getState().set({ search: before })}
    />
  )
}
