// Validated inputs of the task operations, shared by the CLI, the TUI and the bridge.
import * as z from "zod"
import { LocalDateString, Priority, Recurrence, TaskStatus, Title } from "./task.ts"

const Tags = z.array(z.string().trim().min(1).max(50)).max(50)
const Project = z.string().trim().min(1).max(100)

export const CreateTaskInput = z.object({
  title: Title,
  description: z.string().max(20000).optional(),
  status: TaskStatus.optional(),
  priority: Priority.optional(),
  project: Project.nullable().optional(),
  tags: Tags.optional(),
  dueDate: LocalDateString.nullable().optional(),
  parentId: z.string().min(1).nullable().optional(),
  estimateMinutes: z.number().int().nonnegative().nullable().optional(),
  recurrence: Recurrence.nullable().optional(),
  blockedBy: z.array(z.string().min(1)).optional(),
  externalId: z.string().nullable().optional(),
  externalSource: z.string().nullable().optional(),
})
export type CreateTaskInput = z.infer<typeof CreateTaskInput>

export const UpdateTaskInput = z.object({
  title: Title.optional(),
  description: z.string().max(20000).optional(),
  status: TaskStatus.optional(),
  priority: Priority.optional(),
  project: Project.nullable().optional(),
  tags: Tags.optional(),
  dueDate: LocalDateString.nullable().optional(),
  parentId: z.string().min(1).nullable().optional(),
  estimateMinutes: z.number().int().nonnegative().nullable().optional(),
  recurrence: Recurrence.nullable().optional(),
})
export type UpdateTaskInput = z.infer<typeof UpdateTaskInput>
