// The board's columns: To do, In progress, Done. Archived tasks stay off the board; the search
// narrows every column; cards are sorted by the list's sort order.
import { compareTasks, type SortKey } from "../domain/task-query.ts"
import type { Task, TaskStatus } from "../domain/task.ts"
import type { TaskView } from "./task-view.ts"
import { matchesSearch } from "./visible-rows.ts"
import { facetMatcher, NO_FACETS, type Facets } from "./task-filter.ts"

export interface BoardColumn {
  status: TaskStatus
  title: string
  tasks: Task[]
}

export const BOARD_STATUSES = ["todo", "in_progress", "done"] as const satisfies readonly TaskStatus[]
const TITLES: Record<(typeof BOARD_STATUSES)[number], string> = { todo: "To do", in_progress: "In progress", done: "Done" }

let lastView: TaskView | null = null
let lastKey = ""
let lastColumns: BoardColumn[] = []

export function boardColumns(view: TaskView, search: string, sort: SortKey, facets: Facets = NO_FACETS, today = ""): BoardColumn[] {
  const key = `${sort}\u0000${search}\u0000${facets.project}\u0000${facets.tag}\u0000${facets.due}\u0000${today}`
  if (view === lastView && key === lastKey) return lastColumns
  const compare = compareTasks(sort)
  const inFacets = facetMatcher(facets, today)
  lastColumns = BOARD_STATUSES.map((status) => ({
    status,
    title: TITLES[status],
    tasks: view.tasks.filter((t) => t.status === status && matchesSearch(t, search) && inFacets(t)).sort(compare),
  }))
  lastView = view
  lastKey = key
  return lastColumns
}

/** Index of the selected card in a column: by id, else the first card. */
export function cardIndex(column: BoardColumn, selectedId: string | null): number {
  if (column.tasks.length === 0) return -1
  const at = selectedId === null ? -1 : column.tasks.findIndex((t) => t.id === selectedId)
  return at >= 0 ? at : 0
}
