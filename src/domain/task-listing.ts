// Lists that every surface answers the same way: bounded by default (50 tasks), most relevant
// first, in tree order (a subtask right under its parent, at its depth), and saying what was left
// out (`total`, `offset`, `nextOffset`). `limit: 0` asks for everything.
import { invalid } from "./errors.ts"
import type { Task } from "./task.ts"
import { compareReady, compareTasks, filterTasks, type TaskQuery, type Today } from "./task-query.ts"

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
  return treeOrderUpTo(found, compare, Number.POSITIVE_INFINITY).rows
}

/**
 * The first `count` rows of treeOrder (at least; all of them when `count` reaches the end), and
 * how many rows the whole order has. A page of 50 out of 10,000 tasks picks its first roots out in
 * one pass instead of sorting them all; ties go to the earlier task in `found`, as the stable sort
 * gives them. Tasks no root reaches (a parent loop) follow in `found`'s order, or
 * sorted by `leftovers` when given. Repeated ids (a hand-edited file) get the whole order.
 */
function treeOrderUpTo(
  found: readonly Task[],
  compare: (a: Task, b: Task) => number,
  count: number,
  leftovers?: (a: Task, b: Task) => number,
): { rows: ListedTask[]; total: number } {
  const present = new Set<string>()
  for (const task of found) present.add(task.id)
  // With distinct ids every task is listed exactly once.
  const distinct = present.size === found.length
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
  if (distinct && count < roots.length && count <= SMALLEST_MAX) {
    // Every root brings at least one row, so the first `count` roots fill the rows.
    for (const root of smallest(roots, compare, count)) {
      if (out.length >= count) break
      visit(root, 0)
    }
    return { rows: out, total: found.length }
  }
  for (const root of roots.sort(compare)) visit(root, 0)
  // A parent loop in a hand-edited file leaves tasks unreachable from a root: list them anyway.
  const unreached = found.filter((task) => !seen.has(task.id))
  for (const task of leftovers ? unreached.sort(leftovers) : unreached) visit(task, 0)
  return { rows: out, total: out.length }
}

/** Up to this many first roots are picked out of the list; more are found by sorting them all. */
const SMALLEST_MAX = 256

/**
 * The `k` smallest of `items` by `compare`, in order, ties in their order in `items` (what the
 * first `k` of a stable sort give): one pass that compares each item with the largest kept so far,
 * without sorting 8,000 roots for a page of 50 or allocating anything per item.
 */
function smallest(items: readonly Task[], compare: (a: Task, b: Task) => number, k: number): Task[] {
  const kept: Task[] = []
  for (const item of items) {
    if (kept.length === k) {
      if (compare(item, kept[k - 1]!) >= 0) continue
      kept.pop()
    }
    // After every kept item it does not sort before: an equal one came earlier and stays first.
    let lo = 0
    let hi = kept.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (compare(kept[mid]!, item) <= 0) lo = mid + 1
      else hi = mid
    }
    kept.splice(lo, 0, item)
  }
  return kept
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
  const { limit, offset } = checkPaging(paging)
  // Every order below ends on the list's order, and sorts are stable: the file's order in, the
  // same rows out as from queryTasks' order (which the tasks in a parent loop follow).
  const found = filterTasks(tasks, query, today)
  if (query.ready && !query.sort) {
    const { items, total, nextOffset } = pageOf(found.sort(compareReady), { limit, offset })
    return { rows: items.map((task) => ({ task, depth: 0 })), total, offset, nextOffset }
  }
  const count = limit === 0 ? Number.POSITIVE_INFINITY : offset + limit
  const { rows, total } = treeOrderUpTo(found, compareTasks(query.sort ?? "relevance"), count, compareTasks(query.sort ?? "order"))
  const end = limit === 0 ? total : Math.min(total, offset + limit)
  return { rows: rows.slice(offset, end), total, offset, nextOffset: end < total ? end : null }
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
