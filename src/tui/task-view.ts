// The tasks as the TUI shows them: the store's tasks with the pending (not yet durable) changes
// laid over, plus the derived tree structure. Memoised on input identity so 10,000 tasks are
// processed once per change, not once per render. A change that only edits some tasks' fields (a
// key's pending change, or the store's copy after this process's own write, which keeps the
// objects of the tasks it did not touch) is derived from the view before it: unchanged tasks keep
// their objects, and `delta` names the tasks replaced, so the list's rows and the counts are
// updated for those alone. Anything else (tasks added, removed, moved, re-parented, or a list read
// afresh from disk) builds the view anew.
import type { Task } from "../domain/task.ts"
import { childrenOf, indexTasks, type TaskIndex } from "../domain/task-tree.ts"
import type { PendingChange } from "./ui-store.ts"

export interface TaskView {
  /** Unique per view: a delta names its base by it (holding the base itself would keep every view alive). */
  serial: number
  tasks: readonly Task[]
  index: TaskIndex
  children: Map<string | null, Task[]>
  /** Set when this view is `base` with some tasks' fields changed (same ids, order and parents). */
  delta: TaskViewDelta | null
}

export interface TaskViewDelta {
  /** The serial of the view this one was derived from. */
  base: number
  /** By id: the task in `base` and the one here. */
  replaced: ReadonlyMap<string, { before: Task; after: Task }>
}

type Replaced = Map<string, { before: Task; after: Task }>

/** Past this many tasks that are new objects, a view is built afresh rather than compared task by task. */
const MAX_COMPARED = 500

/** Deep equality of two JSON values (tasks as read from tasks.json). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false
    return true
  }
  if (Array.isArray(b)) return false
  const left = a as Record<string, unknown>
  const right = b as Record<string, unknown>
  let count = 0
  for (const key in left) {
    if (!sameJson(left[key], right[key])) return false
    count++
  }
  for (const _ in right) count--
  return count === 0
}

let serials = 0

function buildView(tasks: readonly Task[]): TaskView {
  return { serial: ++serials, tasks, index: indexTasks(tasks), children: childrenOf(tasks), delta: null }
}

/** `base` with the tasks in `replaced` swapped in (`tasks`: the new list when already known). */
function withReplaced(base: TaskView, replaced: Replaced, tasks?: readonly Task[]): TaskView {
  if (replaced.size === 0) return base
  const index = new Map(base.index)
  const swaps = new Map<Task, Task>()
  const parents = new Set<string | null>()
  for (const { before, after } of replaced.values()) {
    index.set(after.id, after)
    swaps.set(before, after)
    parents.add(after.parentId)
  }
  const children = new Map(base.children)
  for (const parentId of parents) {
    const siblings = children.get(parentId)
    if (siblings) children.set(parentId, siblings.map((t) => swaps.get(t) ?? t))
  }
  let list = tasks
  if (!list) {
    const copy = base.tasks.slice()
    for (const { before, after } of replaced.values()) copy[copy.indexOf(before)] = after
    list = copy
  }
  return { serial: ++serials, tasks: list, index, children, delta: { base: base.serial, replaced } }
}

/**
 * `shown` as an edit of `base`: null when a task was added, removed, moved or re-parented, or too
 * many are new objects to compare. Tasks equal to their counterpart in `base` keep base's object.
 */
function deriveView(base: TaskView, shown: readonly Task[]): TaskView | null {
  const before = base.tasks
  if (before.length !== shown.length) return null
  const replaced: Replaced = new Map()
  let tasks: Task[] | null = null
  let compared = 0
  for (let i = 0; i < shown.length; i++) {
    const old = before[i]!
    const task = shown[i]!
    if (old === task) continue
    if (old.id !== task.id || old.parentId !== task.parentId || ++compared > MAX_COMPARED) return null
    tasks ??= shown.slice()
    if (sameJson(old, task)) tasks[i] = old
    else replaced.set(task.id, { before: old, after: task })
  }
  return withReplaced(base, replaced, tasks ?? shown)
}

interface Overlay {
  deleted: Set<string>
  patches: Map<string, Partial<Task>>
}

function overlayOf(pending: readonly PendingChange[]): Overlay {
  const deleted = new Set<string>()
  const patches = new Map<string, Partial<Task>>()
  for (const change of pending) {
    for (const id of change.deletedIds) deleted.add(id)
    for (const [id, patch] of Object.entries(change.patches)) patches.set(id, { ...patches.get(id), ...patch })
  }
  return { deleted, patches }
}

function applyPending(tasks: readonly Task[], overlay: Overlay, originals: Map<string, Task>): readonly Task[] {
  if (overlay.deleted.size === 0 && overlay.patches.size === 0) return tasks
  const result: Task[] = []
  for (const task of tasks) {
    if (overlay.deleted.has(task.id)) continue
    const patch = overlay.patches.get(task.id)
    if (patch) originals.set(task.id, task)
    result.push(patch ? { ...task, ...patch } : task)
  }
  return result
}

interface Memo {
  tasks: readonly Task[]
  pending: readonly PendingChange[]
  overlay: Overlay
  /** The store's own object of each task a patch is laid over. */
  originals: Map<string, Task>
  view: TaskView
}

/**
 * Only the pending changes moved on (same store tasks): lay the new patches over the tasks either
 * patch touches. Null when a pending change deletes tasks or a patched task is not in the list.
 */
function repatch(memo: Memo, overlay: Overlay): { view: TaskView; originals: Map<string, Task> } | null {
  if (overlay.deleted.size > 0 || memo.overlay.deleted.size > 0) return null
  const originals = new Map<string, Task>()
  const replaced: Replaced = new Map()
  for (const id of new Set([...memo.overlay.patches.keys(), ...overlay.patches.keys()])) {
    const before = memo.view.index.get(id)
    if (!before) return null
    const original = memo.originals.get(id) ?? before
    const patch = overlay.patches.get(id)
    if (patch) originals.set(id, original)
    const after = patch ? { ...original, ...patch } : original
    if (after.parentId !== before.parentId) return null
    if (!sameJson(before, after)) replaced.set(id, { before, after })
  }
  return { view: withReplaced(memo.view, replaced), originals }
}

let memo: Memo | null = null

export function taskView(tasks: readonly Task[], pending: readonly PendingChange[]): TaskView {
  if (memo && tasks === memo.tasks && pending === memo.pending) return memo.view
  const overlay = overlayOf(pending)
  let next = memo && tasks === memo.tasks ? repatch(memo, overlay) : null
  if (!next) {
    const originals = new Map<string, Task>()
    const shown = applyPending(tasks, overlay, originals)
    const view = memo ? (shown === memo.view.tasks ? memo.view : deriveView(memo.view, shown)) : null
    next = { view: view ?? buildView(shown), originals }
  }
  memo = { tasks, pending, overlay, originals: next.originals, view: next.view }
  return next.view
}
