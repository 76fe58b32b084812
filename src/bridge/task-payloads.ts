// Payloads of the 16 task commands (DESIGN section 7). Objects are strict, so a misspelt field is
// reported instead of silently ignored. Dates accept what the CLI accepts (YYYY-MM-DD, today,
// tomorrow, +3d, a weekday).
import * as z from "zod"
import { LocalDateString, Priority, TaskStatus, Title } from "../domain/task.ts"
import { DUE_FILTERS } from "../domain/task-query.ts"

const TaskId = z.string({ message: "taskId is required (a full id or a unique prefix)" }).trim().min(1, "taskId must not be empty").max(200)
const Description = z.string().max(20000)
const Project = z.string().trim().min(1).max(100).nullable()
const Tags = z.array(z.string().trim().min(1).max(50)).max(50)
/** Resolved to YYYY-MM-DD by the command (relative words need today's date). */
const DueDate = z.string().trim().min(1).max(40).nullable()

export const CreatePayload = z.strictObject({
  title: Title,
  description: Description.optional(),
  priority: Priority.optional(),
  project: Project.optional(),
  tags: Tags.optional(),
  dueDate: DueDate.optional(),
})

export const CreateSubtaskPayload = z.strictObject({
  parentId: TaskId,
  title: Title,
  description: Description.optional(),
  priority: Priority.optional(),
})

export const BulkCreatePayload = z.strictObject({
  tasks: z
    .array(
      z.strictObject({
        title: Title,
        priority: Priority.optional(),
        project: Project.optional(),
        tags: Tags.optional(),
        dueDate: DueDate.optional(),
      }),
    )
    .min(1, "tasks must hold at least one task")
    .max(1000, "at most 1000 tasks per bulk-create"),
})

export const UpdatePayload = z.strictObject({
  taskId: TaskId,
  title: Title.optional(),
  description: Description.optional(),
  priority: Priority.optional(),
  status: TaskStatus.optional(),
  project: Project.optional(),
  tags: Tags.optional(),
  dueDate: DueDate.optional(),
})

export const TaskIdPayload = z.strictObject({ taskId: TaskId })

const OneOrMany = <S extends z.ZodType>(schema: S) => z.union([schema, z.array(schema)]).transform((v) => (Array.isArray(v) ? v : [v]) as z.infer<S>[])

const Limit = z.number().int().positive().max(100000)

export const QueryPayload = z.strictObject({
  status: OneOrMany(TaskStatus).optional(),
  priority: OneOrMany(Priority).optional(),
  project: z.string().optional(),
  tag: z.string().optional(),
  due: z.union([z.enum(DUE_FILTERS), LocalDateString]).optional(),
  search: z.string().max(1000).optional(),
  /** Include done and archived tasks when no status is given. */
  all: z.boolean().optional(),
  limit: Limit.optional(),
})

export const ListPayload = z.strictObject({
  all: z.boolean().optional(),
  limit: Limit.optional(),
})

export const EmptyPayload = z.strictObject({})

export const AddNotePayload = z.strictObject({
  taskId: TaskId,
  content: z.string({ message: "content is required" }).trim().min(1, "content must not be empty").max(20000),
})

export const StopTimerPayload = z.strictObject({ taskId: TaskId.optional() })
