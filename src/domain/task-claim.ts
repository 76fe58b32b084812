// Claiming: an agent or a person takes a task in one locked step (assignee + in progress), so two
// agents asking for the same task at once cannot both get it. The store runs this inside the
// tasks.json lock; the second claimant sees the first one's name and is refused with `conflict`.
import { conflict } from "./errors.ts"
import type { Task } from "./task.ts"
import { shortId } from "./task-constants.ts"
import { checkAssignee } from "./task-fields.ts"
import { resolveTaskId } from "./task-id-resolver.ts"
import type { Mutation, OperationContext } from "./task-operations.ts"
import { indexTasks, isBlocked } from "./task-tree.ts"

export function claimTask(tasks: readonly Task[], idQuery: string, who: string, ctx: OperationContext): Mutation<Task> {
  const assignee = checkAssignee(who)!
  const task = resolveTaskId(tasks, idQuery)
  const label = `'${task.title}' (${shortId(task.id)})`
  if (task.assignee && task.assignee !== assignee) {
    throw conflict(`${label} is already claimed by ${task.assignee}`, { id: task.id, assignee: task.assignee })
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
  const claimed: Task = { ...task, assignee, status: "in_progress", completedAt: null, updatedAt: nowIso }
  return { tasks: tasks.map((t) => (t.id === task.id ? claimed : t)), result: claimed }
}
