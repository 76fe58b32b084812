// The inputs of the task operations, shared by the CLI, the TUI and the bridge. The operations
// check them in plain code (task-fields.ts); these schemas give their types and validate input
// that arrives as data.
import * as z from "zod"
import { LocalDateString, Priority, Recurrence, TaskStatus, Title } from "./task.ts"

const EditableFields = z.object({
  description: z.string().max(20000).optional(),
  status: TaskStatus.optional(),
  priority: Priority.optional(),
  project: z.string().trim().min(1).max(100).nullable().optional(),
  tags: z.array(z.string().trim().min(1).max(50)).max(50).optional(),
  dueDate: LocalDateString.nullable().optional(),
  parentId: z.string().min(1).nullable().optional(),
  estimateMinutes: z.number().int().nonnegative().nullable().optional(),
  recurrence: Recurrence.nullable().optional(),
  /** Who works on it; null clears it. */
  assignee: z.string().trim().min(1).max(100).nullable().optional(),
  /** The tasks it waits on (ids or unique prefixes); replaces the list. */
  blockedBy: z.array(z.string().min(1)).optional(),
})

export const CreateTaskInput = EditableFields.extend({
  title: Title,
  externalId: z.string().nullable().optional(),
  externalSource: z.string().nullable().optional(),
})
export type CreateTaskInput = z.infer<typeof CreateTaskInput>

export const UpdateTaskInput = EditableFields.extend({ title: Title.optional() })
export type UpdateTaskInput = z.infer<typeof UpdateTaskInput>
