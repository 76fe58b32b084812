// Add or edit a task: title, description, priority (←/→), project, tags, due date, estimate.
import { flushSync } from "@opentui/react"
import { useState } from "react"
import { useLiveState } from "../hooks/use-live-state.ts"
import { localDateOf } from "../../src/domain/local-date.ts"
import { PRIORITIES } from "../../src/domain/task-constants.ts"
import { hintLine } from "../../src/tui/keymap.ts"
import { changedFields, emptyForm, FORM_FIELDS, formOf, parseTaskForm, type FormField, type TaskFormValues } from "../../src/tui/task-form.ts"
import { useServices, useTheme } from "../app-context.tsx"
import { useTaskView } from "../hooks/use-stores.ts"
import { wrapText } from "../list/detail-lines.ts"
import { fitText } from "../text-fit.ts"
import { DialogFrame } from "./dialog-frame.tsx"
import { ChoiceField, TextField } from "./form-field.tsx"
import { useDialogKeys } from "./use-dialog-keys.ts"

export type TaskFormDialogProps = { dialogKey: number } & ({ mode: "add"; parentId: string | null; dueDate: string | null } | { mode: "edit"; taskId: string })

const LABELS: Record<FormField, string> = { title: "Title", description: "Description", priority: "Priority", project: "Project", tags: "Tags", due: "Due", estimate: "Estimate" }
const PLACEHOLDERS: Partial<Record<FormField, string>> = { tags: "comma separated", due: "today, fri, +3d, 2026-05-01", estimate: "1h30m" }
const WIDTH = 64

export function TaskFormDialog(props: TaskFormDialogProps) {
  const theme = useTheme()
  const { ui, controller, now } = useServices()
  const view = useTaskView()
  const task = props.mode === "edit" ? view.index.get(props.taskId) ?? null : null
  const parent = props.mode === "add" && props.parentId ? view.index.get(props.parentId) ?? null : null
  const [initial] = useState<TaskFormValues>(() => (task ? formOf(task) : emptyForm(props.mode === "add" ? props.dueDate : null)))
  const [values, currentValues, setValues] = useLiveState(initial)
  const [focus, currentFocus, setFocus] = useLiveState(0)
  const [error, setError] = useState<string | null>(null)
  // Committed at once, so keys typed right after Tab (in the same burst) reach the next field.
  const move = (delta: number) => flushSync(() => setFocus((f) => (f + delta + FORM_FIELDS.length) % FORM_FIELDS.length))
  const cyclePriority = (delta: number) => {
    if (FORM_FIELDS[currentFocus()] !== "priority") return false
    setValues((v) => ({ ...v, priority: PRIORITIES[(PRIORITIES.indexOf(v.priority) + delta + PRIORITIES.length) % PRIORITIES.length]! }))
  }

  const submit = () => {
    const parsed = parseTaskForm(currentValues(), localDateOf(now()))
    if (!parsed.ok) {
      setError(parsed.error)
      setFocus(FORM_FIELDS.indexOf(parsed.field))
      return
    }
    ui.getState().popDialog()
    const intents = controller.context.intents
    if (props.mode === "edit") {
      if (!task) return
      const changes = changedFields(task, parsed.input)
      if (Object.keys(changes).length > 0) void intents.updateTasks([task.id], changes, "edited")
      return
    }
    void intents.addTask({ ...parsed.input, parentId: props.parentId }).then((created) => {
      if (created && ui.getState().view === "list") ui.getState().set({ selectedId: created.id })
    })
  }

  useDialogKeys(props.dialogKey, {
    submit,
    next: () => move(1),
    prev: () => move(-1),
    down: () => move(1),
    up: () => move(-1),
    left: () => cyclePriority(-1),
    right: () => cyclePriority(1),
  })

  const errorLines = error ? wrapText(error, WIDTH - 3).slice(0, 4) : [" "]
  const title = props.mode === "edit" ? "Edit task" : parent ? "Add subtask" : "Add task"
  return (
    <DialogFrame title={title} width={WIDTH} height={FORM_FIELDS.length + 1 + errorLines.length} hint={hintLine([["dialog.submit", "save"], ["dialog.next", "next field"], ["dialog.close", "cancel"]])}>
      {parent ? <text fg={theme.textMuted}>{fitText(` under '${parent.title}'`, WIDTH - 2)}</text> : <text> </text>}
      {FORM_FIELDS.map((name, i) =>
        name === "priority" ? (
          <ChoiceField key={name} label={LABELS[name]} value={values.priority} focused={focus === i} />
        ) : (
          <TextField
            key={name}
            label={LABELS[name]}
            initial={initial[name]}
            placeholder={PLACEHOLDERS[name]}
            focused={focus === i}
            width={WIDTH - 2}
            onInput={(text) => setValues((v) => ({ ...v, [name]: text }))}
          />
        ),
      )}
      {errorLines.map((line, i) => (
        <text key={i} fg={theme.error}>{` ${line}`}</text>
      ))}
    </DialogFrame>
  )
}
