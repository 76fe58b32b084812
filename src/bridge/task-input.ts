// Bridge payload fields turned into the domain's task input: relative due dates resolved against
// today, recurrence words (`weekly`, `2w`) parsed like the CLI's --recur, the sender as source.
import type { TaskAccess } from "./task-access.ts"
import { localDateOf, parseDateInput } from "../domain/local-date.ts"
import { parseRecurrence } from "../domain/recurrence.ts"
import type { Recurrence } from "../domain/task.ts"

interface FieldsIn {
  dueDate?: string | null
  recurrence?: string | Recurrence | null
}

type Resolved<T> = Omit<T, "dueDate" | "recurrence"> & { dueDate?: string | null; recurrence?: Recurrence | null }

export function resolveFields<T extends FieldsIn>(access: TaskAccess, fields: T): Resolved<T> {
  const { dueDate, recurrence, ...rest } = fields
  return {
    ...rest,
    ...(dueDate !== undefined ? { dueDate: dueDate === null ? null : parseDateInput(dueDate, localDateOf(access.now())) } : {}),
    ...(recurrence !== undefined ? { recurrence: typeof recurrence === "string" ? parseRecurrence(recurrence) : recurrence } : {}),
  }
}
