// The add/edit form's values as typed, and their conversion into store input (with clear errors).
import { formatDuration, parseDuration } from "../domain/duration.ts"
import { parseDateInput } from "../domain/local-date.ts"
import type { Priority, Task } from "../domain/task.ts"
import { MAX_TITLE } from "../domain/task-constants.ts"
import type { UpdateTaskInput } from "../domain/task-input.ts"

export const FORM_FIELDS = ["title", "description", "priority", "project", "tags", "due", "estimate"] as const
export type FormField = (typeof FORM_FIELDS)[number]

export interface TaskFormValues {
  title: string
  description: string
  priority: Priority
  project: string
  tags: string
  due: string
  estimate: string
}

export function emptyForm(dueDate: string | null): TaskFormValues {
  return { title: "", description: "", priority: "none", project: "", tags: "", due: dueDate ?? "", estimate: "" }
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
  }
}

export type FormResult = { ok: true; input: Required<Pick<UpdateTaskInput, "title" | "description" | "priority" | "project" | "tags" | "dueDate" | "estimateMinutes">> } | { ok: false; field: FormField; error: string }

export function parseTaskForm(values: TaskFormValues, today: string): FormResult {
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
  const tags = values.tags
    .split(/[,\s]+/)
    .map((t) => t.replace(/^#/, "").trim())
    .filter((t) => t.length > 0)
  return {
    ok: true,
    input: { title, description: values.description.trim(), priority: values.priority, project: values.project.trim() || null, tags, dueDate, estimateMinutes },
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
