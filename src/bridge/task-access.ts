// How the bridge's task commands reach the task list. Inside the runner the list is a working
// copy of tasks.json held under its lock for a batch of commands (see task-transaction.ts), so a
// batch is written once, journaled, and every command in it sees the changes of the ones before.
import type { Task } from "../domain/task.ts"
import type { Mutation, OperationContext } from "../domain/task-operations.ts"
import type { AgentIdentity } from "../domain/agent-identity.ts"
import type { LeaseJudge } from "../domain/task-claim.ts"

export interface TaskAccess {
  /** The task list as the next command sees it. */
  tasks(): readonly Task[]
  /** Apply a domain operation to the list; its result is returned, its new list kept. */
  mutate<T>(operation: (tasks: Task[], ctx: OperationContext) => Mutation<T>): T
  now(): Date
  /** Who sent the command being run (notes and created tasks record it as their source). */
  source(): string
  /** Who holds what the command claims (see domain/agent-identity.ts); its writes renew its leases. */
  identity(): AgentIdentity
  /** Judges leases now: expired, or its holder's process or session gone. */
  leaseJudge(): LeaseJudge
}
