// The list screen's rows: the task tree flattened in display order, filtered by status and search,
// sorted among siblings, collapsed subtrees left out. A task is shown when it matches or one of its
// descendants does, so a match keeps its place in the tree.
import { compareTasks, type SortKey } from "../domain/task-query.ts"
import type { Task } from "../domain/task.ts"
import type { TaskView } from "./task-view.ts"
import type { StatusFilter } from "./ui-store.ts"

export interface TaskRow {
  task: Task
  depth: number
  hasChildren: boolean
  expanded: boolean
}

export interface RowOptions {
  statusFilter: StatusFilter
  sort: SortKey
  search: string
  collapsed: ReadonlySet<string>
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

export function matchesSearch(task: Task, search: string): boolean {
  const needle = search.trim().toLowerCase()
  if (needle === "") return true
  return (
    task.title.toLowerCase().includes(needle) ||
    task.description.toLowerCase().includes(needle) ||
    (task.project?.toLowerCase().includes(needle) ?? false) ||
    task.tags.some((t) => t.toLowerCase().includes(needle))
  )
}

function buildRows(view: TaskView, options: RowOptions): TaskRow[] {
  const compare = compareTasks(options.sort)
  const included = new Map<string, boolean>()
  const isIncluded = (task: Task): boolean => {
    const known = included.get(task.id)
    if (known !== undefined) return known
    included.set(task.id, false) // guards against a parent cycle in a hand-edited file
    let result = matchesStatus(task, options.statusFilter) && matchesSearch(task, options.search)
    for (const kid of view.children.get(task.id) ?? []) if (isIncluded(kid)) result = true
    included.set(task.id, result)
    return result
  }
  const rows: TaskRow[] = []
  const visit = (siblings: readonly Task[], depth: number) => {
    const shown = siblings.filter(isIncluded).sort(compare)
    for (const task of shown) {
      const kids = view.children.get(task.id) ?? []
      const hasChildren = kids.some(isIncluded)
      const expanded = hasChildren && !options.collapsed.has(task.id)
      rows.push({ task, depth, hasChildren, expanded })
      if (expanded && depth < 8) visit(kids, depth + 1)
    }
  }
  // Tasks whose parent is missing (a hand-edited file) are shown at the top level.
  const roots = view.tasks.filter((t) => t.parentId === null || !view.index.has(t.parentId))
  visit(roots, 0)
  return rows
}

let lastView: TaskView | null = null
let lastOptions: RowOptions | null = null
let lastRows: TaskRow[] = []

export function visibleRows(view: TaskView, options: RowOptions): TaskRow[] {
  const same =
    lastOptions !== null &&
    view === lastView &&
    options.statusFilter === lastOptions.statusFilter &&
    options.sort === lastOptions.sort &&
    options.search === lastOptions.search &&
    options.collapsed === lastOptions.collapsed
  if (same) return lastRows
  lastRows = buildRows(view, options)
  lastView = view
  lastOptions = { statusFilter: options.statusFilter, sort: options.sort, search: options.search, collapsed: options.collapsed }
  return lastRows
}

/** Index of the selected row: by id, else the old position clamped to the list. */
export function selectedRowIndex(rows: readonly TaskRow[], selectedId: string | null, fallback: number): number {
  if (rows.length === 0) return -1
  if (selectedId !== null) {
    const at = rows.findIndex((r) => r.task.id === selectedId)
    if (at >= 0) return at
  }
  return Math.max(0, Math.min(fallback, rows.length - 1))
}
