// The registry `tasks.json`: every change is a read-modify-write inside the cross-process lock,
// applied to what is on disk at that moment, followed by the task's own `task.json`. Entries we do
// not touch are written back exactly as read (loose schemas keep unknown fields).
import { readdir } from "node:fs/promises"
import { join } from "node:path"
import { readJsonFile, writeJsonDurable, ensureDir } from "../../store/durable-file.ts"
import { withFileLock } from "../../store/file-lock.ts"
import { notFound, TskError } from "../../domain/errors.ts"
import { RegistryFile, type RegistryEntry, type C64TaskType } from "./task-schema.ts"
import { absoluteTaskFolder, taskFolderFor, type C64StatePaths } from "./state-paths.ts"
import { formatTaskId, nextTaskCounter } from "./task-id.ts"
import { formatTimestamp } from "./timestamp.ts"
import { writeTaskJson } from "./task-files.ts"

export interface NewTaskDraft {
  name: string
  type: C64TaskType
  operation: string
  args: Record<string, unknown>
  intervalMs?: number
  maxIterations?: number
  /** Extra fields kept beside the spec's (for example who runs the task). */
  extra?: Record<string, unknown>
}

/** Returns the changed entry, or the same object to leave the file untouched. */
export type EntryChange = (entry: RegistryEntry) => RegistryEntry

export interface TaskRegistry {
  readonly paths: C64StatePaths
  /** Creates an empty registry when there is none (spec: on startup). */
  ensure(): Promise<void>
  list(): Promise<RegistryEntry[]>
  get(id: string): Promise<RegistryEntry>
  create(draft: NewTaskDraft, nowMs: number): Promise<RegistryEntry>
  update(id: string, change: EntryChange): Promise<RegistryEntry>
}

export function createTaskRegistry(paths: C64StatePaths): TaskRegistry {
  const label = "tasks.json"

  async function readRegistry(): Promise<RegistryFile> {
    const loaded = await readJsonFile(paths.registry, RegistryFile, label)
    return loaded.status === "missing" ? { tasks: [] } : loaded.value
  }

  async function folderNames(): Promise<string[]> {
    const names: string[] = []
    for (const dir of [join(paths.home, "tasks"), join(paths.home, "tasks", "background")]) {
      try {
        names.push(...(await readdir(dir)))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error
      }
    }
    return names
  }

  // Changes from this process queue up here first, so our own tasks never spin on the lock file
  // against each other; the file lock then orders us against other processes.
  let queue: Promise<unknown> = Promise.resolve()
  const locked = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(() => withFileLock(paths.registry, fn))
    queue = next.catch(() => {})
    return next
  }

  return {
    paths,

    ensure: () =>
      locked(async () => {
        const loaded = await readJsonFile(paths.registry, RegistryFile, label)
        if (loaded.status === "missing") await writeJsonDurable(paths.registry, { tasks: [] })
      }),

    list: async () => (await readRegistry()).tasks,

    async get(id) {
      const entry = (await readRegistry()).tasks.find((t) => t.id === id)
      if (!entry) throw notFound(`no C64 task '${id}'`)
      return entry
    },

    create: (draft, nowMs) =>
      locked(async () => {
        const registry = await readRegistry()
        const counter = nextTaskCounter([...registry.tasks.map((t) => t.id), ...(await folderNames())])
        const id = formatTaskId(counter, draft.name)
        const folder = taskFolderFor(draft.type, id)
        // The folder exists before the registry names it, so a crash in between still burns the
        // number (the next allocation sees the folder) instead of handing it out twice.
        await ensureDir(absoluteTaskFolder(paths.home, folder))
        const stamp = formatTimestamp(nowMs)
        const entry: RegistryEntry = {
          id,
          name: draft.name,
          type: draft.type,
          operation: draft.operation,
          args: draft.args,
          ...(draft.type === "background"
            ? { intervalMs: draft.intervalMs, ...(draft.maxIterations ? { maxIterations: draft.maxIterations } : {}), iterations: 0 }
            : {}),
          status: "running",
          startedAt: stamp,
          updatedAt: stamp,
          stoppedAt: null,
          lastError: null,
          folder,
          ...draft.extra,
        }
        await writeJsonDurable(paths.registry, { ...registry, tasks: [...registry.tasks, entry] })
        await writeTaskJson(paths.home, entry)
        return entry
      }),

    update: (id, change) =>
      locked(async () => {
        const registry = await readRegistry()
        const index = registry.tasks.findIndex((t) => t.id === id)
        if (index < 0) throw notFound(`no C64 task '${id}'`)
        const before = registry.tasks[index]!
        const after = change(before)
        if (after === before) return before
        if (after.id !== id) throw new TskError("invalid", "a task's id cannot change")
        const tasks = registry.tasks.slice()
        tasks[index] = after
        await writeJsonDurable(paths.registry, { ...registry, tasks })
        await writeTaskJson(paths.home, after)
        return after
      }),
  }
}
