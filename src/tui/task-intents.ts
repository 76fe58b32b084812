// The changes a person makes in the TUI. Each goes through the store's locked actions, shows at once
// as a pending change, is tracked so quitting waits for it, reports failures as error toasts, and
// records its inverse for undo. A change's write starts once the frame showing it has been drawn
// (see paint-gate.ts) and after the changes before it have finished, in the order of the keys: the
// key's effect is on screen before the write's work begins, and undo always sees the steps of
// every earlier key. A failed write drops its pending change, so the screen goes back to the tasks
// as read from disk, and says why in an error toast.
import type { AppStore } from "../store/app-store.ts"
import type { Task, TaskStatus } from "../domain/task.ts"
import type { CreateTaskInput, UpdateTaskInput } from "../domain/task-input.ts"
import { runningTimer } from "./running-timer.ts"
import { taskView } from "./task-view.ts"
import type { UiStore } from "./ui-store.ts"
import type { BlockerLink } from "../domain/undo-operations.ts"
import type { UndoHistory, UndoStep } from "./undo-history.ts"
import type { PendingWrites } from "./pending-writes.ts"
import type { Toaster } from "./toaster.ts"
import { nextMacrotask } from "./paint-gate.ts"

export interface IntentDeps {
  store: AppStore
  ui: UiStore
  history: UndoHistory
  writes: PendingWrites
  toaster: Toaster
  /** Resolves once the frame showing a change is drawn (default: the next macrotask). */
  afterPaint?: () => Promise<void>
}

export type TaskIntents = ReturnType<typeof createTaskIntents>

interface ChangeSpec<T> {
  patches?: Record<string, Partial<Task>>
  deletedIds?: readonly string[]
  run(): Promise<T>
  step?(result: T): UndoStep | null
  toast?(result: T): string | null
}

function quoted(tasks: readonly Task[]): string {
  if (tasks.length === 1) return `'${tasks[0]!.title}'`
  return `${tasks.length} tasks`
}

function patchOf(input: UpdateTaskInput): Partial<Task> {
  const patch: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(input)) if (value !== undefined) patch[key] = value
  return patch as Partial<Task>
}

/** The values `input` would overwrite, so undo can put them back. */
function previousValues(task: Task, input: UpdateTaskInput): UpdateTaskInput {
  const previous: Record<string, unknown> = {}
  for (const key of Object.keys(input)) previous[key] = task[key as keyof Task]
  return previous as UpdateTaskInput
}

export function createTaskIntents(deps: IntentDeps) {
  const { store, ui, history, writes, toaster } = deps
  const afterPaint = deps.afterPaint ?? nextMacrotask
  // The previous change, settled (it never rejects): each change's write waits for it.
  let previous: Promise<unknown> = Promise.resolve()
  const actions = () => store.getState()
  const lookup = (ids: readonly string[]): Task[] => {
    const view = taskView(store.getState().tasks, ui.getState().pending)
    return ids.map((id) => view.index.get(id)).filter((t): t is Task => t !== undefined)
  }

  function change<T>(spec: ChangeSpec<T>): Promise<T | null> {
    const hasPending = spec.patches !== undefined || spec.deletedIds !== undefined
    const pendingId = hasPending ? ui.getState().addPending({ patches: spec.patches ?? {}, deletedIds: spec.deletedIds ?? [] }) : null
    const promise = previous
      .then(() => afterPaint())
      .then(() => spec.run())
      .then((result) => {
        const step = spec.step?.(result)
        if (step) history.record(step)
        const message = spec.toast?.(result)
        if (message) toaster.show("success", message)
        return result
      })
      .catch((error: unknown) => {
        toaster.error(error)
        return null
      })
      .finally(() => {
        if (pendingId !== null) ui.getState().dropPending(pendingId)
      })
    previous = promise
    return writes.track(promise)
  }

  /** Run `op` on each task in turn; a failure part-way still records the part that was done. */
  async function eachTask(tasks: readonly Task[], op: (task: Task) => Promise<unknown>): Promise<Task[]> {
    const done: Task[] = []
    for (const task of tasks) {
      await op(task)
      done.push(task)
    }
    return done
  }

  /** The fields `keys` of `task`, as the undo of a change compares and restores them. */
  const pick = (task: Task, keys: readonly string[]): Partial<Task> => Object.fromEntries(keys.map((k) => [k, task[k as keyof Task]])) as Partial<Task>

  /**
   * Undo puts back `before` only where each field still holds what this change wrote (`after`),
   * inside the lock; otherwise it refuses and the toast says which process change is in the way.
   */
  const revertAll = async (done: ReadonlyMap<string, { before: Partial<Task>; after: Partial<Task> }>) => {
    for (const [id, { before, after }] of done) await actions().revertFields(id, before, after)
  }

  function setStatus(ids: readonly string[], status: TaskStatus) {
    const tasks = lookup(ids).filter((t) => t.status !== status)
    if (tasks.length === 0) return Promise.resolve(null)
    const label = `marked ${quoted(tasks)} ${status.replace("_", " ")}`
    const fields = ["status", "completedAt"]
    return change({
      patches: Object.fromEntries(tasks.map((t) => [t.id, { status }])),
      run: async () => {
        const done = new Map<string, { before: Partial<Task>; after: Partial<Task> }>()
        for (const task of tasks) {
          const updated = await actions().setStatus(task.id, status)
          done.set(task.id, { before: pick(task, fields), after: pick(updated, ["status"]) })
        }
        return done
      },
      step: (done) => ({
        label,
        undo: () => revertAll(done),
        redo: async () => {
          for (const id of done.keys()) await actions().setStatus(id, status)
        },
      }),
    })
  }

  /** Update each task with its own input (`input` may depend on the task, e.g. its tags). `what` is
   * the verb phrase the task names follow in the undo toast: "edited", "changed the priority of". */
  function updateTasks(ids: readonly string[], input: UpdateTaskInput | ((task: Task) => UpdateTaskInput), what: string) {
    const tasks = lookup(ids)
    if (tasks.length === 0) return Promise.resolve(null)
    const inputs = new Map(tasks.map((t) => [t.id, typeof input === "function" ? input(t) : input]))
    const label = `${what} ${quoted(tasks)}`
    return change({
      patches: Object.fromEntries(tasks.map((t) => [t.id, patchOf(inputs.get(t.id)!)])),
      run: async () => {
        const done = new Map<string, { before: Partial<Task>; after: Partial<Task> }>()
        for (const task of tasks) {
          const keys = Object.keys(patchOf(inputs.get(task.id)!))
          const updated = await actions().updateTask(task.id, inputs.get(task.id)!)
          done.set(task.id, { before: previousValues(task, inputs.get(task.id)!) as Partial<Task>, after: pick(updated, keys) })
        }
        return done
      },
      step: (done) => ({
        label,
        undo: () => revertAll(done),
        redo: async () => {
          for (const id of done.keys()) await actions().updateTask(id, inputs.get(id)!)
        },
      }),
    })
  }

  return {
    setStatus,
    updateTasks,

    /** Done if any is open, otherwise back to to do. */
    toggleDone(ids: readonly string[]) {
      const tasks = lookup(ids)
      const allDone = tasks.length > 0 && tasks.every((t) => t.status === "done")
      return setStatus(ids, allDone ? "todo" : "done")
    },

    /** In progress if any is not; otherwise (all in progress) back to to do: `s` starts and stops. */
    startStop(ids: readonly string[]) {
      const tasks = lookup(ids)
      const allStarted = tasks.length > 0 && tasks.every((t) => t.status === "in_progress")
      return setStatus(ids, allStarted ? "todo" : "in_progress")
    },

    addTask(input: CreateTaskInput) {
      let removed: Task[] = []
      return change({
        run: () => actions().addTask(input),
        step: (task) => ({
          label: `added '${task.title}'`,
          undo: async () => {
            removed = await actions().undoCreate(task)
          },
          redo: async () => void (await actions().restoreTasks(removed)),
        }),
      })
    },

    deleteTasks(ids: readonly string[]) {
      const tasks = lookup(ids)
      if (tasks.length === 0) return Promise.resolve(null)
      const view = taskView(store.getState().tasks, ui.getState().pending)
      const hidden = new Set<string>()
      const hide = (id: string) => {
        hidden.add(id)
        for (const kid of view.children.get(id) ?? []) hide(kid.id)
      }
      for (const t of tasks) hide(t.id)
      // A task whose ancestor is also being deleted goes with the ancestor.
      const roots = tasks.filter((t) => !tasks.some((o) => o.id !== t.id && isAncestor(view.index, o.id, t)))
      const label = `deleted ${quoted(roots)}`
      let links: BlockerLink[] = []
      return change({
        deletedIds: [...hidden],
        run: async () => {
          const removed: Task[] = []
          links = []
          for (const t of roots) {
            const { deleted, unlinked } = await actions().deleteTask(t.id)
            removed.push(...deleted)
            links.push(...unlinked)
          }
          return removed
        },
        step: (deleted) => ({
          label,
          undo: async () => void (await actions().restoreDeleted(deleted, links)),
          redo: async () => void (await eachTask(roots, (t) => actions().deleteTask(t.id))),
        }),
        toast: (deleted) => `Deleted ${deleted.length === 1 ? `'${deleted[0]!.title}'` : `${deleted.length} tasks`} (u undoes)`,
      })
    },

    addNote(id: string, content: string) {
      return change({ run: () => actions().addNote(id, content, "tui"), toast: (t) => `Note added to '${t.title}' (u does not undo notes)` })
    },

    toggleTimer(id: string) {
      const running = runningTimer(store.getState().tasks)
      if (running && running.task.id === id) {
        return change({ run: () => actions().stopTimer(id), toast: (t) => `Timer stopped: '${t.title}'` })
      }
      return change({ run: () => actions().startTimer(id), toast: (c) => `Timer started: '${c.task.title}'` })
    },

    undo() {
      return change({
        run: () => history.undo(),
        toast: (step) => (step ? `Undone: ${step.label}` : "Nothing to undo"),
      })
    },

    redo() {
      return change({
        run: () => history.redo(),
        toast: (step) => (step ? `Redone: ${step.label}` : "Nothing to redo"),
      })
    },
  }
}

function isAncestor(index: Map<string, Task>, ancestorId: string, task: Task): boolean {
  let current = task.parentId ? index.get(task.parentId) : undefined
  const seen = new Set<string>()
  while (current && !seen.has(current.id)) {
    if (current.id === ancestorId) return true
    seen.add(current.id)
    current = current.parentId ? index.get(current.parentId) : undefined
  }
  return false
}
