// Bridge commands that read tasks: query, list, show, projects, tags and stats. They mean what the
// CLI's list/show/projects/tags/stats mean (the same listing, resolver and counts). Lists answer a
// page (50 tasks unless `limit`; 0 for all) in the summary shape unless `compact` or `fields`.
import { defineBridgeCommand, type BridgeCommandDefinition } from "../domain/command-definition.ts"
import type { TaskAccess } from "./task-access.ts"
import { taskWithSubtasks } from "./task-data.ts"
import { PagedAnswer } from "./paged-answer.ts"
import { EmptyPayload, ListPayload, NamesPayload, QueryPayload, TaskIdPayload } from "./task-payloads.ts"
import { listTasks } from "../domain/task-listing.ts"
import type { TaskQuery } from "../domain/task-query.ts"
import { COMPACT_FIELDS, parseFields, pickFields, SUMMARY_FIELDS, viewOf, type TaskField } from "../domain/task-shape.ts"
import { resolveTaskId } from "../domain/task-id-resolver.ts"
import { computeStats, listProjects, listTags, type NameCount, type TaskStats } from "../domain/task-stats.ts"
import { localDateOf } from "../domain/local-date.ts"
import { shortId } from "../domain/task.ts"
import { trackedMs } from "../domain/time-tracking.ts"

const count = (data: unknown, noun: string, plural = `${noun}s`) => {
  const n = Array.isArray(data) ? data.length : 0
  return `${n} ${n === 1 ? noun : plural}`
}

/** Names in order, as the ancestor answered; `counts` keeps how many tasks (and open ones) have each. */
const namesOrCounts = (list: NameCount[], counts: boolean | undefined) => (counts ? list : list.map((entry) => entry.name))

function fieldsOf(payload: { compact?: boolean; fields?: string | string[] }): readonly TaskField[] {
  if (payload.fields !== undefined) return parseFields(payload.fields)
  return payload.compact ? COMPACT_FIELDS : SUMMARY_FIELDS
}

/** The page of `query` as a PagedAnswer (items in the chosen shape). */
function page(access: TaskAccess, query: TaskQuery, payload: { limit?: number; offset?: number; compact?: boolean; fields?: string | string[] }): PagedAnswer {
  const fields = fieldsOf(payload)
  const tasks = access.tasks()
  const result = listTasks(tasks, query, { limit: payload.limit, offset: payload.offset }, localDateOf(access.now()))
  const view = viewOf(tasks)
  return new PagedAnswer(result.rows.map(({ task }) => pickFields(task, view, fields)), result.total, result.offset, result.nextOffset)
}

export function createTaskReadCommands(access: TaskAccess): BridgeCommandDefinition[] {
  return [
    defineBridgeCommand({
      command: "query",
      payload: QueryPayload,
      readOnly: true,
      run: async (payload) =>
        page(
          access,
          {
            status: payload.status,
            priority: payload.priority,
            project: payload.project,
            tag: payload.tag,
            due: payload.due,
            search: payload.search,
            includeClosed: payload.all === true,
            ready: payload.ready,
            blocked: payload.blocked,
            assignee: payload.assignee,
            sort: payload.sort,
          },
          payload,
        ),
      describe: (_payload, data) => `queried tasks: ${count(data, "match", "matches")}`,
    }),
    defineBridgeCommand({
      command: "list",
      payload: ListPayload,
      readOnly: true,
      run: async (payload) => page(access, { includeClosed: payload.all === true }, payload),
      describe: (_payload, data) => `listed ${count(data, "task")}`,
    }),
    defineBridgeCommand({
      command: "show",
      payload: TaskIdPayload,
      readOnly: true,
      run: async ({ taskId }) => {
        const tasks = access.tasks()
        const task = resolveTaskId(tasks, taskId)
        // The ancestor's agents read the time logged as `actualMinutes` (null before any).
        const actualMinutes = task.timeEntries.length === 0 ? null : Math.round(trackedMs(task, access.now()) / 60_000)
        return { ...taskWithSubtasks(tasks, task), actualMinutes }
      },
      describe: (_payload, data) => {
        const task = data as { id: string; title: string }
        return `showed '${task.title}' (${shortId(task.id)})`
      },
    }),
    defineBridgeCommand({
      command: "list-projects",
      payload: NamesPayload,
      readOnly: true,
      run: async ({ counts }) => namesOrCounts(listProjects(access.tasks()), counts),
      describe: (_payload, data) => `listed ${count(data, "project")}`,
    }),
    defineBridgeCommand({
      command: "list-tags",
      payload: NamesPayload,
      readOnly: true,
      run: async ({ counts }) => namesOrCounts(listTags(access.tasks()), counts),
      describe: (_payload, data) => `listed ${count(data, "tag")}`,
    }),
    defineBridgeCommand({
      command: "stats",
      payload: EmptyPayload,
      readOnly: true,
      run: async () => {
        const stats = computeStats(access.tasks(), access.now())
        // The ancestor's agents read todo, inProgress and done at the top level.
        return { ...stats, todo: stats.byStatus.todo, inProgress: stats.byStatus.in_progress, done: stats.byStatus.done, archived: stats.byStatus.archived }
      },
      describe: (_payload, data) => {
        const stats = data as TaskStats
        return `stats: ${stats.total} tasks, ${stats.byStatus.done} done, ${stats.overdue} overdue`
      },
    }),
  ]
}
