// Add or edit a task: title, description, priority (←/→), project, tags, due date, estimate.
import { flushSync } from "@opentui/react"
import { useState } from "react"
import { useLiveState } from "../hooks/use-live-state.ts"
import { localDateOf } from "../../src/domain/local-date.ts"
import { PRIORITIES, TASK_STATUSES } from "../../src/domain/task-constants.ts"
import { hintLine } from "../../src/tui/keymap.ts"
import { changedFields, emptyForm, FORM_FIELDS, formOf, parseTaskForm, type FormField, type TaskFormValues } from "../../src/tui/task-form.ts"
import { useServices, useTheme } from "../app-context.tsx"
import { useTaskView } from "../hooks/use-stores.ts"
import { wrapText } from "../list/detail-lines.ts"
import { fitText } from "../text-fit.ts"
import { DialogFrame } from "./dialog-frame.tsx"
import { ChoiceField, LABEL_WIDTH, TextField } from "./form-field.tsx"
import { afterAdd } from "../../src/tui/shared-selection.ts"
import { describeQuickAdd, parseQuickAdd } from "../../src/domain/quick-add.ts"
import { useDialogKeys } from "./use-dialog-keys.ts"

export type TaskFormDialogProps = { dialogKey: number } & ({ mode: "add"; parentId: string | null; dueDate: string | null } | { mode: "edit"; taskId: string })

const LABELS: Record<FormField, string> = { title: "Title", description: "Description", priority: "Priority", project: "Project", tags: "Tags", due: "Due", estimate: "Estimate", status: "Status" }
const PLACEHOLDERS: Partial<Record<FormField, string>> = { tags: "e.g. work, home", due: "e.g. today, fri, +3d, 2026-05-01", estimate: "e.g. 1h30m" }
const WIDTH = 64
const TITLE_PLACEHOLDER = "e.g. Call mom due:fri +family @home !high"

/** What the title's quick-add tokens set ("→ due 2026-03-13 · #family"), or how to write them. */
function quickAddLine(title: string, today: string): { text: string; tone: "error" | "set" | "hint" } {
  const quick = parseQuickAdd(title, today)
  if (quick.error) return { text: quick.error, tone: "error" }
  const set = describeQuickAdd(quick)
  return set ? { text: `→ ${set}`, tone: "set" } : { text: "due:<date> +tag @project !high (\\ keeps a word)", tone: "hint" }
}

function step<T>(cycle: readonly T[], current: T, delta: number): T {
  return cycle[(cycle.indexOf(current) + delta + cycle.length) % cycle.length]!
}

export function TaskFormDialog(props: TaskFormDialogProps) {
  const theme = useTheme()
  const { ui, controller, now } = useServices()
  const view = useTaskView()
  const task = props.mode === "edit" ? view.index.get(props.taskId) ?? null : null
  const parent = props.mode === "add" && props.parentId ? view.index.get(props.parentId) ?? null : null
  const [initial] = useState<TaskFormValues>(() => (task ? formOf(task) : emptyForm(props.mode === "add" ? props.dueDate : null)))
  const [values, currentValues, setValues] = useLiveState(initial)
  const [focus, currentFocus, setFocus] = useLiveState(0)
  // A new task starts as to do (s starts it); the edit dialog also sets the status.
  const fields: readonly FormField[] = props.mode === "add" ? FORM_FIELDS.filter((f) => f !== "status") : FORM_FIELDS
  const [error, setError] = useState<string | null>(null)
  // Committed at once, so keys typed right after Tab (in the same burst) reach the next field.
  const move = (delta: number) => flushSync(() => setFocus((f) => (f + delta + fields.length) % fields.length))
  /** ←/→ on a choice field (priority, status) steps its value; elsewhere the key moves the cursor. */
  const cycleChoice = (delta: number) => {
    const field = fields[currentFocus()]
    if (field === "priority") setValues((v) => ({ ...v, priority: step(PRIORITIES, v.priority, delta) }))
    else if (field === "status") setValues((v) => ({ ...v, status: step(TASK_STATUSES, v.status, delta) }))
    else return false
  }

  const submit = () => {
    const parsed = parseTaskForm(currentValues(), localDateOf(now()), { quick: props.mode === "add" })
    if (!parsed.ok) {
      setError(parsed.error)
      setFocus(fields.indexOf(parsed.field))
      return
    }
    ui.getState().popDialog()
    const intents = controller.context.intents
    if (props.mode === "edit") {
      if (!task) return
      // The status goes through setStatus, as `s` and `d` do (its undo puts completedAt back too).
      const { status, ...changes } = changedFields(task, parsed.input)
      if (Object.keys(changes).length > 0) void intents.updateTasks([task.id], changes, "edited")
      if (status !== undefined) void intents.setStatus([task.id], status)
      return
    }
    void intents.addTask({ ...parsed.input, parentId: props.parentId }).then((created) => {
      if (created) afterAdd(controller.context, created)
    })
  }

  useDialogKeys(props.dialogKey, {
    submit,
    next: () => move(1),
    prev: () => move(-1),
    down: () => move(1),
    up: () => move(-1),
    left: () => cycleChoice(-1),
    right: () => cycleChoice(1),
  })

  const errorLines = error ? wrapText(error, WIDTH - 3).slice(0, 4) : [" "]
  const title = props.mode === "edit" ? "Edit task" : parent ? "Add subtask" : "Add task"
  // Add mode reads quick-add tokens from the title; the line under it says what they set, live.
  const quickLine = props.mode === "add" ? quickAddLine(values.title, localDateOf(now())) : null
  return (
    <DialogFrame title={title} width={WIDTH} height={fields.length + (parent ? 1 : 0) + (quickLine ? 1 : 0) + errorLines.length} hint={hintLine([["dialog.submit", "save"], ["dialog.next", "next field"], ["dialog.close", "cancel"]])}>
      {parent ? <text fg={theme.textMuted}>{fitText(` under '${parent.title}'`, WIDTH - 2)}</text> : null}
      {fields.flatMap((name, i) => [
        name === "priority" || name === "status" ? (
          <ChoiceField key={name} label={LABELS[name]} value={values[name].replace("_", " ")} focused={focus === i} />
        ) : (
          <TextField
            key={name}
            label={LABELS[name]}
            initial={initial[name]}
            placeholder={name === "title" && props.mode === "add" ? TITLE_PLACEHOLDER : PLACEHOLDERS[name]}
            focused={focus === i}
            width={WIDTH - 2}
            onInput={(text) => {
              setValues((v) => ({ ...v, [name]: text }))
              setError(null)
            }}
          />
        ),
        ...(name === "title" && quickLine ? [
          <text key="quick" fg={quickLine.tone === "error" ? theme.error : quickLine.tone === "set" ? theme.accent : theme.textMuted}>
            {fitText(`${" ".repeat(LABEL_WIDTH)}${quickLine.text}`, WIDTH - 2)}
          </text>,
        ] : []),
      ])}
      {errorLines.map((line, i) => (
        <text key={i} fg={theme.error}>{` ${line}`}</text>
      ))}
    </DialogFrame>
  )
}
