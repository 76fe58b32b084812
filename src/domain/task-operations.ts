// Pure operations on the task list. Each takes the list as it is on disk (re-read inside the
// lock) and returns the new list plus what to report. No I/O, no clock: `now` and `newId` come in.
import { invalid, notFound } from "./errors.ts"
import { localDateOf } from "./local-date.ts"
import { nextDueDate } from "./recurrence.ts"
import type { Task, TaskStatus } from "./task.ts"
import { MAX_DEPTH, shortId } from "./task-constants.ts"
import type { CreateTaskInput, UpdateTaskInput } from "./task-input.ts"
import { checkCreateInput, checkNoteContent, checkUpdateInput } from "./task-fields.ts"
import { canNestUnder, childrenOf, depthOf, indexTasks, subtreeIds, wouldCreateCycle } from "./task-tree.ts"
import { resolveTaskId } from "./task-id-resolver.ts"
import { linksTo, type BlockerLink } from "./undo-operations.ts"

export interface OperationContext {
  now: Date
  newId: () => string
}

export interface Mutation<T> {
  tasks: Task[]
  result: T
  /** Set when the change is an explicit delete (the only way to empty a non-empty list). */
  explicitDelete?: boolean
}

/** Status change with its side effects: `completedAt` follows `done` on every path. */
function withStatus(task: Task, status: TaskStatus, nowIso: string): Task {
  if (task.status === status) return task
  const completedAt = status === "done" ? nowIso : status === "archived" ? task.completedAt : null
  return { ...task, status, completedAt, updatedAt: nowIso }
}

function replace(tasks: readonly Task[], updated: readonly Task[]): Task[] {
  // Plain loops: a CLI command runs this once over 10,000 tasks, on code not yet compiled.
  if (updated.length === 1) {
    const [one] = updated as [Task]
    const out = tasks.slice()
    for (let i = 0; i < out.length; i++) if (out[i]!.id === one.id) out[i] = one
    return out
  }
  const byId = new Map<string, Task>()
  for (const task of updated) byId.set(task.id, task)
  const out = tasks.slice()
  for (let i = 0; i < out.length; i++) {
    const next = byId.get(out[i]!.id)
    if (next) out[i] = next
  }
  return out
}

/**
 * The highest order of the lists createTask made, while they keep their length: a batch of queued
 * creates (the bridge's) asks once per create, and a scan of 10,000 tasks each time was a fifth of
 * the batch. Operations never change a list in place; one that was would be scanned again.
 */
const highestOfCreated = new WeakMap<readonly Task[], { length: number; highest: number }>()

/** The highest order in the list (0 for none); a plain loop (reduce with Math.max: 2.5 times as long). */
export function highestOrder(tasks: readonly Task[]): number {
  const known = highestOfCreated.get(tasks)
  if (known && known.length === tasks.length) return known.highest
  let highest = 0
  for (let i = 0; i < tasks.length; i++) {
    const order = tasks[i]!.order
    if (order > highest) highest = order
  }
  return highest
}

/**
 * `orderAbove`: the highest order in the list when the caller knows it without the list (then
 * `tasks` may be empty, for a task without parent or blockers: see the store's appendTasks).
 */
export function createTask(tasks: readonly Task[], raw: CreateTaskInput, ctx: OperationContext, orderAbove?: number): Mutation<Task> {
  const input = checkCreateInput(raw)
  const nowIso = ctx.now.toISOString()
  let parentId: string | null = null
  if (input.parentId) {
    const parent = resolveTaskId(tasks, input.parentId)
    if (depthOf(indexTasks(tasks), parent.id) >= MAX_DEPTH) {
      throw invalid(`subtasks nest at most ${MAX_DEPTH} levels; '${parent.title}' is already at level ${MAX_DEPTH}`)
    }
    parentId = parent.id
  }
  const blockedBy = (input.blockedBy ?? []).map((id) => resolveTaskId(tasks, id).id)
  const status = input.status ?? "todo"
  const task: Task = {
    id: ctx.newId(),
    title: input.title,
    description: input.description ?? "",
    status,
    priority: input.priority ?? "none",
    project: input.project ?? null,
    tags: input.tags ?? [],
    dueDate: input.dueDate ?? null,
    parentId,
    blockedBy: [...new Set(blockedBy)],
    recurrence: input.recurrence ?? null,
    nextOccurrenceId: null,
    estimateMinutes: input.estimateMinutes ?? null,
    timeEntries: [],
    notes: [],
    externalId: input.externalId ?? null,
    externalSource: input.externalSource ?? null,
    ...(input.assignee ? { assignee: input.assignee } : {}),
    createdAt: nowIso,
    updatedAt: nowIso,
    completedAt: status === "done" ? nowIso : null,
    order: (orderAbove ?? highestOrder(tasks)) + 1,
  }
  // concat, not a spread: Bun spreads through the iterator, ten times slower on 10,000 tasks.
  const next = tasks.concat([task])
  // Without orderAbove, the new task's order is above every other one.
  if (orderAbove === undefined) highestOfCreated.set(next, { length: next.length, highest: task.order })
  return { tasks: next, result: task }
}

export function createTasks(tasks: readonly Task[], raws: readonly CreateTaskInput[], ctx: OperationContext): Mutation<Task[]> {
  if (raws.length === 0) throw invalid("no tasks to create")
  let current: Task[] = [...tasks]
  const created: Task[] = []
  raws.forEach((raw, i) => {
    try {
      const mutation = createTask(current, raw, ctx)
      current = mutation.tasks
      created.push(mutation.result)
    } catch (error) {
      throw invalid(`task ${i + 1}: ${error instanceof Error ? error.message : String(error)}`)
    }
  })
  return { tasks: current, result: created }
}

export function updateTask(tasks: readonly Task[], idQuery: string, raw: UpdateTaskInput, ctx: OperationContext): Mutation<Task> {
  const input = checkUpdateInput(raw)
  const task = resolveTaskId(tasks, idQuery)
  const nowIso = ctx.now.toISOString()
  let next: Task = { ...task }
  if (input.title !== undefined) next.title = input.title
  if (input.description !== undefined) next.description = input.description
  if (input.priority !== undefined) next.priority = input.priority
  if (input.project !== undefined) next.project = input.project
  if (input.tags !== undefined) next.tags = input.tags
  if (input.dueDate !== undefined) next.dueDate = input.dueDate
  if (input.estimateMinutes !== undefined) next.estimateMinutes = input.estimateMinutes
  if (input.recurrence !== undefined) next.recurrence = input.recurrence
  if (input.parentId !== undefined) next.parentId = input.parentId === null ? null : moveUnder(tasks, task, input.parentId)
  if (input.assignee !== undefined) {
    if (input.assignee === null) delete next.assignee
    else next.assignee = input.assignee
    // A claim's lease belongs to its holder: another assignee (or none) ends it.
    if (next.assignee !== task.assignee) delete next.lease
  }
  if (input.blockedBy !== undefined) next.blockedBy = resolveBlockers(tasks, task, input.blockedBy)
  next.updatedAt = nowIso
  let list = replace(tasks, [next])
  if (input.status !== undefined && input.status !== task.status) {
    const mutation = setStatus(list, task.id, input.status, ctx)
    list = mutation.tasks
    next = mutation.result
  }
  return { tasks: list, result: next }
}

/** The blockers of `task` as full ids, checked for cycles like `block` does. */
function resolveBlockers(tasks: readonly Task[], task: Task, queries: readonly string[]): string[] {
  const ids = [...new Set(queries.map((q) => resolveTaskId(tasks, q).id))]
  // Check each new edge against the list without the task's old blockers (they are replaced).
  const index = indexTasks(tasks.map((t) => (t.id === task.id ? { ...t, blockedBy: [] } : t)))
  for (const id of ids) {
    if (wouldCreateCycle(index, task.id, id)) {
      const blocker = index.get(id)!
      throw invalid(id === task.id ? "a task cannot block itself" : `'${blocker.title}' (${shortId(id)}) already waits on '${task.title}'; blocking would create a cycle`)
    }
  }
  return ids
}

function moveUnder(tasks: readonly Task[], task: Task, parentQuery: string): string {
  const parent = resolveTaskId(tasks, parentQuery)
  const children = childrenOf(tasks)
  if (subtreeIds(children, task.id).has(parent.id)) throw invalid("a task cannot be moved under itself or its own subtask")
  if (!canNestUnder(tasks, parent.id, task.id)) throw invalid(`subtasks nest at most ${MAX_DEPTH} levels`)
  return parent.id
}

/**
 * Change a task's status. Completing a recurring task creates its next occurrence, once: the
 * completed task remembers the occurrence it created, so done → undone → done does not repeat it.
 * `orderAbove`: the list's highest order, when `tasks` is only the task's neighbourhood (see the
 * store's changeTask).
 */
export function setStatus(tasks: readonly Task[], idQuery: string, status: TaskStatus, ctx: OperationContext, orderAbove?: number): Mutation<Task> {
  const task = resolveTaskId(tasks, idQuery)
  const nowIso = ctx.now.toISOString()
  let updated = withStatus(task, status, nowIso)
  let list: readonly Task[] = tasks
  const nextDue = status === "done" && task.status !== "done" && task.recurrence && task.nextOccurrenceId === null
    ? nextDueDate(task.recurrence, task.dueDate ?? localDateOf(ctx.now))
    : null
  if (nextDue !== null) {
    const occurrence: Task = {
      ...task,
      id: ctx.newId(),
      status: "todo",
      assignee: undefined,
      lease: undefined,
      dueDate: nextDue,
      timeEntries: [],
      notes: [],
      nextOccurrenceId: null,
      createdAt: nowIso,
      updatedAt: nowIso,
      completedAt: null,
      order: (orderAbove ?? highestOrder(tasks)) + 1,
    }
    updated = { ...updated, nextOccurrenceId: occurrence.id }
    list = [...tasks, occurrence]
  }
  if (status === "done" || status === "archived") updated = stopRunningEntry(updated, nowIso)
  return { tasks: replace(list, [updated]), result: updated }
}

function stopRunningEntry(task: Task, nowIso: string): Task {
  if (!task.timeEntries.some((e) => e.end === null)) return task
  return { ...task, timeEntries: task.timeEntries.map((e) => (e.end === null ? { ...e, end: nowIso } : e)) }
}

export interface DeleteResult {
  deleted: Task[]
  /** Blocker links of other tasks that the delete removed (undo puts them back). */
  unlinked: BlockerLink[]
}

/**
 * Delete a task and its whole subtree; references to them in `blockedBy` are dropped. With
 * `requireLeaf`, a task that has subtasks is refused: the check runs on the list read inside the
 * lock, so a subtask added a moment before is never deleted unasked.
 */
export function deleteTask(tasks: readonly Task[], idQuery: string, options: { requireLeaf?: boolean } = {}): Mutation<DeleteResult> {
  const task = resolveTaskId(tasks, idQuery)
  const ids = subtreeIds(childrenOf(tasks), task.id)
  const count = ids.size - 1
  if (options.requireLeaf && count > 0) {
    throw invalid(`'${task.title}' has ${count} subtask${count === 1 ? "" : "s"}; add --force to delete them too`)
  }
  const deleted = tasks.filter((t) => ids.has(t.id))
  const kept = tasks
    .filter((t) => !ids.has(t.id))
    .map((t) => (t.blockedBy.some((b) => ids.has(b)) ? { ...t, blockedBy: t.blockedBy.filter((b) => !ids.has(b)) } : t))
  return { tasks: kept, result: { deleted, unlinked: linksTo(tasks, ids) }, explicitDelete: true }
}

/** Put back tasks removed by a delete (undo). Ids already present are left alone. */
export function restoreTasks(tasks: readonly Task[], restored: readonly Task[]): Mutation<Task[]> {
  const present = new Set(tasks.map((t) => t.id))
  const added = restored.filter((t) => !present.has(t.id))
  return { tasks: [...tasks, ...added], result: added }
}

export function addNote(tasks: readonly Task[], idQuery: string, content: string, source: string, ctx: OperationContext): Mutation<Task> {
  const text = checkNoteContent(content)
  const task = resolveTaskId(tasks, idQuery)
  const nowIso = ctx.now.toISOString()
  const updated: Task = { ...task, notes: [...task.notes, { id: ctx.newId(), content: text, createdAt: nowIso, source }], updatedAt: nowIso }
  return { tasks: replace(tasks, [updated]), result: updated }
}

export function setBlocked(tasks: readonly Task[], idQuery: string, blockerQuery: string, blocked: boolean, ctx: OperationContext): Mutation<Task> {
  const task = resolveTaskId(tasks, idQuery)
  const blocker = resolveTaskId(tasks, blockerQuery)
  const nowIso = ctx.now.toISOString()
  if (blocked) {
    if (task.blockedBy.includes(blocker.id)) return { tasks: [...tasks], result: task }
    if (wouldCreateCycle(indexTasks(tasks), task.id, blocker.id)) {
      throw invalid(
        task.id === blocker.id
          ? "a task cannot block itself"
          : `'${blocker.title}' (${shortId(blocker.id)}) already waits on '${task.title}'; blocking would create a cycle`,
      )
    }
    const updated = { ...task, blockedBy: [...task.blockedBy, blocker.id], updatedAt: nowIso }
    return { tasks: replace(tasks, [updated]), result: updated }
  }
  if (!task.blockedBy.includes(blocker.id)) throw notFound(`'${task.title}' is not blocked by '${blocker.title}'`)
  const updated = { ...task, blockedBy: task.blockedBy.filter((b) => b !== blocker.id), updatedAt: nowIso }
  return { tasks: replace(tasks, [updated]), result: updated }
}
