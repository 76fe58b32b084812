// Selectors over the task store and the UI store. Selectors return primitives or stable references
// (zustand v5 loops on a selector that builds a new object each call).
import { useStore } from "zustand"
import type { AppState } from "../../src/store/app-store.ts"
import type { UiActions, UiState } from "../../src/tui/ui-store.ts"
import { taskView, type TaskView } from "../../src/tui/task-view.ts"
import type { RowList } from "../../src/tui/row-list.ts"
import { selectedRowIndex, visibleRows } from "../../src/tui/visible-rows.ts"
import { useServices } from "../app-context.tsx"

export function useAppState<T>(selector: (state: AppState) => T): T {
  return useStore(useServices().store, selector)
}

export function useUiState<T>(selector: (state: UiState & UiActions) => T): T {
  return useStore(useServices().ui, selector)
}

/** The tasks as shown: the store's tasks with pending changes laid over (memoised). */
export function useTaskView(): TaskView {
  const tasks = useAppState((s) => s.tasks)
  const pending = useUiState((s) => s.pending)
  return taskView(tasks, pending)
}

/** The list's rows as filtered, sorted and collapsed now, and the index of the selected one. */
export function useVisibleRows(): { rows: RowList; cursor: number } {
  const view = useTaskView()
  const statusFilter = useUiState((s) => s.statusFilter)
  const sort = useUiState((s) => s.sort)
  const search = useUiState((s) => s.search)
  const collapsed = useUiState((s) => s.collapsed)
  const selectedId = useUiState((s) => s.selectedId)
  const selectedIndex = useUiState((s) => s.selectedIndex)
  const facets = useUiState((s) => s.facets)
  const today = useUiState((s) => s.today)
  const rows = visibleRows(view, { statusFilter, sort, search, collapsed, facets, today })
  return { rows, cursor: selectedRowIndex(rows, selectedId, selectedIndex) }
}
