// The c64bridge files as zod schemas (specs/c64bridge-agent-state.md). Objects are loose: fields
// written by other c64bridge tools (such as `nextRunAt`) survive our rewrites untouched.
import * as z from "zod"
import { isTimestamp } from "./timestamp.ts"

export const TASK_TYPES = ["foreground", "background"] as const
export const TASK_STATUSES = ["running", "completed", "stopped", "error"] as const

export const TimestampText = z
  .string()
  .refine(isTimestamp, { message: "must be a timestamp (YYYY-MM-DDTHH-mm-ssZ or ISO 8601)" })

export const C64TaskType = z.enum(TASK_TYPES)
export type C64TaskType = z.infer<typeof C64TaskType>

export const C64TaskStatus = z.enum(TASK_STATUSES)
export type C64TaskStatus = z.infer<typeof C64TaskStatus>

/** One entry of `tasks.json` (spec section 3). */
export const RegistryEntry = z.looseObject({
  id: z.string().min(1),
  name: z.string(),
  type: C64TaskType,
  operation: z.string().min(1),
  args: z.record(z.string(), z.unknown()).default({}),
  intervalMs: z.number().positive().optional(),
  maxIterations: z.number().int().positive().nullish(),
  iterations: z.number().int().nonnegative().optional(),
  status: C64TaskStatus,
  startedAt: TimestampText,
  updatedAt: TimestampText,
  stoppedAt: TimestampText.nullish(),
  lastError: z.string().nullish(),
  folder: z.string().min(1),
})
export type RegistryEntry = z.infer<typeof RegistryEntry>

/** `tasks.json`: `{ "tasks": [...] }`. */
export const RegistryFile = z.looseObject({
  tasks: z.array(RegistryEntry),
})
export type RegistryFile = z.infer<typeof RegistryFile>

/** `task.json` (spec section 4): the entry plus `resultPath`, relative to the home. */
export const TaskFile = RegistryEntry.extend({
  resultPath: z.string().min(1).optional(),
})
export type TaskFile = z.infer<typeof TaskFile>

/** `result.json` (spec section 5). Other tools write other shapes, so only the common core is checked. */
export const ResultFile = z.looseObject({
  id: z.string().optional(),
  type: z.string().optional(),
  name: z.string().optional(),
  created: TimestampText.optional(),
  completed: TimestampText.nullish(),
  status: z.string().optional(),
  summary: z.record(z.string(), z.unknown()).optional(),
  artifacts: z.record(z.string(), z.unknown()).optional(),
})
export type ResultFile = z.infer<typeof ResultFile>

/** One line of `samples.jsonl`: `{"i", "at", "ms", "address", "length", "hex"}` plus op-specific fields. */
export const SampleLine = z.looseObject({
  i: z.number().int().positive(),
  at: TimestampText,
  ms: z.number(),
  address: z.string(),
  length: z.number().int().positive(),
  hex: z.string().regex(/^([0-9a-f]{2})*$/i),
})
export type SampleLine = z.infer<typeof SampleLine>
