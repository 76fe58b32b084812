// Claiming: an agent or a person takes a task in one locked step (assignee + in progress + a lease),
// so two agents asking for the same task at once cannot both get it. The store runs this inside the
// tasks.json lock; the second claimant sees the first one's name and is refused with `conflict`.
// A claim is a lease: it runs out `minutes` after the claim or the holder's last write, and it ends
// with the holder's process or session (the LeaseJudge says which are gone); then the task is free
// again for the next claimant. A task assigned without a claim (no lease) stays with its assignee.
import type { AgentIdentity } from "./agent-identity.ts"
import { conflict, invalid } from "./errors.ts"
import type { Lease, Task } from "./task.ts"
import { shortId } from "./task-constants.ts"
import { checkAssignee } from "./task-fields.ts"
import { resolveTaskId } from "./task-id-resolver.ts"
import type { Mutation, OperationContext } from "./task-operations.ts"
import { queryTasks } from "./task-query.ts"
import { indexTasks, isBlocked } from "./task-tree.ts"

export const DEFAULT_LEASE_MINUTES = 30
/** A week: a lease longer than that is an assignment, not a claim. */
export const MAX_LEASE_MINUTES = 10080

/** The claimant: a holder name and, for a long-lived holder (an MCP server), its process. */
export type Claimant = Pick<AgentIdentity, "name" | "pid" | "host" | "start">

/** What judges a lease: the time, and whether its holder is known to be gone. */
export interface LeaseJudge {
  now: Date
  /** True when the holder's process exited or its session ended (I/O; see os/lease-judge.ts). */
  holderGone(task: Task): boolean
}

/** `free`: nobody holds it; `held`: someone does; `expired` / `ended`: a lease that is free again. */
export type ClaimState = "free" | "held" | "expired" | "ended"

/** A judge that knows only the time (no process or session is ever gone). */
export const clockJudge = (now: Date): LeaseJudge => ({ now, holderGone: () => false })

export function claimState(task: Task, judge: LeaseJudge): ClaimState {
  if (!task.assignee) return "free"
  if (!task.lease) return "held"
  if (Date.parse(task.lease.expiresAt) <= judge.now.getTime()) return "expired"
  return judge.holderGone(task) ? "ended" : "held"
}

/** True when `who` may take the task: nobody holds it, `who` does, or the lease lapsed. */
export function isFreeFor(task: Task, who: string | undefined, judge: LeaseJudge): boolean {
  return (who !== undefined && task.assignee === who) || claimState(task, judge) !== "held"
}

export function checkLeaseMinutes(minutes: number | undefined): number {
  if (minutes === undefined) return DEFAULT_LEASE_MINUTES
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > MAX_LEASE_MINUTES) throw invalid(`a lease runs 1 to ${MAX_LEASE_MINUTES} minutes, not ${minutes}`)
  return minutes
}

function leaseOf(claimant: Claimant, now: Date, minutes: number): Lease {
  return {
    expiresAt: new Date(now.getTime() + minutes * 60_000).toISOString(),
    minutes,
    ...(claimant.pid !== undefined ? { pid: claimant.pid } : {}),
    ...(claimant.host !== undefined ? { host: claimant.host } : {}),
    ...(claimant.start !== undefined ? { start: claimant.start } : {}),
  }
}

const labelOf = (task: Task) => `'${task.title}' (${shortId(task.id)})`

export interface ClaimOptions {
  /** The lease's length (default 30 minutes). */
  minutes?: number
  /** Judges the current holder's lease (default: the clock alone). */
  judge?: LeaseJudge
}

export function claimTask(tasks: readonly Task[], idQuery: string, who: Claimant | string, ctx: OperationContext, options: ClaimOptions = {}): Mutation<Task> {
  const claimant: Claimant = typeof who === "string" ? { name: who } : who
  const assignee = checkAssignee(claimant.name)!
  const minutes = checkLeaseMinutes(options.minutes)
  const judge = options.judge ?? clockJudge(ctx.now)
  const task = resolveTaskId(tasks, idQuery)
  const label = labelOf(task)
  if (task.assignee && task.assignee !== assignee && claimState(task, judge) === "held") {
    const until = task.lease ? ` until ${task.lease.expiresAt}` : ""
    throw conflict(`${label} is already claimed by ${task.assignee}${until}`, { id: task.id, assignee: task.assignee, ...(task.lease ? { leaseExpiresAt: task.lease.expiresAt } : {}) })
  }
  if (task.status === "done" || task.status === "archived") throw conflict(`${label} is ${task.status}; reopen it before claiming`, { id: task.id })
  const index = indexTasks(tasks)
  if (isBlocked(index, task)) {
    const open = task.blockedBy.filter((id) => {
      const blocker = index.get(id)
      return blocker && blocker.status !== "done" && blocker.status !== "archived"
    })
    throw conflict(`${label} is blocked by ${open.map(shortId).join(", ")}`, { id: task.id, blockedBy: open })
  }
  const nowIso = ctx.now.toISOString()
  const claimed: Task = { ...task, assignee, lease: leaseOf(claimant, ctx.now, minutes), status: "in_progress", completedAt: null, updatedAt: nowIso }
  return { tasks: tasks.map((t) => (t.id === task.id ? claimed : t)), result: claimed }
}

/** `renew`: the holder extends its lease by `minutes` (default the lease's own length). */
export function renewLease(tasks: readonly Task[], idQuery: string, who: Claimant | string, ctx: OperationContext, minutes?: number): Mutation<Task> {
  const claimant: Claimant = typeof who === "string" ? { name: who } : who
  const task = resolveTaskId(tasks, idQuery)
  if (task.assignee !== claimant.name) {
    const holder = task.assignee ? `claimed by ${task.assignee}` : "not claimed"
    throw conflict(`${labelOf(task)} is ${holder}; only its holder renews the lease (claim it first)`, { id: task.id, ...(task.assignee ? { assignee: task.assignee } : {}) })
  }
  if (task.status === "done" || task.status === "archived") throw conflict(`${labelOf(task)} is ${task.status}; there is no lease to renew`, { id: task.id })
  const length = checkLeaseMinutes(minutes ?? task.lease?.minutes)
  const renewed: Task = { ...task, lease: { ...leaseOf(claimant, ctx.now, length), ...pickProcess(task.lease, claimant) } }
  return { tasks: tasks.map((t) => (t.id === task.id ? renewed : t)), result: renewed }
}

/** The claimant's process when it has one, else the one the lease already names. */
function pickProcess(lease: Lease | undefined, claimant: Claimant): Partial<Lease> {
  if (claimant.pid !== undefined || !lease?.pid) return {}
  return { pid: lease.pid, ...(lease.host ? { host: lease.host } : {}), ...(lease.start ? { start: lease.start } : {}) }
}

/**
 * Any write by the holder renews its lease: the tasks of `after` that changed since `before`, are
 * open and held by `who` under a lease run again from `now` for the lease's own length.
 */
export function renewHolderLeases(before: readonly Task[], after: Task[], who: string, now: Date): Task[] {
  // Runs after every write on lists of 10,000 tasks: the cheap tests first, the same task at the
  // same place next (what a create or an update keeps), and the index by id only for a held task
  // that moved (a delete shifts what follows it).
  let old: Map<string, Task> | null = null
  let out: Task[] | null = null
  for (let i = 0; i < after.length; i++) {
    const task = after[i]!
    if (task.assignee !== who || !task.lease || before[i] === task) continue
    if (task.status === "done" || task.status === "archived") continue
    old ??= new Map(before.map((t) => [t.id, t]))
    if (old.get(task.id) === task) continue
    const expiresAt = new Date(now.getTime() + (task.lease.minutes ?? DEFAULT_LEASE_MINUTES) * 60_000).toISOString()
    if (expiresAt <= task.lease.expiresAt) continue
    out ??= after.slice()
    out[i] = { ...task, lease: { ...task.lease, expiresAt } }
  }
  return out ?? after
}

/** The first ready task (by priority, then due date) that `who` may take (`next`). */
export function nextFreeTask(tasks: readonly Task[], who: string | undefined, judge: LeaseJudge): Task | null {
  for (const task of queryTasks(tasks, { ready: true }, "")) if (isFreeFor(task, who, judge)) return task
  return null
}

/** `next --claim`: find the next free task and claim it in the same locked step (null: none). */
export function claimNext(tasks: readonly Task[], claimant: Claimant, ctx: OperationContext, options: ClaimOptions = {}): Mutation<Task | null> {
  const judge = options.judge ?? clockJudge(ctx.now)
  const task = nextFreeTask(tasks, claimant.name, judge)
  if (!task) return { tasks: tasks.slice(), result: null }
  return claimTask(tasks, task.id, claimant, ctx, { ...options, judge })
}

/** A mutation with the leases `who` holds on the tasks it changed renewed; its result shows them renewed too. */
export function withRenewedLeases<T>(before: readonly Task[], mutation: Mutation<T>, who: string, now: Date): Mutation<T> {
  const tasks = renewHolderLeases(before, mutation.tasks, who, now)
  if (tasks === mutation.tasks) return mutation
  const renewed = new Map<string, Task>()
  for (let i = 0; i < tasks.length; i++) if (tasks[i] !== mutation.tasks[i]) renewed.set(tasks[i]!.id, tasks[i]!)
  const fresh = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(fresh)
    const id = typeof value === "object" && value !== null ? (value as { id?: unknown }).id : undefined
    return typeof id === "string" && renewed.has(id) ? renewed.get(id) : value
  }
  return { ...mutation, tasks, result: fresh(mutation.result) as T }
}

/** `operation`, with the leases `who` holds on the tasks it changed renewed (a write by the holder). */
export function renewingLeases<T>(who: string, operation: (tasks: Task[], ctx: OperationContext) => Mutation<T>): (tasks: Task[], ctx: OperationContext) => Mutation<T> {
  return (tasks, ctx) => withRenewedLeases(tasks, operation(tasks, ctx), who, ctx.now)
}

/** A lease for people: `23m left`, `expired 5m ago`; null without a lease. */
export function leaseText(task: Task, now: Date): string | null {
  if (!task.lease || !task.assignee) return null
  const minutes = Math.round((Date.parse(task.lease.expiresAt) - now.getTime()) / 60_000)
  return minutes > 0 ? `${minutes}m left` : `expired ${-minutes}m ago`
}

/** A lease in a narrow row: `23m`, `expired`; null without a lease. */
export function leaseShort(task: Task, now: Date): string | null {
  if (!task.lease || !task.assignee) return null
  const minutes = Math.round((Date.parse(task.lease.expiresAt) - now.getTime()) / 60_000)
  return minutes > 0 ? `${minutes}m` : "expired"
}
