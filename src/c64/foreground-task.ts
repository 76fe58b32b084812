// One foreground task: registered as running, run (once, or again after a crash when it only
// reads), then completed (result.json with the summary and artifacts) or error (lastError). The
// caller gets the final entry and result.
import { ensureDir } from "../store/durable-file.ts"
import { TskError } from "../domain/errors.ts"
import type { ForegroundOperation } from "./operations/operation-types.ts"
import type { RegistryEntry, ResultFile } from "./state/task-schema.ts"
import { absoluteTaskFolder } from "./state/state-paths.ts"
import { taskFilePath, writeArtifact } from "./state/task-files.ts"
import { formatTimestamp } from "./state/timestamp.ts"
import { errorMessage, logTask, writeResult, type TaskRuntime } from "./task-runtime.ts"

export interface ForegroundRun {
  task: RegistryEntry
  result: ResultFile
}

export async function runForegroundTask(
  rt: TaskRuntime,
  op: ForegroundOperation,
  args: { parsed: unknown; stored: Record<string, unknown> },
  name: string,
): Promise<ForegroundRun> {
  const entry = await rt.registry.create(
    { name, type: "foreground", operation: op.name, args: args.stored, extra: { owner: rt.owner } },
    rt.now(),
  )
  await ensureDir(taskFilePath(rt.home, entry, "artifacts"))
  await logTask(rt, entry, `started ${op.describe(args.parsed)}`)
  rt.events.emit({ type: "started", task: entry, resumed: false })
  return execute(rt, op, args.parsed, entry)
}

/**
 * Runs again, in the same task (id, folder), an idempotent operation a crash cut off; the caller
 * has claimed `entry` for this process. Its result and artifacts are written as a first run's are;
 * a crash during this run leaves it `running` again, so the next runner start runs it once more.
 */
export async function rerunForegroundTask(rt: TaskRuntime, op: ForegroundOperation, parsed: unknown, entry: RegistryEntry): Promise<ForegroundRun> {
  if (!op.idempotent) throw new TskError("invalid", `${entry.id}: ${op.name} writes, so it is never run again`, { taskId: entry.id })
  await ensureDir(taskFilePath(rt.home, entry, "artifacts"))
  await logTask(rt, entry, `re-run after a crash: ${op.describe(parsed)}`)
  rt.events.emit({ type: "started", task: entry, resumed: true })
  return execute(rt, op, parsed, entry)
}

async function execute(rt: TaskRuntime, op: ForegroundOperation, parsed: unknown, entry: RegistryEntry): Promise<ForegroundRun> {
  const base = { id: entry.id, type: "task", name: op.name, created: entry.startedAt }
  try {
    const outcome = await op.run(
      {
        backend: rt.backend,
        writeArtifact: (relative, content) => writeArtifact(rt.home, entry, relative, content),
        makeDir: (relative) => ensureDir(absoluteTaskFolder(rt.home, `${entry.folder}/${relative}`)),
        log: (message) => logTask(rt, entry, message),
      },
      parsed,
    )
    const stamp = formatTimestamp(rt.now())
    const task = await rt.registry.update(entry.id, (e) => ({ ...e, status: "completed", updatedAt: stamp, stoppedAt: stamp, lastError: null }))
    const result: ResultFile = { ...base, completed: stamp, status: "completed", summary: outcome.summary, ...(outcome.artifacts ? { artifacts: outcome.artifacts } : {}) }
    await writeResult(rt, task, result)
    await logTask(rt, task, "completed")
    rt.events.emit({ type: "completed", task, summary: outcome.summary })
    return { task, result }
  } catch (error) {
    const message = errorMessage(error)
    const stamp = formatTimestamp(rt.now())
    const task = await rt.registry.update(entry.id, (e) => ({ ...e, status: "error", updatedAt: stamp, stoppedAt: stamp, lastError: message }))
    await writeResult(rt, task, { ...base, completed: stamp, status: "error", error: message })
    await logTask(rt, task, `error: ${message}`)
    rt.events.emit({ type: "error", task, error: message })
    const kind = error instanceof TskError ? error.kind : "io"
    throw new TskError(kind, `${task.id} failed: ${message}`, { taskId: task.id })
  }
}
