// A checkpoint (DESIGN 11): a consistent cut across the hierarchy of work tsk tracks — agent plans
// and their tasks, parent tasks and subtasks, C64 tasks, queued agent commands. It holds the flat
// completed/pending/failed lists (each entry with its kind and parent path) and the full nested
// structure, the execution state, the budgets and the tracked files; a checksum over the body
// tells a torn or edited checkpoint from a good one.
import * as z from "zod"

export const CHECKPOINT_VERSION = 1

export const WorkKind = z.enum(["task", "plan-task", "c64-task", "command"])
export type WorkKind = z.infer<typeof WorkKind>

export const WorkEntry = z.object({
  kind: WorkKind,
  id: z.string(),
  title: z.string(),
  status: z.string(),
  /** Ids from the root down to the parent: `[planId]` for a plan task, ancestors for a subtask. */
  parentPath: z.array(z.string()),
})
export type WorkEntry = z.infer<typeof WorkEntry>

export interface TaskNode {
  id: string
  title: string
  status: string
  children: TaskNode[]
}
export const TaskNode: z.ZodType<TaskNode> = z.lazy(() =>
  z.object({ id: z.string(), title: z.string(), status: z.string(), children: z.array(TaskNode) }),
)

export const PlanNode = z.object({
  id: z.string(),
  goal: z.string(),
  max: z.number().int().nonnegative(),
  tasks: z.array(z.object({ id: z.string(), title: z.string(), st: z.string(), rt: z.number().int().nonnegative() })),
})
export type PlanNode = z.infer<typeof PlanNode>

export const C64Node = z.object({
  id: z.string(),
  type: z.enum(["foreground", "background"]),
  operation: z.string(),
  status: z.string(),
  iterations: z.number().int().nonnegative().nullable(),
  maxIterations: z.number().int().positive().nullable(),
})
export type C64Node = z.infer<typeof C64Node>

export const CommandNode = z.object({
  /** The command id, or the file name when the file does not parse. */
  id: z.string(),
  command: z.string(),
  /** Where it waits: agent-inbox.json, agent-inbox.d/<name>, or agent-inbox.claimed/<name>. */
  file: z.string(),
  answered: z.boolean(),
})
export type CommandNode = z.infer<typeof CommandNode>

export const TrackedFile = z.object({ path: z.string(), size: z.number().int().nonnegative(), sha256: z.string() })
export type TrackedFile = z.infer<typeof TrackedFile>

export const CheckpointBody = z.object({
  version: z.literal(CHECKPOINT_VERSION),
  id: z.string(),
  createdAt: z.string(),
  reason: z.string(),
  // Optional on read: an old or hand-made checkpoint may lack them (they are then derived).
  completedTasks: z.array(WorkEntry).default([]),
  pendingTasks: z.array(WorkEntry).default([]),
  failedTasks: z.array(WorkEntry).default([]),
  structure: z.object({
    tasks: z.array(TaskNode).default([]),
    plans: z.array(PlanNode).default([]),
    c64: z.array(C64Node).default([]),
    commands: z.array(CommandNode).default([]),
  }),
  execution: z.object({
    phase: z.string().nullable(),
    state: z.string().nullable(),
    currentPlan: z.string().nullable(),
    currentPlanTask: z.string().nullable(),
    runningC64: z.array(z.object({ id: z.string(), iterations: z.number().int().nonnegative() })),
  }),
  budgets: z.object({
    validationRetries: z.object({ used: z.number().int().nonnegative(), remaining: z.number().int().nonnegative(), byTask: z.record(z.string(), z.number().int().nonnegative()) }),
    c64Iterations: z.object({ used: z.number().int().nonnegative(), remaining: z.number().int().nonnegative() }),
  }),
  trackedFiles: z.array(TrackedFile),
})
export type CheckpointBody = z.infer<typeof CheckpointBody>

/** On disk: the body and the SHA-256 of its canonical JSON. */
export const CheckpointFile = z.object({ checksum: z.string(), body: z.unknown() })
