// The list screen's rows: the task tree flattened in display order, filtered by status and search,
// sorted among siblings, collapsed subtrees left out. A task is shown when it matches or one of its
// descendants does, so a match keeps its place in the tree.
import { compareTasks, type SortKey } from "../domain/task-query.ts"
import type { Task } from "../domain/task.ts"
import type { TaskView, TaskViewDelta } from "./task-view.ts"
import type { StatusFilter } from "./ui-store.ts"
import { facetMatcher, hasFacets, type Facets } from "./task-filter.ts"
import { MAX_DEPTH, RowList } from "./row-list.ts"

export type { TaskRow } from "./row-list.ts"

export interface RowOptions {
  statusFilter: StatusFilter
  sort: SortKey
  search: string
  collapsed: ReadonlySet<string>
  facets: Facets
  today: string
}

export function matchesStatus(task: Task, filter: StatusFilter): boolean {
  switch (filter) {
    case "all":
      return task.status !== "archived"
    case "open":
      return task.status === "todo" || task.status === "in_progress"
    default:
      return task.status === filter
  }
}

/** The search as a test of one task (the search text is prepared once, not once per task). */
function searchMatcher(search: string): (task: Task) => boolean {
  const needle = search.trim().toLowerCase()
  if (needle === "") return () => true
  return (task) =>
    task.title.toLowerCase().includes(needle) ||
    task.description.toLowerCase().includes(needle) ||
    (task.project?.toLowerCase().includes(needle) ?? false) ||
    task.tags.some((t) => t.toLowerCase().includes(needle))
}

export function matchesSearch(task: Task, search: string): boolean {
  return searchMatcher(search)(task)
}

function isSorted(tasks: readonly Task[], compare: (a: Task, b: Task) => number): boolean {
  for (let i = 1; i < tasks.length; i++) if (compare(tasks[i - 1]!, tasks[i]!) > 0) return false
  return true
}

/**
 * Which tasks show: those that match and those with a matching descendant (so a match keeps its
 * place in the tree). Whichever is fewer, the tasks that do not match or those that do, is put in
 * a set: with no filter or search (the first frame, at 10,000 tasks, while the code is still cold)
 * only the archived ones are, and only their subtrees are looked at again.
 */
function inclusion(view: TaskView, options: RowOptions): { everything: boolean; isIncluded: (task: Task) => boolean } {
  const tasks = view.tasks
  const search = searchMatcher(options.search)
  const facets = facetMatcher(options.facets, options.today)
  const matches = (task: Task) => search(task) && facets(task)
  const matched = new Uint8Array(tasks.length)
  let failing = 0
  if (options.search.trim() === "" && !hasFacets(options.facets) && options.statusFilter === "open") {
    // The default filter at launch, while the code is still cold: the status alone, tested inline.
    for (let i = 0; i < tasks.length; i++) {
      const status = tasks[i]!.status
      if (status === "todo" || status === "in_progress") matched[i] = 1
      else failing++
    }
  } else {
    for (let i = 0; i < tasks.length; i++) {
      const task = tasks[i]!
      if (matchesStatus(task, options.statusFilter) && matches(task)) matched[i] = 1
      else failing++
    }
  }
  if (failing === 0) return { everything: true, isIncluded: () => true }
  if (failing <= tasks.length / 2) {
    // A non-matching task is rescued by a matching descendant: each match walks up through its
    // non-matching ancestors, stopping at one already rescued (which also ends a parent cycle).
    const notMatching = new Set<string>()
    for (let i = 0; i < tasks.length; i++) if (!matched[i]) notMatching.add(tasks[i]!.id)
    const rescued = new Set<string>()
    for (let i = 0; i < tasks.length; i++) {
      const task = tasks[i]!
      if (!matched[i] || task.parentId === null) continue
      let parent = view.index.get(task.parentId)
      while (parent !== undefined && notMatching.has(parent.id) && !rescued.has(parent.id)) {
        rescued.add(parent.id)
        parent = parent.parentId === null ? undefined : view.index.get(parent.parentId)
      }
    }
    return { everything: false, isIncluded: (task) => !notMatching.has(task.id) || rescued.has(task.id) }
  }
  // Each match marks itself and its ancestors, stopping at one already marked (also ends a cycle).
  const included = new Set<string>()
  for (let i = 0; i < tasks.length; i++) {
    if (!matched[i]) continue
    let current: Task | undefined = tasks[i]
    while (current !== undefined && !included.has(current.id)) {
      included.add(current.id)
      current = current.parentId === null ? undefined : view.index.get(current.parentId)
    }
  }
  return { everything: false, isIncluded: (task) => included.has(task.id) }
}

function buildRows(view: TaskView, options: RowOptions): RowList {
  const compare = compareTasks(options.sort)
  const { everything, isIncluded } = inclusion(view, options)
  const shown = (siblings: readonly Task[]): readonly Task[] => {
    const kept = everything ? siblings : siblings.filter(isIncluded)
    // Tasks are mostly stored in their order already: check before sorting (a copy: `siblings` is the view's).
    return isSorted(kept, compare) ? kept : (kept === siblings ? kept.slice() : (kept as Task[])).sort(compare)
  }
  // Tasks whose parent is missing (a hand-edited file) are shown at the top level, in their place
  // in the list; without any, the top level is the view's list of tasks without a parent.
  let orphans = false
  for (const parentId of view.children.keys()) {
    if (parentId !== null && !view.index.has(parentId)) {
      orphans = true
      break
    }
  }
  const roots = orphans ? view.tasks.filter((t) => t.parentId === null || !view.index.has(t.parentId)) : (view.children.get(null) ?? [])
  const shows = (task: Task) => everything || isIncluded(task)
  // Up through the ancestors to a top-level task (or one whose parent is missing), each shown and
  // expanded, within the depth the walk goes to (which also ends a parent cycle).
  const hasRow = (taskId: string): boolean => {
    const found = view.index.get(taskId)
    if (found === undefined || !shows(found)) return false
    let task: Task = found
    for (let steps = 0; ; steps++) {
      const parent: Task | undefined = task.parentId === null ? undefined : view.index.get(task.parentId)
      if (parent === undefined) return true
      if (steps >= MAX_DEPTH || options.collapsed.has(parent.id) || !shows(parent)) return false
      task = parent
    }
  }
  return RowList.lazy({ children: view.children, roots, collapsed: options.collapsed, everything, isIncluded, shown, hasRow })
}

/**
 * The rows of `previous` with the replaced tasks swapped in, when no replacement changes the order
 * or which rows show, except a top-level task without subtasks that stops matching (d under the
 * default open filter): its row is left out. Null otherwise (the rows are built afresh).
 */
function patchRows(previous: RowList, view: TaskView, delta: TaskViewDelta, options: RowOptions): RowList | null {
  // A list not yet built in full is built anew as lazily (patching it would build every row).
  if (!previous.complete) return null
  const compare = compareTasks(options.sort)
  const facets = facetMatcher(options.facets, options.today)
  const dropped = new Set<string>()
  for (const { before, after } of delta.replaced.values()) {
    const matchedBefore = matchesStatus(before, options.statusFilter) && matchesSearch(before, options.search) && facets(before)
    const matchesNow = matchesStatus(after, options.statusFilter) && matchesSearch(after, options.search) && facets(after)
    if (compare(before, after) !== 0 || compare(after, before) !== 0) return null
    if (matchedBefore === matchesNow) continue
    if (matchesNow || after.parentId !== null || view.children.has(after.id)) return null
    dropped.add(after.id)
  }
  const rows = previous.toArray()
  const kept = dropped.size === 0 ? rows : rows.filter((row) => !dropped.has(row.task.id))
  return RowList.of(
    kept.map((row) => {
      const swap = delta.replaced.get(row.task.id)
      return swap ? { ...row, task: swap.after } : row
    }),
  )
}

let lastView: TaskView | null = null
let lastOptions: RowOptions | null = null
let lastRows: RowList = RowList.of([])

export function visibleRows(view: TaskView, options: RowOptions): RowList {
  const sameOptions =
    lastOptions !== null &&
    options.statusFilter === lastOptions.statusFilter &&
    options.sort === lastOptions.sort &&
    options.search === lastOptions.search &&
    options.collapsed === lastOptions.collapsed &&
    options.facets === lastOptions.facets &&
    options.today === lastOptions.today
  if (sameOptions && view === lastView) return lastRows
  const patched = sameOptions && lastView !== null && view.delta?.base === lastView.serial ? patchRows(lastRows, view, view.delta, options) : null
  lastRows = patched ?? buildRows(view, options)
  lastView = view
  lastOptions = { statusFilter: options.statusFilter, sort: options.sort, search: options.search, collapsed: options.collapsed, facets: options.facets, today: options.today }
  return lastRows
}

/** Index of the selected row: by id, else the old position clamped to the list. */
export function selectedRowIndex(rows: RowList, selectedId: string | null, fallback: number): number {
  if (rows.length === 0) return -1
  if (selectedId !== null) {
    const at = rows.indexOf(selectedId)
    if (at >= 0) return at
  }
  return Math.max(0, Math.min(fallback, rows.length - 1))
}
