// The JSON of a task in a bridge response: exactly the CLI's `taskJson` shape (subtaskIds,
// blocked, progress). The view is built for the few tasks answered only, in one pass over the
// list, so a batch of commands on a large list does not re-index the whole list per response.
import type { Task } from "../domain/task.ts"
import { taskJson, type TaskJson, type TaskView } from "../domain/task-shape.ts"

/** The subtasks of `subjects` and the tasks blocking them, found in one pass over `tasks`. */
function viewOf(tasks: readonly Task[], subjects: readonly Task[]): TaskView {
  const children = new Map<string, Task[]>(subjects.map((t) => [t.id, []]))
  const blockers = new Set(subjects.flatMap((t) => t.blockedBy))
  const index = new Map<string, Task>()
  for (const candidate of tasks) {
    if (candidate.parentId !== null) children.get(candidate.parentId)?.push(candidate)
    if (blockers.has(candidate.id)) index.set(candidate.id, candidate)
  }
  return { index, children }
}

export function taskData(tasks: readonly Task[], task: Task, options: { fresh?: boolean } = {}): TaskJson {
  // A task created just now (a new id) has no subtasks yet: only its blockers need looking up.
  if (options.fresh && task.blockedBy.length === 0) return taskJson(task, { index: new Map(), children: new Map([[task.id, []]]) })
  const view = viewOf(tasks, [task])
  if (options.fresh) view.children.set(task.id, [])
  return taskJson(task, view)
}

/** `show`: the task with its subtasks, each in the same shape. */
export function taskWithSubtasks(tasks: readonly Task[], task: Task): TaskJson & { subtasks: TaskJson[] } {
  const view = viewOf(tasks, [task])
  const kids = view.children.get(task.id) ?? []
  const kidsView = kids.length > 0 ? viewOf(tasks, kids) : null
  return { ...taskJson(task, view), subtasks: kids.map((kid) => taskJson(kid, kidsView!)) }
}
