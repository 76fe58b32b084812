// Timers and time entries. One timer runs at a time across all tasks; a running entry has
// `end: null`, persisted, so a timer survives restarts of every process.
import { invalid, notFound } from "./errors.ts"
import type { Task } from "./task.ts"
import { resolveTaskId } from "./task-id-resolver.ts"
import type { Mutation, OperationContext } from "./task-operations.ts"

export interface RunningTimer {
  task: Task
  start: string
}

/** Plain loops: the TUI's header asks before its first frame, over every task while the code is cold. */
export function findRunningTimer(tasks: readonly Task[]): RunningTimer | null {
  // Indexed loops: a pass over 10,000 tasks runs once, at a launch, before the JIT has compiled
  // anything, and for-of's iterators cost the interpreter twice as much.
  for (let i = 0; i < tasks.length; i++) {
    const task = tasks[i]!
    const entries = task.timeEntries
    for (let j = 0; j < entries.length; j++) if (entries[j]!.end === null) return { task, start: entries[j]!.start }
  }
  return null
}

export function trackedMs(task: Task, now: Date): number {
  let total = 0
  for (const entry of task.timeEntries) {
    const end = entry.end === null ? now.getTime() : Date.parse(entry.end)
    total += Math.max(0, end - Date.parse(entry.start))
  }
  return total
}

function closeEntries(task: Task, nowIso: string): Task {
  return { ...task, timeEntries: task.timeEntries.map((e) => (e.end === null ? { ...e, end: nowIso } : e)), updatedAt: nowIso }
}

export interface TimerChange {
  task: Task
  /** The task whose timer was stopped to start this one, if any. */
  stopped: Task | null
}

/** Start timing a task (stopping any other running timer). A `todo` task becomes `in_progress`. */
export function startTimer(tasks: readonly Task[], idQuery: string, ctx: OperationContext): Mutation<TimerChange> {
  const task = resolveTaskId(tasks, idQuery)
  if (task.status === "done" || task.status === "archived") throw invalid(`'${task.title}' is ${task.status}; reopen it to track time`)
  const nowIso = ctx.now.toISOString()
  const running = findRunningTimer(tasks)
  if (running && running.task.id === task.id) return { tasks: [...tasks], result: { task, stopped: null } }
  const stopped = running ? closeEntries(running.task, nowIso) : null
  const started: Task = {
    ...task,
    status: task.status === "todo" ? "in_progress" : task.status,
    timeEntries: [...task.timeEntries, { start: nowIso, end: null }],
    updatedAt: nowIso,
  }
  const changed = new Map<string, Task>([[started.id, started]])
  if (stopped) changed.set(stopped.id, stopped)
  return { tasks: tasks.map((t) => changed.get(t.id) ?? t), result: { task: started, stopped } }
}

/** Stop the running timer (of `idQuery` when given). */
export function stopTimer(tasks: readonly Task[], idQuery: string | undefined, ctx: OperationContext): Mutation<Task> {
  const running = findRunningTimer(tasks)
  const task = idQuery ? resolveTaskId(tasks, idQuery) : running?.task
  if (!task || !task.timeEntries.some((e) => e.end === null)) {
    throw notFound(idQuery ? `no timer is running for '${task?.title ?? idQuery}'` : "no timer is running")
  }
  const stopped = closeEntries(task, ctx.now.toISOString())
  return { tasks: tasks.map((t) => (t.id === stopped.id ? stopped : t)), result: stopped }
}

/** Record time already spent: an entry ending now. */
export function logTime(tasks: readonly Task[], idQuery: string, durationMs: number, ctx: OperationContext): Mutation<Task> {
  if (!Number.isFinite(durationMs) || durationMs <= 0) throw invalid("the duration must be positive")
  if (durationMs > 7 * 86_400_000) throw invalid("a single entry is at most 7 days")
  const task = resolveTaskId(tasks, idQuery)
  const end = ctx.now
  const start = new Date(end.getTime() - durationMs)
  const updated: Task = {
    ...task,
    timeEntries: [...task.timeEntries, { start: start.toISOString(), end: end.toISOString() }],
    updatedAt: end.toISOString(),
  }
  return { tasks: tasks.map((t) => (t.id === updated.id ? updated : t)), result: updated }
}
