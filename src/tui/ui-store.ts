// The TUI's own state (views, selection, dialogs, toasts, pending changes), a zustand vanilla store
// separate from the task store: nothing here is persisted, and tasks are never copied into it.
import { createStore, type StoreApi } from "zustand/vanilla"
import type { SortKey } from "../domain/task-query.ts"
import type { Task } from "../domain/task.ts"
import { DEFAULT_C64_METRIC, type C64Metric } from "./c64-metric.ts"
import type { DialogEntry, DialogSpec } from "./dialog-spec.ts"
import type { ApprovalList } from "../os/approval-actions.ts"

export const VIEWS = ["list", "board", "calendar", "monitor"] as const
export type ViewName = (typeof VIEWS)[number]

export const STATUS_FILTERS = ["all", "open", "todo", "in_progress", "done", "archived"] as const
export type StatusFilter = (typeof STATUS_FILTERS)[number]

export const SORT_CYCLE: readonly SortKey[] = ["order", "priority", "due", "created", "title"]

export type ToastKind = "info" | "success" | "error" | "agent"

export interface Toast {
  id: number
  kind: ToastKind
  message: string
}

export const MAX_TOASTS = 3
/** How many past toasts the message log (M) keeps, like lazygit's command log. */
export const MESSAGE_LOG_LIMIT = 50

export interface LoggedMessage extends Toast {
  at: Date
}

/** A change sent to the store but not yet durable: shown at once, dropped when the store answers. */
export interface PendingChange {
  id: number
  patches: Record<string, Partial<Task>>
  deletedIds: readonly string[]
}

export interface UiState {
  view: ViewName
  /** Which pane of the view has the keys (Tab cycles). */
  pane: number
  selectedId: string | null
  /** Where the selection was, used when the selected task disappears. */
  selectedIndex: number
  collapsed: ReadonlySet<string>
  statusFilter: StatusFilter
  sort: SortKey
  search: string
  visualAnchorId: string | null
  boardColumn: number
  boardSelected: readonly (string | null)[]
  calendarDate: string
  daySelectedId: string | null
  detailScroll: number
  /** Rows a page key moves (the list pane sets it to its height). */
  pageSize: number
  monitorIndex: number
  /** The agent session `w` jumped to (shown first in the phase panel, with where its status came from). */
  focusedSession: string | null
  /** The selected agent in the Monitor's agents pane. */
  agentIndex: number
  /** What the C64 pane's sparklines show (`m` cycles it). */
  c64Metric: C64Metric
  /** Agents' permission requests (pending, recent answers, rules), as the approvals feed last read them. */
  approvals: ApprovalList
  /** The selected row of the Monitor's approvals pane: pending requests, then rules, then answers. */
  approvalIndex: number
  dialogs: readonly DialogEntry[]
  toasts: readonly Toast[]
  /** Every toast shown, newest last, at most MESSAGE_LOG_LIMIT. */
  messages: readonly LoggedMessage[]
  pending: readonly PendingChange[]
}

export interface UiActions {
  set(partial: Partial<UiState>): void
  openDialog(spec: DialogSpec): void
  popDialog(): void
  closeDialogs(): void
  addToast(kind: ToastKind, message: string): number
  dismissToast(id: number): void
  dismissToasts(): void
  addPending(change: Omit<PendingChange, "id">): number
  dropPending(id: number): void
}

export type UiStore = StoreApi<UiState & UiActions>

export interface UiStoreOptions {
  view?: ViewName
  today: string
  /** The clock the message log stamps its entries with. */
  now?: () => Date
}

export function createUiStore(options: UiStoreOptions): UiStore {
  let nextKey = 1
  const now = options.now ?? (() => new Date())
  return createStore<UiState & UiActions>()((set, get) => ({
    view: options.view ?? "list",
    pane: 0,
    selectedId: null,
    selectedIndex: 0,
    collapsed: new Set(),
    statusFilter: "all",
    sort: "order",
    search: "",
    visualAnchorId: null,
    boardColumn: 0,
    boardSelected: [null, null, null],
    calendarDate: options.today,
    daySelectedId: null,
    detailScroll: 0,
    pageSize: 10,
    monitorIndex: 0,
    focusedSession: null,
    agentIndex: 0,
    c64Metric: DEFAULT_C64_METRIC,
    approvals: { pending: [], answered: [], rules: [] },
    approvalIndex: 0,
    dialogs: [],
    toasts: [],
    messages: [],
    pending: [],

    set: (partial) => set(partial),
    openDialog: (spec) => set({ dialogs: [...get().dialogs, { key: nextKey++, spec }] }),
    popDialog: () => set({ dialogs: get().dialogs.slice(0, -1) }),
    closeDialogs: () => set({ dialogs: [] }),
    addToast(kind, message) {
      const id = nextKey++
      set({
        toasts: [...get().toasts, { id, kind, message }].slice(-MAX_TOASTS),
        messages: [...get().messages, { id, kind, message, at: now() }].slice(-MESSAGE_LOG_LIMIT),
      })
      return id
    },
    dismissToast: (id) => set({ toasts: get().toasts.filter((t) => t.id !== id) }),
    dismissToasts: () => set({ toasts: [] }),
    addPending(change) {
      const id = nextKey++
      set({ pending: [...get().pending, { id, ...change }] })
      return id
    },
    dropPending: (id) => set({ pending: get().pending.filter((p) => p.id !== id) }),
  }))
}
