// The task model (DESIGN section 6). The zod schema is the single source of truth for the type.
import * as z from "zod"
import { isLocalDate } from "./local-date.ts"

import { MAX_TITLE, PRIORITIES, TASK_STATUSES, TASKS_FILE_VERSION } from "./task-constants.ts"

export { MAX_DEPTH, MAX_TITLE, PRIORITIES, TASK_STATUSES, TASKS_FILE_VERSION, isOpen, shortId } from "./task-constants.ts"

export const TaskStatus = z.enum(TASK_STATUSES)
export type TaskStatus = z.infer<typeof TaskStatus>

export const Priority = z.enum(PRIORITIES)
export type Priority = z.infer<typeof Priority>

export const LocalDateString = z.string().refine(isLocalDate, { message: "must be a date YYYY-MM-DD" })

export const Recurrence = z.object({
  frequency: z.enum(["daily", "weekly", "monthly", "yearly"]),
  interval: z.number().int().min(1).max(1000),
  /** Weekly on these weekdays, 0 = Monday … 6 = Sunday (kept from the ancestor's files). */
  daysOfWeek: z.array(z.number().int().min(0).max(6)).optional(),
  /** Monthly on this day of the month. */
  dayOfMonth: z.number().int().min(1).max(31).optional(),
  /** No occurrence after this date. */
  endDate: LocalDateString.nullable().optional(),
})
export type Recurrence = z.infer<typeof Recurrence>

const Timestamp = z.string().min(1)

export const TimeEntry = z.object({
  start: Timestamp,
  /** null while the timer runs. */
  end: Timestamp.nullable(),
})
export type TimeEntry = z.infer<typeof TimeEntry>

export const Note = z.object({
  id: z.string().min(1),
  content: z.string().min(1),
  createdAt: Timestamp,
  source: z.string().min(1),
})
export type Note = z.infer<typeof Note>

/**
 * A claim's lease (set by `tsk claim`, beside `assignee`, the holder): free again once `expiresAt`
 * passed or the holder's process (`pid` on `host`, started at `start`) is gone. Absent on tasks
 * assigned without a claim and on files written before leases; those never lapse.
 */
export const Lease = z.object({
  expiresAt: Timestamp,
  /** The lease's length: a write by the holder (or `renew`) extends it by this much. */
  minutes: z.number().int().positive().max(10080).optional(),
  pid: z.number().int().positive().optional(),
  host: z.string().min(1).max(200).optional(),
  /** The holder process's start time (Linux /proc), so a reused pid is not taken for it. */
  start: z.string().max(40).optional(),
})
export type Lease = z.infer<typeof Lease>

export const Title = z.string().trim().min(1, "title must not be empty").max(MAX_TITLE, `title must be at most ${MAX_TITLE} characters`)

/**
 * `assignee: null` (how every surface's JSON, `tsk export` included, says "nobody") is read as no
 * assignee, so a file written from an export validates; the stored task leaves the key out.
 */
function withoutNullAssignee(value: unknown): unknown {
  if (typeof value !== "object" || value === null || (value as { assignee?: unknown }).assignee !== null) return value
  const { assignee: _none, ...rest } = value as Record<string, unknown>
  return rest
}

const TaskObject = z.object({
  id: z.string().min(1),
  title: Title,
  description: z.string().default(""),
  status: TaskStatus,
  priority: Priority.default("none"),
  project: z.string().min(1).nullable().default(null),
  tags: z.array(z.string().min(1)).default([]),
  dueDate: LocalDateString.nullable().default(null),
  parentId: z.string().min(1).nullable().default(null),
  blockedBy: z.array(z.string().min(1)).default([]),
  recurrence: Recurrence.nullable().default(null),
  /** Id of the occurrence created when this recurring task was completed (so it happens once). */
  nextOccurrenceId: z.string().nullable().default(null),
  estimateMinutes: z.number().int().nonnegative().nullable().default(null),
  timeEntries: z.array(TimeEntry).default([]),
  notes: z.array(Note).default([]),
  externalId: z.string().nullable().default(null),
  externalSource: z.string().nullable().default(null),
  /** Who works on it (set by `tsk claim`); absent when nobody does. */
  assignee: z.string().min(1).max(100).optional(),
  /** The claim's lease, when the assignee claimed it (see Lease). */
  lease: Lease.optional(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  completedAt: Timestamp.nullable().default(null),
  order: z.number().default(0),
})
export const Task = z.preprocess(withoutNullAssignee, TaskObject)
export type Task = z.infer<typeof TaskObject>

export const TasksFile = z.object({
  version: z.literal(TASKS_FILE_VERSION),
  revision: z.number().int().nonnegative(),
  tasks: z.array(Task),
})
export type TasksFile = z.infer<typeof TasksFile>
