// The registry `tasks.json`: every change is a read-modify-write inside the cross-process lock,
// applied to what is on disk at that moment, followed by the task's own `task.json`. Entries we do
// not touch are written back exactly as read (loose schemas keep unknown fields).
// A registry keeps the timestamp style it has: one c64bridge created (ISO stamps, which is all its
// `new Date()` reader understands) stays ISO through our writes; new registries follow the spec.
// The runner re-reads the registry inside the lock on every iteration of every task, so a text
// identical to the one last validated (or written) here is not validated again.
import { readdir } from "node:fs/promises"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { parseJsonText, ensureDir } from "../../store/durable-file.ts"
import { writeTextDurable } from "./lean-write.ts"
import { withFileLock } from "../../store/file-lock.ts"
import { notFound, TskError } from "../../domain/errors.ts"
import { RegistryFile, type RegistryEntry, type C64TaskType } from "./task-schema.ts"
import { absoluteTaskFolder, taskFolderFor, type C64StatePaths } from "./state-paths.ts"
import { formatTaskId, nextTaskCounter } from "./task-id.ts"
import { formatTimestampAs, parseTimestamp, restamp, timestampStyleOf, type TimestampStyle } from "./timestamp.ts"
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

/** The style of the newest entry with a timestamp; an empty registry by its text (see below). */
export function registryTimestampStyle(registry: RegistryFile, text: string | null): TimestampStyle {
  for (let i = registry.tasks.length - 1; i >= 0; i--) {
    const stamp = registry.tasks[i]!.updatedAt
    if (parseTimestamp(stamp) !== null) return timestampStyleOf(stamp)
  }
  // tsk ends the file with a newline; c64bridge's `JSON.stringify(registry, null, 2)` does not.
  return text !== null && text.length > 0 && !text.endsWith("\n") ? "iso" : "spec"
}

function restampEntry(entry: RegistryEntry, style: TimestampStyle): RegistryEntry {
  return {
    ...entry,
    startedAt: restamp(entry.startedAt, style),
    updatedAt: restamp(entry.updatedAt, style),
    ...(typeof entry.stoppedAt === "string" ? { stoppedAt: restamp(entry.stoppedAt, style) } : {}),
  }
}

interface LoadedRegistry {
  registry: RegistryFile
  text: string | null
  style: TimestampStyle
}

export function createTaskRegistry(paths: C64StatePaths): TaskRegistry {
  const label = "tasks.json"
  let lastValid: { text: string; registry: RegistryFile } | null = null

  async function load(): Promise<LoadedRegistry> {
    let text: string
    try {
      // Synchronous: a small file, and an asynchronous read costs a trip through the thread pool.
      text = readFileSync(paths.registry, "utf8")
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === "ENOENT") return { registry: { tasks: [] }, text: null, style: "spec" }
      throw new TskError("io", `cannot read ${label}: ${code ?? "error"}`)
    }
    let registry: RegistryFile
    if (lastValid !== null && lastValid.text === text) registry = lastValid.registry
    else {
      registry = parseJsonText(text, RegistryFile, label)
      lastValid = { text, registry }
    }
    return { registry, text, style: registryTimestampStyle(registry, text) }
  }

  const readRegistry = async () => (await load()).registry

  async function writeRegistry(registry: RegistryFile): Promise<void> {
    const text = JSON.stringify(registry, null, 2) + "\n"
    await writeTextDurable(paths.registry, text)
    lastValid = { text, registry }
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
        const loaded = await load()
        if (loaded.text === null) await writeRegistry({ tasks: [] })
      }),

    list: async () => (await readRegistry()).tasks,

    async get(id) {
      const entry = (await readRegistry()).tasks.find((t) => t.id === id)
      if (!entry) throw notFound(`no C64 task '${id}'`)
      return entry
    },

    create: (draft, nowMs) =>
      locked(async () => {
        const { registry, style } = await load()
        const counter = nextTaskCounter([...registry.tasks.map((t) => t.id), ...(await folderNames())])
        const id = formatTaskId(counter, draft.name)
        const folder = taskFolderFor(draft.type, id)
        // The folder exists before the registry names it, so a crash in between still burns the
        // number (the next allocation sees the folder) instead of handing it out twice.
        await ensureDir(absoluteTaskFolder(paths.home, folder))
        const stamp = formatTimestampAs(nowMs, style)
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
        await writeRegistry({ ...registry, tasks: [...registry.tasks, entry] })
        await writeTaskJson(paths.home, entry)
        return entry
      }),

    update: (id, change) =>
      locked(async () => {
        const { registry, style } = await load()
        const index = registry.tasks.findIndex((t) => t.id === id)
        if (index < 0) throw notFound(`no C64 task '${id}'`)
        const before = registry.tasks[index]!
        const changed = change(before)
        if (changed === before) return before
        if (changed.id !== id) throw new TskError("invalid", "a task's id cannot change")
        const after = restampEntry(changed, style)
        const tasks = registry.tasks.slice()
        tasks[index] = after
        await writeRegistry({ ...registry, tasks })
        // An iteration of a running task (status unchanged) is restored from the registry itself.
        await writeTaskJson(paths.home, after, after.status !== before.status)
        return after
      }),
  }
}
