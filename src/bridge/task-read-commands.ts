// Bridge commands that read tasks: query, list, show, projects, tags and stats. They mean what the
// CLI's list/show/projects/tags/stats mean (the same query, resolver and counts).
import { defineBridgeCommand, type BridgeCommandDefinition } from "./command-definition.ts"
import type { TaskAccess } from "./task-access.ts"
import { taskData, taskWithSubtasks } from "./task-data.ts"
import { EmptyPayload, ListPayload, QueryPayload, TaskIdPayload } from "./task-payloads.ts"
import { queryTasks } from "../domain/task-query.ts"
import { resolveTaskId } from "../domain/task-id-resolver.ts"
import { computeStats, listProjects, listTags, type TaskStats } from "../domain/task-stats.ts"
import { localDateOf } from "../domain/local-date.ts"
import { shortId } from "../domain/task.ts"

const count = (data: unknown, noun: string, plural = `${noun}s`) => {
  const n = Array.isArray(data) ? data.length : 0
  return `${n} ${n === 1 ? noun : plural}`
}

export function createTaskReadCommands(access: TaskAccess): BridgeCommandDefinition[] {
  const today = () => localDateOf(access.now())
  return [
    defineBridgeCommand({
      command: "query",
      payload: QueryPayload,
      run: async (payload) => {
        const tasks = access.tasks()
        const found = queryTasks(
          tasks,
          {
            status: payload.status,
            priority: payload.priority,
            project: payload.project,
            tag: payload.tag,
            due: payload.due,
            search: payload.search,
            includeClosed: payload.all === true,
            limit: payload.limit,
          },
          today(),
        )
        return found.map((task) => taskData(tasks, task))
      },
      describe: (_payload, data) => `queried tasks: ${count(data, "match", "matches")}`,
    }),
    defineBridgeCommand({
      command: "list",
      payload: ListPayload,
      run: async (payload) => {
        const tasks = access.tasks()
        const found = queryTasks(tasks, { includeClosed: payload.all === true, limit: payload.limit }, today())
        return found.map((task) => taskData(tasks, task))
      },
      describe: (_payload, data) => `listed ${count(data, "task")}`,
    }),
    defineBridgeCommand({
      command: "show",
      payload: TaskIdPayload,
      run: async ({ taskId }) => {
        const tasks = access.tasks()
        return taskWithSubtasks(tasks, resolveTaskId(tasks, taskId))
      },
      describe: (_payload, data) => {
        const task = data as { id: string; title: string }
        return `showed '${task.title}' (${shortId(task.id)})`
      },
    }),
    defineBridgeCommand({
      command: "list-projects",
      payload: EmptyPayload,
      run: async () => listProjects(access.tasks()),
      describe: (_payload, data) => `listed ${count(data, "project")}`,
    }),
    defineBridgeCommand({
      command: "list-tags",
      payload: EmptyPayload,
      run: async () => listTags(access.tasks()),
      describe: (_payload, data) => `listed ${count(data, "tag")}`,
    }),
    defineBridgeCommand({
      command: "stats",
      payload: EmptyPayload,
      run: async () => computeStats(access.tasks(), access.now()),
      describe: (_payload, data) => {
        const stats = data as TaskStats
        return `stats: ${stats.total} tasks, ${stats.byStatus.done} done, ${stats.overdue} overdue`
      },
    }),
  ]
}
