// The c64-* agent bridge commands over the C64 service: c64-run, c64-start, c64-stop, c64-list,
// c64-show, and the machine itself: c64-peek, c64-poke, c64-screen, c64-reset, c64-run-prg,
// c64-backend. The runner owns the machine, so these act on the same one whoever sends them (the
// CLI sends its own peek, poke, screen, reset, run-prg and backend this way with the sim).
// Payloads are zod schemas; the runner validates them and answers errors itself.
import * as z from "zod"
import { defineBridgeCommand, type BridgeCommandDefinition } from "../domain/command-definition.ts"
import type { BackendStatus } from "./backend.ts"
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

const AddressValue = z.union([z.string().min(1), z.number()])
const PeekPayload = z.strictObject({ address: AddressValue, length: z.union([z.string().min(1), z.number()]).optional() })
/** Bytes as hex text (`"de ad"`, `"$DEAD"`) or numbers. */
const PokePayload = z.strictObject({ address: AddressValue, bytes: z.union([z.string().min(1), z.array(z.number())]) })
const Empty = z.strictObject({})
/** The PRG file's bytes in base64 (load address first, as on disk). */
const RunPrgPayload = z.strictObject({ prgBase64: z.string().min(4) })

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
      command: "c64-peek",
      readOnly: true,
      payload: PeekPayload,
      run: (p) => service.peek(p.address, p.length),
      describe: (_p, data) => {
        const answer = data as { address: string; length: number }
        return `read ${answer.length} bytes at ${answer.address}`
      },
    }),
    defineBridgeCommand({
      command: "c64-poke",
      payload: PokePayload,
      run: (p) => service.poke(p.address, p.bytes),
      describe: (_p, data) => {
        const answer = data as { address: string; length: number }
        return `wrote ${answer.length} bytes at ${answer.address}`
      },
    }),
    defineBridgeCommand({
      command: "c64-screen",
      readOnly: true,
      payload: Empty,
      run: () => service.screen(),
      describe: () => "read the C64 screen",
    }),
    defineBridgeCommand({
      command: "c64-reset",
      payload: Empty,
      run: () => service.reset(),
      describe: () => "reset the C64",
    }),
    defineBridgeCommand({
      command: "c64-run-prg",
      payload: RunPrgPayload,
      run: (p) => service.runPrg(new Uint8Array(Buffer.from(p.prgBase64, "base64"))),
      describe: (_p, data) => {
        const answer = data as { loadAddress: string; length: number }
        return `ran a ${answer.length}-byte program at ${answer.loadAddress}`
      },
    }),
    defineBridgeCommand({
      command: "c64-backend",
      readOnly: true,
      payload: Empty,
      run: () => service.backendStatus(),
      describe: (_p, data) => (data as BackendStatus).detail,
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
