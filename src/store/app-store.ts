// The zustand vanilla store every surface shares: the CLI, the TUI, the bridge and the runner call
// these actions. Each action is a locked read-modify-write of the file (see tasks-repository), so
// the in-memory copy is only ever a view; it is never written back.
import { createStore, type StoreApi } from "zustand/vanilla"
import type { Task, TaskStatus } from "../domain/task.ts"
import type { CreateTaskInput, UpdateTaskInput } from "../domain/task-input.ts"
import {
  addNote,
  createTask,
  createTasks,
  deleteTask,
  restoreTasks,
  setBlocked,
  setStatus,
  updateTask,
  type DeleteResult,
  type Mutation,
  type OperationContext,
} from "../domain/task-operations.ts"
import { logTime, startTimer, stopTimer, type TimerChange } from "../domain/time-tracking.ts"
import { claimTask, renewingLeases } from "../domain/task-claim.ts"
import { importTasks, type ImportResult } from "../domain/task-import.ts"
import { TskError, toTskError } from "../domain/errors.ts"
import type { Config } from "../domain/config.ts"
import { DEFAULT_CONFIG } from "../domain/config-defaults.ts"
import { appendTasks, mutateTasks, readTasks, type TasksSnapshot } from "./tasks-repository.ts"
import { restoreDeleted, revertFields, undoCreate, type BlockerLink } from "../domain/undo-operations.ts"
import { homePaths } from "./paths.ts"
import { watchFiles } from "./watch-files.ts"
import { fileIdentity, readFileIdentity } from "./file-identity.ts"

export interface TaskActions {
  reload(): Promise<void>
  /** Reload if another process changed the tasks (tasks.json, tasks.journal) or config.json since this store last looked. */
  refresh(): Promise<void>
  /**
   * Keep current while other processes write: file events answer at once, and a cheap check every
   * `pollMs` (200) is the guarantee. This store's own writes never cause a reload. Returns the stop
   * function.
   */
  watch(options?: { pollMs?: number; events?: boolean }): () => Promise<void>
  addTask(input: CreateTaskInput): Promise<Task>
  addTasks(inputs: CreateTaskInput[]): Promise<Task[]>
  updateTask(id: string, input: UpdateTaskInput): Promise<Task>
  setStatus(id: string, status: TaskStatus): Promise<Task>
  /** `requireLeaf`: refuse (inside the lock) when the task has subtasks. */
  deleteTask(id: string, options?: { requireLeaf?: boolean }): Promise<DeleteResult>
  restoreTasks(tasks: Task[]): Promise<Task[]>
  /** Undo (see domain/undo-operations.ts): each refuses when another writer built on the change. */
  undoCreate(created: Task): Promise<Task[]>
  revertFields(id: string, before: Partial<Task>, after: Partial<Task>): Promise<Task | null>
  restoreDeleted(tasks: Task[], links: BlockerLink[]): Promise<Task[]>
  addNote(id: string, content: string, source: string): Promise<Task>
  setBlocked(id: string, blockerId: string, blocked: boolean): Promise<Task>
  /** Assignee + in progress in one locked step; a conflict when someone else holds the task. */
  claimTask(id: string, assignee: string): Promise<Task>
  /** Add tasks from another list; ids already present are skipped. */
  importTasks(tasks: Task[]): Promise<ImportResult>
  startTimer(id: string): Promise<TimerChange>
  stopTimer(id?: string): Promise<Task>
  logTime(id: string, durationMs: number): Promise<Task>
}

export interface AppState extends TaskActions {
  home: string
  tasks: Task[]
  revision: number
  config: Config
  /** Set when tasks.json or config.json is unreadable: the surfaces go read-only and say why. */
  loadError: TskError | null
  loaded: boolean
}

export type AppStore = StoreApi<AppState>

export interface AppStoreOptions {
  home: string
  now?: () => Date
  newId?: () => string
  /** Who makes the changes (a CLI caller): the leases it holds on the tasks it changes are renewed. */
  actor?: string
  /**
   * The list as read already for this store's first load (`tsk` reads it to draw its first screen
   * before the app loads), with what its files were before that read (tasksIdentity).
   */
  firstRead?: FirstRead
}

export interface FirstRead {
  snapshot: TasksSnapshot
  seen: string
}

/** The list's files as they are now: tasks.json and its journal. */
export function tasksIdentity(paths: ReturnType<typeof homePaths>): string {
  return `${fileIdentity(paths.tasks)}|${fileIdentity(paths.journal)}`
}

/** tasksIdentity through Bun's file API: for a reader that loads no node:fs (`tsk`'s first screen). */
export async function readTasksIdentity(paths: ReturnType<typeof homePaths>): Promise<string> {
  const [tasks, journal] = await Promise.all([readFileIdentity(paths.tasks), readFileIdentity(paths.journal)])
  return `${tasks}|${journal}`
}

export function createAppStore(options: AppStoreOptions): AppStore {
  const now = options.now ?? (() => new Date())
  // The Web Crypto global: importing node:crypto costs a CLI command about 10 ms of start-up.
  const newId = options.newId ?? (() => crypto.randomUUID())
  const context = (): OperationContext => ({ now: now(), newId })
  // Worked out once for the store's life: every read, change and poll below passes them down.
  const paths = homePaths(options.home)

  // What the files looked like when this store last read them (see refresh()).
  let tasksSeen: string | null = ""
  let configSeen: string | null = ""
  let refreshing: Promise<void> | null = null
  let firstRead = options.firstRead

  return createStore<AppState>()((set, get) => {
    async function mutate<T>(operation: (tasks: Task[], ctx: OperationContext) => Mutation<T>): Promise<T> {
      const { actor } = options
      const change = actor === undefined ? operation : renewingLeases(actor, operation)
      const { snapshot, result } = await mutateTasks(paths, (tasks) => change(tasks, context()))
      // An older snapshot can arrive after a newer reload; keep the newest.
      if (snapshot.revision >= get().revision) set({ tasks: snapshot.tasks, revision: snapshot.revision, loadError: null })
      return result
    }

    // A store that holds no list (a one-shot CLI command) adds a task without parent or blockers
    // without reading the list (see appendTasks); its state is then left as it was.
    async function addTask(input: CreateTaskInput): Promise<Task> {
      const state = get()
      if (state.loaded || state.revision !== 0 || state.tasks.length > 0 || input.parentId || (input.blockedBy?.length ?? 0) > 0) {
        return mutate((tasks, ctx) => createTask(tasks, input, ctx))
      }
      const { snapshot, result } = await appendTasks(
        paths,
        (maxOrder) => {
          const { result } = createTask([], input, context(), maxOrder)
          return { added: [result], result }
        },
        (tasks) => createTask(tasks, input, context()),
      )
      if (snapshot && snapshot.revision >= get().revision) set({ tasks: snapshot.tasks, revision: snapshot.revision, loadError: null })
      return result
    }

    /** A list read from disk: the view changes only when the list is another one. */
    function take(snapshot: TasksSnapshot): void {
      if (snapshot.tasks !== get().tasks) set({ tasks: snapshot.tasks, revision: snapshot.revision })
      else if (snapshot.revision !== get().revision) set({ revision: snapshot.revision })
    }

    return {
      home: options.home,
      tasks: [],
      revision: 0,
      config: DEFAULT_CONFIG,
      loadError: null,
      loaded: false,

      async reload() {
        try {
          // The first load records what the files are as they are read: a change made while they
          // are read, or before watch() starts, is then a change to the next refresh (the TUI
          // loads, then watches). Later, refresh() records them: a reload (a claim's) that
          // overtook a refresh's read leaves the next poll to find the newer file again.
          const first = get().loaded ? undefined : firstRead
          firstRead = undefined
          if (!get().loaded) {
            tasksSeen = first?.seen ?? tasksIdentity(paths)
            configSeen = fileIdentity(paths.config)
          }
          // The config schema (zod) loads only here, never for a one-shot change.
          const { readConfig } = await import("./config-store.ts")
          const [snapshot, config] = await Promise.all([first?.snapshot ?? readTasks(paths), readConfig(paths)])
          if (!get().loaded || get().loadError) set({ tasks: snapshot.tasks, revision: snapshot.revision })
          else take(snapshot)
          set({ config, loadError: null, loaded: true })
        } catch (error) {
          set({ loadError: toTskError(error), loaded: true })
        }
      },
      async refresh() {
        if (refreshing) return refreshing
        refreshing = (async () => {
          const tasksNow = tasksIdentity(paths)
          const configNow = fileIdentity(paths.config)
          if (tasksNow === tasksSeen && configNow === configSeen) return
          const state = get()
          const tasksChanged = tasksNow !== tasksSeen
          const configChanged = configNow !== configSeen
          tasksSeen = tasksNow
          configSeen = configNow
          if (configChanged || state.loadError !== null || !state.loaded) await get().reload()
          else if (tasksChanged) {
            // Cheap when the change is this process's own (the store hands back the snapshot it
            // wrote) or a few journal lines; the list is compared, not the revision, which a
            // tasks.json written from outside can make repeat.
            try {
              take(await readTasks(paths))
            } catch (error) {
              set({ loadError: toTskError(error) })
            }
          }
        })().finally(() => {
          refreshing = null
        })
        return refreshing
      },
      watch(watchOptions = {}) {
        const stopEvents = watchOptions.events === false ? async () => {} : watchFiles([paths.tasks, paths.journal, paths.config], () => void get().refresh())
        const timer = setInterval(() => void get().refresh(), watchOptions.pollMs ?? 200)
        return async () => {
          clearInterval(timer)
          await stopEvents()
        }
      },
      addTask,
      addTasks: (inputs) => mutate((tasks, ctx) => createTasks(tasks, inputs, ctx)),
      updateTask: (id, input) => mutate((tasks, ctx) => updateTask(tasks, id, input, ctx)),
      setStatus: (id, status) => mutate((tasks, ctx) => setStatus(tasks, id, status, ctx)),
      deleteTask: (id, options) => mutate((tasks) => deleteTask(tasks, id, options)),
      restoreTasks: (restored) => mutate((tasks) => restoreTasks(tasks, restored)),
      undoCreate: (created) => mutate((tasks) => undoCreate(tasks, created)),
      revertFields: (id, before, after) => mutate((tasks, ctx) => revertFields(tasks, id, before, after, ctx.now.toISOString())),
      restoreDeleted: (restored, links) => mutate((tasks) => restoreDeleted(tasks, restored, links)),
      addNote: (id, content, source) => mutate((tasks, ctx) => addNote(tasks, id, content, source, ctx)),
      setBlocked: (id, blockerId, blocked) => mutate((tasks, ctx) => setBlocked(tasks, id, blockerId, blocked, ctx)),
      claimTask: (id, assignee) => mutate((tasks, ctx) => claimTask(tasks, id, assignee, ctx)),
      importTasks: (incoming) => mutate((tasks) => importTasks(tasks, incoming)),
      startTimer: (id) => mutate((tasks, ctx) => startTimer(tasks, id, ctx)),
      stopTimer: (id) => mutate((tasks, ctx) => stopTimer(tasks, id, ctx)),
      logTime: (id, durationMs) => mutate((tasks, ctx) => logTime(tasks, id, durationMs, ctx)),
    }
  })
}
