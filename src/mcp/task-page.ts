// A page of `list`/`query` for MCP: the bridge command answers the tasks up to the page's end (its
// `limit`), the page keeps those from `offset` on, and `total` counts every match with the same
// domain query the command runs, so the answer says what was left out.
import type { BridgeExecutor } from "./bridge-executor.ts"
import { pageOf, type Page } from "./answer-bounds.ts"
import type { PagingArgs } from "./tool-schema.ts"
import { readTasks } from "../store/tasks-repository.ts"
import { queryTasks, type TaskQuery } from "../domain/task-query.ts"
import { localDateOf } from "../domain/local-date.ts"

/** The filters of a parsed `list` or `query` payload as the domain query (`list` has only `all`). */
function filtersOf(payload: Record<string, unknown>): TaskQuery {
  return {
    status: payload.status as TaskQuery["status"],
    priority: payload.priority as TaskQuery["priority"],
    project: payload.project as string | undefined,
    tag: payload.tag as string | undefined,
    due: payload.due as string | undefined,
    search: payload.search as string | undefined,
    includeClosed: payload.all === true,
  }
}

export async function taskPage(executor: BridgeExecutor, home: string, command: string, payload: Record<string, unknown>, paging: Required<PagingArgs>): Promise<Page> {
  const { offset, limit, compact } = paging
  const data = (await executor.run(command, { ...payload, limit: offset + limit })) as Record<string, unknown>[]
  const parsed = executor.payloadOf(command)!.parse(payload) as Record<string, unknown>
  const total = queryTasks((await readTasks(home)).tasks, filtersOf(parsed), localDateOf(new Date())).length
  return pageOf(data.slice(offset), offset, total, compact)
}
