// The add/edit form's values as typed, and their conversion into store input (with clear errors).
import { formatDuration, parseDuration } from "../domain/duration.ts"
import { parseDateInput } from "../domain/local-date.ts"
import { parseQuickAdd } from "../domain/quick-add.ts"
import type { Priority, Task, TaskStatus } from "../domain/task.ts"
import { MAX_TITLE } from "../domain/task-constants.ts"
import type { UpdateTaskInput } from "../domain/task-input.ts"

export const FORM_FIELDS = ["title", "description", "priority", "project", "tags", "due", "estimate", "status"] as const
export type FormField = (typeof FORM_FIELDS)[number]

export interface TaskFormValues {
  title: string
  description: string
  priority: Priority
  project: string
  tags: string
  due: string
  estimate: string
  status: TaskStatus
}

export function emptyForm(dueDate: string | null): TaskFormValues {
  return { title: "", description: "", priority: "none", project: "", tags: "", due: dueDate ?? "", estimate: "", status: "todo" }
}

export function formOf(task: Task): TaskFormValues {
  return {
    title: task.title,
    description: task.description,
    priority: task.priority,
    project: task.project ?? "",
    tags: task.tags.join(", "),
    due: task.dueDate ?? "",
    estimate: task.estimateMinutes !== null ? formatDuration(task.estimateMinutes * 60_000).replace(" ", "") : "",
    status: task.status,
  }
}

export type FormResult =
  | { ok: true; input: Required<Pick<UpdateTaskInput, "title" | "description" | "priority" | "project" | "tags" | "dueDate" | "estimateMinutes" | "status">> }
  | { ok: false; field: FormField; error: string }

export interface FormOptions {
  /** Read quick-add tokens (due:fri +tag @project !high) out of the title (the add dialog). */
  quick?: boolean
}

/** The form with the title's quick-add tokens moved into the fields they name (a field already filled in wins). */
export function applyQuickAdd(values: TaskFormValues, today: string): { values: TaskFormValues; error: string | null } {
  const quick = parseQuickAdd(values.title, today)
  const tags = values.tags.trim() === "" ? quick.tags.join(", ") : [values.tags, ...quick.tags].join(", ")
  return {
    values: {
      ...values,
      title: quick.title,
      tags,
      project: values.project.trim() === "" && quick.project ? quick.project : values.project,
      priority: values.priority === "none" && quick.priority ? quick.priority : values.priority,
      due: values.due.trim() === "" && quick.dueDate ? quick.dueDate : values.due,
    },
    error: quick.error,
  }
}

export function parseTaskForm(typed: TaskFormValues, today: string, options: FormOptions = {}): FormResult {
  let values = typed
  if (options.quick) {
    const quick = applyQuickAdd(typed, today)
    if (quick.error) return { ok: false, field: "title", error: quick.error }
    values = quick.values
  }
  const title = values.title.trim()
  if (title === "") return { ok: false, field: "title", error: "A title is needed" }
  if (title.length > MAX_TITLE) return { ok: false, field: "title", error: `A title is at most ${MAX_TITLE} characters` }
  let dueDate: string | null = null
  if (values.due.trim() !== "") {
    try {
      dueDate = parseDateInput(values.due, today)
    } catch (error) {
      return { ok: false, field: "due", error: error instanceof Error ? error.message : String(error) }
    }
  }
  let estimateMinutes: number | null = null
  if (values.estimate.trim() !== "") {
    try {
      estimateMinutes = Math.round(parseDuration(values.estimate) / 60_000)
    } catch (error) {
      return { ok: false, field: "estimate", error: error instanceof Error ? error.message : String(error) }
    }
  }
  const tags = [
    ...new Set(
      values.tags
        .split(/[,\s]+/)
        .map((t) => t.replace(/^#/, "").trim())
        .filter((t) => t.length > 0),
    ),
  ]
  return {
    ok: true,
    input: { title, description: values.description.trim(), priority: values.priority, project: values.project.trim() || null, tags, dueDate, estimateMinutes, status: values.status },
  }
}

/** Only the fields that differ from the task, so an edit never overwrites what it did not touch. */
export function changedFields(task: Task, input: UpdateTaskInput): UpdateTaskInput {
  const changed: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(input)) {
    if (JSON.stringify(task[key as keyof Task]) !== JSON.stringify(value)) changed[key] = value
  }
  return changed as UpdateTaskInput
}
