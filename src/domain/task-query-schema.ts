// The validated form of a task query, for input from agents (the bridge's `query`).
import * as z from "zod"
import { LocalDateString, Priority, TaskStatus } from "./task.ts"
import { DUE_FILTERS, SORT_KEYS, type TaskQuery as PlainTaskQuery } from "./task-query.ts"

const OneOrMany = <T extends z.ZodType>(schema: T) => z.union([schema, z.array(schema)]).transform((v) => (Array.isArray(v) ? v : [v]) as z.infer<T>[])

export const TaskQuerySchema = z.object({
  status: OneOrMany(TaskStatus).optional(),
  priority: OneOrMany(Priority).optional(),
  project: z.string().optional(),
  tag: z.string().optional(),
  due: z.union([z.enum(DUE_FILTERS), LocalDateString]).optional(),
  search: z.string().optional(),
  includeClosed: z.boolean().optional(),
  sort: z.enum(SORT_KEYS).optional(),
  limit: z.number().int().positive().max(100_000).optional(),
})

// The schema's output must stay assignable to the plain query type queryTasks takes.
export type TaskQueryInput = z.infer<typeof TaskQuerySchema> & PlainTaskQuery
