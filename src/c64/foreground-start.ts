// `tsk c64 start` with no runner to take the task: run it in this process, print a line per
// iteration, and on Ctrl+C stop it properly (status `stopped`) before returning.
import type { C64Event } from "./c64-events.ts"
import type { C64Service } from "./c64-service.ts"
import type { RegistryEntry } from "./state/task-schema.ts"
import type { TextStyle } from "./c64-text.ts"

export interface ForegroundStartIO {
  json: boolean
  style: TextStyle
  print(line: string): void
  signal: AbortSignal
}

/** `tsk c64 start`: what to run, how often, how many times; run here or handed to the runner. */
export interface C64StartRequest {
  operation: string
  args: Record<string, unknown>
  everyMs: number
  count?: number
  name?: string
}

export async function runStartInForeground(
  io: ForegroundStartIO,
  service: C64Service,
  request: C64StartRequest,
  format: (event: C64Event, style: TextStyle) => string | null,
): Promise<{ data: RegistryEntry; text: string; exitCode?: number }> {
  let id: string | null = null
  let resolveEnd!: (event: C64Event) => void
  const ended = new Promise<C64Event>((resolve) => (resolveEnd = resolve))
  const off = service.onEvent((event) => {
    if (id === null || event.task.id !== id) return
    const line = format(event, io.style)
    if (line !== null && !io.json && event.type === "iteration") io.print(line)
    if (event.type === "completed" || event.type === "error" || event.type === "stopped") resolveEnd(event)
  })
  const onAbort = () => {
    if (id !== null) void service.stop(id).catch(() => {})
  }
  try {
    const task = await service.start(request.operation, request.args, { everyMs: request.everyMs, count: request.count, name: request.name })
    id = task.id
    if (!io.json) io.print(io.style.dim(`Started ${task.id}; Ctrl+C stops it.`))
    if (io.signal.aborted) onAbort()
    else io.signal.addEventListener("abort", onAbort, { once: true })
    const end = await ended
    return { data: end.task, text: format(end, io.style) ?? "", exitCode: end.type === "error" ? 1 : 0 }
  } finally {
    off()
    io.signal.removeEventListener("abort", onAbort)
  }
}
