// The c64-* agent bridge commands over the C64 service: c64-run, c64-start, c64-stop, c64-list
// and c64-show. Payloads are zod schemas; the runner validates them and answers errors itself.
import * as z from "zod"
import { defineBridgeCommand, type BridgeCommandDefinition } from "../bridge/command-definition.ts"
import type { C64Service, StopResult } from "./c64-service.ts"
import { C64TaskStatus, C64TaskType, type RegistryEntry } from "./state/task-schema.ts"
import { formatInterval, parseInterval } from "./interval-text.ts"
import type { ForegroundRun } from "./foreground-task.ts"
import { invalid } from "../domain/errors.ts"

const Args = z.record(z.string(), z.unknown()).optional()

const RunPayload = z.strictObject({ operation: z.string().min(1), args: Args, name: z.string().optional() })

const StartPayload = z.strictObject({
  operation: z.string().min(1),
  args: Args,
  name: z.string().optional(),
  /** `1s`, `500ms`; or `intervalMs` as c64bridge writes it. */
  every: z.string().optional(),
  intervalMs: z.number().optional(),
  count: z.number().optional(),
  maxIterations: z.number().optional(),
})

const TaskRef = z.strictObject({ taskId: z.string().min(1) })
const ShowPayload = TaskRef.extend({ samples: z.number().int().min(0).max(1000).optional() })
const ListPayload = z.strictObject({ status: C64TaskStatus.optional(), type: C64TaskType.optional(), limit: z.number().int().positive().optional() })

const addressOf = (task: RegistryEntry) => (typeof task.args.address === "string" ? ` ${task.args.address}` : "")

export function createC64BridgeCommands(service: C64Service): BridgeCommandDefinition[] {
  return [
    defineBridgeCommand({
      command: "c64-run",
      payload: RunPayload,
      run: (p) => service.run(p.operation, p.args, { name: p.name }),
      describe: (p, data) => `ran ${p.operation}${addressOf((data as ForegroundRun).task)} → ${(data as ForegroundRun).task.id}`,
    }),
    defineBridgeCommand({
      command: "c64-start",
      payload: StartPayload,
      run: (p) => {
        const everyMs = p.every !== undefined ? parseInterval(p.every) : p.intervalMs
        if (everyMs === undefined) throw invalid("c64-start needs an interval: every (\"1s\") or intervalMs (1000)")
        return service.start(p.operation, p.args, { everyMs, count: p.count ?? p.maxIterations, name: p.name })
      },
      describe: (p, data) => {
        const task = data as RegistryEntry
        const times = task.maxIterations ? `, ${task.maxIterations} times` : ""
        return `started ${task.operation}${addressOf(task)} every ${formatInterval(task.intervalMs ?? 0)}${times}`
      },
    }),
    defineBridgeCommand({
      command: "c64-stop",
      payload: TaskRef,
      run: (p) => service.stop(p.taskId),
      describe: (_p, data) => {
        const { task, stopped } = data as StopResult
        return stopped ? `stopped ${task.id}` : `${task.id} was already ${task.status}`
      },
    }),
    defineBridgeCommand({
      command: "c64-list",
      readOnly: true,
      payload: ListPayload,
      run: async (p) => {
        const tasks = await service.list({ status: p.status, type: p.type })
        return p.limit ? tasks.slice(-p.limit) : tasks
      },
      describe: (_p, data) => `listed ${(data as unknown[]).length} C64 tasks`,
    }),
    defineBridgeCommand({
      command: "c64-show",
      readOnly: true,
      payload: ShowPayload,
      run: (p) => service.show(p.taskId, { samples: p.samples }),
      describe: (_p, data) => `showed ${(data as { task: RegistryEntry }).task.id}`,
    }),
  ]
}
