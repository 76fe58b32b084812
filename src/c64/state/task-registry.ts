// The registry `tasks.json`: every change is a read-modify-write inside the cross-process lock,
// applied to what is on disk at that moment, followed by the task's own `task.json`. Entries we do
// not touch are written back exactly as read (loose schemas keep unknown fields).
// A registry keeps the timestamp style it has: one c64bridge created (ISO stamps, which is all its
// `new Date()` reader understands) stays ISO through our writes; new registries follow the spec.
// The runner re-reads the registry inside the lock on every iteration of every task, so a text
// identical to the one last validated (or written) here is not validated again.
// A running task's progress (its iteration count and stamp) may wait up to one interval of the
// task, at most `COMMIT_DELAY_MS`, to be written (`updateSoon`): the changes waiting then go into one
// locked read-modify-write, so tasks sampling side by side at 1 Hz cost one lock and one registry
// write a second, not one each per iteration.
// Any `update` writes the waiting ones first, in the same write. What waits is never the only
// record of anything: the samples it counts are durable already.
import { readdir } from "node:fs/promises"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { parseJsonText, ensureDir } from "../../store/durable-file.ts"
import { writeTextDurable } from "./lean-write.ts"
import { withFileLock } from "../../store/file-lock.ts"
import { notFound, TskError } from "../../domain/errors.ts"
import { RegistryFile, type RegistryEntry, type C64TaskType } from "./task-schema.ts"
import { absoluteTaskFolder, taskFolderFor, type C64StatePaths } from "./state-paths.ts"
import { formatTaskId, nextTaskCounter, uniqueTaskName } from "./task-id.ts"
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
  /** `inLock` runs with the entry as written (or left), before the lock is let go. */
  update(id: string, change: EntryChange, inLock?: (entry: RegistryEntry) => Promise<void>): Promise<RegistryEntry>
  /**
   * `update` with the next write of this registry, at the latest `withinMs` (at most
   * `COMMIT_DELAY_MS`) from now; resolves with the entry as written (rejects as `update` would).
   * The task's task.json is left to the caller (a running task's progress: see background-task.ts).
   */
  updateSoon(id: string, change: EntryChange, withinMs?: number): Promise<RegistryEntry>
  /** Writes the changes `updateSoon` holds now. */
  flush(): Promise<void>
  /** The entry as the file holds it now, read without the lock (null when the file cannot be read). */
  peek(id: string): RegistryEntry | undefined | null
  /** All entries as the file holds them now, read without the lock (null when it cannot be read). */
  peekAll(): RegistryEntry[] | null
  /**
   * Puts `entry` back when no entry has its id (another program dropped it), with its task.json;
   * resolves with true when it did, false when the id was there already.
   */
  restore(entry: RegistryEntry): Promise<boolean>
}

/** How long `updateSoon` lets a change wait for others to share its write. */
export const COMMIT_DELAY_MS = 1000

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
    const registry = parse(text)
    return { registry, text, style: registryTimestampStyle(registry, text) }
  }

  function parse(text: string): RegistryFile {
    if (lastValid !== null && lastValid.text === text) return lastValid.registry
    const registry = parseJsonText(text, RegistryFile, label)
    lastValid = { text, registry }
    return registry
  }

  const readRegistry = async () => (await load()).registry

  async function writeRegistry(registry: RegistryFile): Promise<void> {
    const text = JSON.stringify(registry, null, 2) + "\n"
    await writeTextDurable(paths.registry, text)
    lastValid = { text, registry }
  }

  interface Waiting {
    id: string
    change: EntryChange
    /** Rewrite the task's task.json too (every change but a held one). */
    mirror: boolean
    resolve(entry: RegistryEntry): void
    reject(error: unknown): void
  }
  let waiting: Waiting[] = []
  let waitTimer: ReturnType<typeof setTimeout> | null = null
  /** When the waiting changes are written (performance.now() time). */
  let writeAt = Infinity

  /**
   * Applies `changes` in order to the registry read inside the lock, writes it (when anything
   * changed) and each changed task's task.json, and settles every change: the changes a caller
   * waits for come last, after those `updateSoon` held.
   */
  async function commit(changes: Waiting[]): Promise<void> {
    let loaded: LoadedRegistry
    try {
      loaded = await load()
    } catch (error) {
      for (const c of changes) c.reject(error)
      return
    }
    const tasks = loaded.registry.tasks.slice()
    const before = new Map<number, { was: RegistryEntry; mirror: boolean }>()
    const settle: Array<() => void> = []
    for (const c of changes) {
      const index = tasks.findIndex((t) => t.id === c.id)
      if (index < 0) {
        settle.push(() => c.reject(notFound(`no C64 task '${c.id}'`)))
        continue
      }
      const current = tasks[index]!
      let changed: RegistryEntry
      try {
        changed = c.change(current)
        if (changed !== current && changed.id !== c.id) throw new TskError("invalid", "a task's id cannot change")
      } catch (error) {
        settle.push(() => c.reject(error))
        continue
      }
      if (changed === current) {
        settle.push(() => c.resolve(current))
        continue
      }
      const seen = before.get(index)
      before.set(index, { was: seen?.was ?? current, mirror: c.mirror || (seen?.mirror ?? false) })
      const after = restampEntry(changed, loaded.style)
      tasks[index] = after
      settle.push(() => c.resolve(after))
    }
    if (before.size > 0) {
      try {
        await writeRegistry({ ...loaded.registry, tasks })
        // An iteration of a running task (status unchanged) is restored from the registry itself.
        for (const [index, { was, mirror }] of before) if (mirror) await writeTaskJson(paths.home, tasks[index]!, tasks[index]!.status !== was.status)
      } catch (error) {
        for (const c of changes) c.reject(error)
        return
      }
    }
    for (const done of settle) done()
  }

  /** The changes `updateSoon` holds, handed to the commit that runs now. */
  function takeWaiting(): Waiting[] {
    if (waitTimer !== null) clearTimeout(waitTimer)
    waitTimer = null
    writeAt = Infinity
    const taken = waiting
    waiting = []
    return taken
  }

  const flush = () =>
    locked(async () => {
      const taken = takeWaiting()
      if (taken.length > 0) await commit(taken)
    })

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
        const name = uniqueTaskName(draft.name, registry.tasks.map((t) => t.name))
        const id = formatTaskId(counter, name)
        const folder = taskFolderFor(draft.type, id)
        // The folder exists before the registry names it, so a crash in between still burns the
        // number (the next allocation sees the folder) instead of handing it out twice.
        await ensureDir(absoluteTaskFolder(paths.home, folder))
        const stamp = formatTimestampAs(nowMs, style)
        const entry: RegistryEntry = {
          id,
          name,
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

    update: (id, change, inLock) =>
      locked(async () => {
        const outcome: { entry?: RegistryEntry; error?: unknown } = {}
        await commit([...takeWaiting(), { id, change, mirror: true, resolve: (entry) => (outcome.entry = entry), reject: (error) => (outcome.error = error ?? new Error("failed")) }])
        if (outcome.error !== undefined || outcome.entry === undefined) throw outcome.error
        await inLock?.(outcome.entry)
        return outcome.entry
      }),

    updateSoon: (id, change, withinMs = COMMIT_DELAY_MS) =>
      new Promise<RegistryEntry>((resolve, reject) => {
        waiting.push({ id, change, mirror: false, resolve, reject })
        const due = performance.now() + Math.max(0, Math.min(withinMs, COMMIT_DELAY_MS))
        if (due >= writeAt) return
        if (waitTimer !== null) clearTimeout(waitTimer)
        writeAt = due
        // Whatever fails is told to each change's caller.
        waitTimer = setTimeout(() => void flush().catch(() => {}), due - performance.now())
      }),

    flush,

    peek(id) {
      try {
        return parse(readFileSync(paths.registry, "utf8")).tasks.find((t) => t.id === id)
      } catch {
        return null
      }
    },

    peekAll() {
      try {
        return parse(readFileSync(paths.registry, "utf8")).tasks
      } catch {
        return null
      }
    },

    restore: (entry) =>
      locked(async () => {
        const { registry, style } = await load()
        if (registry.tasks.some((t) => t.id === entry.id)) return false
        const restored = restampEntry(entry, style)
        await writeRegistry({ ...registry, tasks: [...registry.tasks, restored] })
        await writeTaskJson(paths.home, restored)
        return true
      }),
  }
}
