// The JSON of a task in a bridge response: exactly the CLI's `taskJson` shape (subtaskIds,
// blocked, progress). The view is built for the one task only, so a batch of commands on a large
// list does not re-index the whole list per response.
import type { Task } from "../domain/task.ts"
import { taskJson, type TaskJson, type TaskView } from "../domain/task-shape.ts"

export function taskData(tasks: readonly Task[], task: Task, options: { fresh?: boolean } = {}): TaskJson {
  const kids: Task[] = []
  const blockers = new Set(task.blockedBy)
  const index = new Map<string, Task>()
  // A task created just now (a new id) has no subtasks yet: only its blockers need looking up.
  if (!options.fresh || blockers.size > 0) {
    for (const candidate of tasks) {
      if (!options.fresh && candidate.parentId === task.id) kids.push(candidate)
      if (blockers.has(candidate.id)) index.set(candidate.id, candidate)
    }
  }
  const view: TaskView = { index, children: new Map([[task.id, kids]]) }
  return taskJson(task, view)
}

/** `show`: the task with its subtasks, each in the same shape. */
export function taskWithSubtasks(tasks: readonly Task[], task: Task): TaskJson & { subtasks: TaskJson[] } {
  const subtasks = tasks.filter((t) => t.parentId === task.id).map((kid) => taskData(tasks, kid))
  return { ...taskData(tasks, task), subtasks }
}
