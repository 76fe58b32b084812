// What the List and the Board show besides the search: the status filter (open tasks by default:
// done ones hidden) and the facets, a project, a tag and a due window (today, this week, overdue),
// set from the filter dialog (f) or the palette (:).
import type { Task } from "../domain/task.ts"
import { matchesDue } from "../domain/task-query.ts"
import type { StatusFilter } from "./ui-store.ts"

export const DUE_FACETS = ["today", "week", "overdue"] as const
export type DueFacet = (typeof DUE_FACETS)[number]
export const DUE_FACET_LABELS: Record<DueFacet, string> = { today: "due today", week: "due this week", overdue: "overdue" }

export interface Facets {
  project: string | null
  tag: string | null
  due: DueFacet | null
}

export const NO_FACETS: Facets = Object.freeze({ project: null, tag: null, due: null })
export const DEFAULT_STATUS_FILTER: StatusFilter = "open"

export function hasFacets(facets: Facets): boolean {
  return facets.project !== null || facets.tag !== null || facets.due !== null
}

/** The facets as a test of one task (`today`: YYYY-MM-DD, for the due window). */
export function facetMatcher(facets: Facets, today: string): (task: Task) => boolean {
  if (!hasFacets(facets)) return () => true
  return (task) =>
    (facets.project === null || task.project === facets.project) &&
    (facets.tag === null || task.tags.includes(facets.tag)) &&
    (facets.due === null || matchesDue(task, facets.due, today))
}

interface FilterState {
  statusFilter: StatusFilter
  search: string
  facets: Facets
}

/** Showing what it shows when the TUI starts: open tasks, no search, no facet. */
export function isDefaultFilter(ui: FilterState): boolean {
  return ui.statusFilter === DEFAULT_STATUS_FILTER && ui.search === "" && !hasFacets(ui.facets)
}

/** "filter:open @work #home due:week /milk", for the status bar and toasts. */
export function filterLabel(ui: FilterState): string {
  const parts = [`filter:${ui.statusFilter.replace("_", " ")}`]
  if (ui.facets.project !== null) parts.push(`@${ui.facets.project}`)
  if (ui.facets.tag !== null) parts.push(`#${ui.facets.tag}`)
  if (ui.facets.due !== null) parts.push(`due:${ui.facets.due}`)
  if (ui.search) parts.push(`/${ui.search}`)
  return parts.join(" ")
}
