// Payloads of the task commands (DESIGN section 7): the ancestor's 16 with their field names, plus
// the fields and commands this tsk adds. Objects are strict, so a misspelt field is reported
// instead of silently ignored. Dates accept what the CLI accepts (YYYY-MM-DD, today, tomorrow,
// +3d, a weekday); "" clears `project` and `dueDate`, as it did in the ancestor. These schemas are
// exported for the MCP tools, which take the same payloads.
import * as z from "zod"
import { Priority, Recurrence, TaskStatus, Title, LocalDateString } from "../domain/task.ts"
import { DUE_FILTERS, SORT_KEYS } from "../domain/task-query.ts"
import { ALL_FIELDS } from "../domain/task-shape.ts"
import { MAX_ESTIMATE_MINUTES } from "../domain/task-fields.ts"

export const TaskId = z.string({ message: "taskId is required (a full id or a unique prefix of 4+ characters)" }).trim().min(1, "taskId must not be empty").max(200)
const Description = z.string().max(20000)
/** A project name; "" or null clears it. */
const Project = z.string().trim().max(100).nullable().transform((v) => (v === "" ? null : v))
const Tags = z.array(z.string().trim().min(1).max(50)).max(50)
/** Resolved to YYYY-MM-DD by the command (relative words need today's date); "" or null clears it. */
const DueDate = z.string().trim().max(40).nullable().transform((v) => (v === "" ? null : v))
const Assignee = z.string().trim().min(1).max(100).nullable()
const BlockedBy = z.array(TaskId).max(100)
/** `daily`, `2w`… as the CLI takes them, or the object form `{frequency, interval, daysOfWeek?}`. */
const RecurrenceInput = z.union([z.string().trim().min(1).max(40), Recurrence]).nullable()

const CreateFields = {
  title: Title,
  description: Description.optional(),
  priority: Priority.optional(),
  project: Project.optional(),
  tags: Tags.optional(),
  dueDate: DueDate.optional(),
  assignee: Assignee.optional(),
  blockedBy: BlockedBy.optional(),
  estimateMinutes: z.number().int().nonnegative().max(MAX_ESTIMATE_MINUTES).nullable().optional(),
  recurrence: RecurrenceInput.optional(),
}

export const CreatePayload = z.strictObject({ ...CreateFields, parentId: TaskId.optional() })

/** Every `create` field; the subtask takes the parent's project unless it names one. */
export const CreateSubtaskPayload = z.strictObject({ parentId: TaskId, ...CreateFields })

export const BulkCreatePayload = z.strictObject({
  tasks: z
    .array(z.strictObject({ ...CreateFields, parentId: TaskId.optional() }))
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
  assignee: Assignee.optional(),
  /** Replaces the task's blockers ([] clears them); no cycles. */
  blockedBy: BlockedBy.optional(),
  estimateMinutes: z.number().int().nonnegative().max(MAX_ESTIMATE_MINUTES).nullable().optional(),
  recurrence: RecurrenceInput.optional(),
  /** Move under another task, or null for top level. */
  parentId: TaskId.nullable().optional(),
})

export const TaskIdPayload = z.strictObject({ taskId: TaskId })

const OneOrMany = <S extends z.ZodType>(schema: S) => z.union([schema, z.array(schema)]).transform((v) => (Array.isArray(v) ? v : [v]) as z.infer<S>[])

/** At most this many tasks; 0 for all (the answer may still be cut to keep the outbox small). */
const Limit = z.number().int().nonnegative().max(100000)
const Offset = z.number().int().nonnegative()
const Fields = z.union([z.literal("all"), z.literal("summary"), z.literal("compact"), z.array(z.enum(ALL_FIELDS as [string, ...string[]])).min(1)])

const PagingFields = {
  /** Default 50; 0 for all. */
  limit: Limit.optional(),
  offset: Offset.optional(),
  /** The compact shape (id, title, status, priority): about 100 bytes a task. */
  compact: z.boolean().optional(),
  /** The fields to answer with: names, or all, summary (the default), compact. */
  fields: Fields.optional(),
}

export const QueryPayload = z.strictObject({
  status: OneOrMany(TaskStatus).optional(),
  priority: OneOrMany(Priority).optional(),
  project: z.string().optional(),
  tag: z.string().optional(),
  due: z.union([z.enum(DUE_FILTERS), LocalDateString]).optional(),
  search: z.string().max(1000).optional(),
  /** Include done and archived tasks when no status is given. */
  all: z.boolean().optional(),
  /** Only ready work (open, not blocked, no open subtasks), by priority then due date. */
  ready: z.boolean().optional(),
  /** Only tasks waiting on an open blocker (true), or only those that are not (false). */
  blocked: z.boolean().optional(),
  /** Only this assignee's tasks; "none" for unassigned ones. */
  assignee: z.string().trim().min(1).max(100).optional(),
  sort: z.enum(SORT_KEYS).optional(),
  ...PagingFields,
})

export const ListPayload = z.strictObject({
  all: z.boolean().optional(),
  ...PagingFields,
})

export const EmptyPayload = z.strictObject({})

/** `list-projects`, `list-tags`: the names (the ancestor's answer), or with `counts` how many tasks have each. */
export const NamesPayload = z.strictObject({
  counts: z.boolean().optional(),
})

export const AddNotePayload = z.strictObject({
  taskId: TaskId,
  content: z.string({ message: "content is required" }).trim().min(1, "content must not be empty").max(20000),
})

export const StopTimerPayload = z.strictObject({ taskId: TaskId.optional() })

/** A lease's length in minutes (default 30). */
/** Checked against 1 to 10,080 by the claim itself (domain/task-claim.ts), which keeps the MCP schema lean. */
const TtlMinutes = z.number().int().describe("default 30")

/** `claim`: the holder defaults to the caller's identity (see `whoami`). */
export const ClaimPayload = z.strictObject({
  taskId: TaskId,
  assignee: z.string().trim().min(1).max(100).optional().describe("default: you"),
  ttlMinutes: TtlMinutes.optional(),
})

/** `renew`: the holder extends its lease (default by the lease's own length). */
export const RenewPayload = z.strictObject({ taskId: TaskId, ttlMinutes: TtlMinutes.optional() })

/** `next`: the first ready task nobody else holds (summary fields); with `claim` it is claimed in the same step. */
export const NextPayload = z.strictObject({
  claim: z.boolean().optional().describe("true: claim it"),
})

/** `block` / `unblock`: `taskId` waits (or no longer waits) on `blockerId`. */
export const BlockPayload = z.strictObject({ taskId: TaskId, blockerId: TaskId })
