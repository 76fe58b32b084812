// Lists that every surface answers the same way: bounded by default (50 tasks), most relevant
// first, in tree order (a subtask right under its parent, at its depth), and saying what was left
// out (`total`, `offset`, `nextOffset`). `limit: 0` asks for everything.
import { invalid } from "./errors.ts"
import type { Task } from "./task.ts"
import { compareReady, compareTasks, queryTasks, type SortKey, type TaskQuery, type Today } from "./task-query.ts"

export const DEFAULT_LIMIT = 50

export interface Paging {
  /** At most this many tasks; 0 for all. Default 50. */
  limit?: number
  offset?: number
}

export interface ListedTask {
  task: Task
  /** 0 for a task whose parent is not in the list, 1 for its subtask, 2 below that. */
  depth: number
}

export interface TaskPage {
  rows: ListedTask[]
  /** How many tasks matched, in all. */
  total: number
  offset: number
  /** The offset of the next page, or null when this page reaches the end. */
  nextOffset: number | null
}

export function checkPaging(paging: Paging): Required<Paging> {
  const limit = paging.limit ?? DEFAULT_LIMIT
  const offset = paging.offset ?? 0
  if (!Number.isInteger(limit) || limit < 0) throw invalid(`limit must be a whole number, 0 for all (not '${String(paging.limit)}')`)
  if (!Number.isInteger(offset) || offset < 0) throw invalid(`offset must be a whole number from 0 (not '${String(paging.offset)}')`)
  return { limit, offset }
}

/**
 * Depth-first: roots sorted by `compare`, each followed by its subtasks (sorted the same way) at
 * their depth. A task whose parent is filtered out counts as a root.
 */
export function treeOrder(found: readonly Task[], compare: (a: Task, b: Task) => number): ListedTask[] {
  const present = new Set(found.map((t) => t.id))
  const kids = new Map<string, Task[]>()
  const roots: Task[] = []
  for (const task of found) {
    if (task.parentId && task.parentId !== task.id && present.has(task.parentId)) {
      const list = kids.get(task.parentId)
      if (list) list.push(task)
      else kids.set(task.parentId, [task])
    } else roots.push(task)
  }
  const out: ListedTask[] = []
  const seen = new Set<string>()
  const visit = (task: Task, depth: number) => {
    if (seen.has(task.id)) return
    seen.add(task.id)
    out.push({ task, depth })
    for (const kid of (kids.get(task.id) ?? []).sort(compare)) visit(kid, depth + 1)
  }
  for (const root of roots.sort(compare)) visit(root, 0)
  // A parent loop in a hand-edited file leaves tasks unreachable from a root: list them anyway.
  for (const task of found) if (!seen.has(task.id)) visit(task, 0)
  return out
}

export function pageOf<T>(items: readonly T[], paging: Paging): { items: T[]; total: number; offset: number; nextOffset: number | null } {
  const { limit, offset } = checkPaging(paging)
  const end = limit === 0 ? items.length : Math.min(items.length, offset + limit)
  return { items: items.slice(offset, end), total: items.length, offset, nextOffset: end < items.length ? end : null }
}

/**
 * `tsk list`, bridge `list`/`query`: filter, order (relevance by default; ready work by priority
 * and due date, flat), then one page.
 */
export function listTasks(tasks: readonly Task[], query: TaskQuery, paging: Paging, today: Today): TaskPage {
  const found = queryTasks(tasks, { ...query, limit: undefined }, today)
  const sort: SortKey = query.sort ?? "relevance"
  const ordered: ListedTask[] =
    query.ready && !query.sort ? found.sort(compareReady).map((task) => ({ task, depth: 0 })) : treeOrder(found, compareTasks(sort))
  const { items, total, offset, nextOffset } = pageOf(ordered, paging)
  return { rows: items, total, offset, nextOffset }
}

/** A count as `toLocaleString("en-US")` writes it (10,000), without loading ICU's number formats. */
export function formatCount(count: number): string {
  const digits = String(count)
  if (!/^\d+$/.test(digits)) return count.toLocaleString("en-US")
  return digits.replace(/\B(?=(\d{3})+$)/g, ",")
}

/** `50 of 10,000 shown (--limit, --offset)`, or null when nothing was left out. */
export function omittedLine(page: { rows: readonly unknown[]; total: number; offset: number }, hint = "--limit, --offset"): string | null {
  if (page.offset === 0 && page.rows.length >= page.total) return null
  const from = page.rows.length === 0 ? "none" : page.offset === 0 ? `${formatCount(page.rows.length)}` : `${formatCount(page.offset + 1)}-${formatCount(page.offset + page.rows.length)}`
  return `${from} of ${formatCount(page.total)} shown (${hint})`
}
