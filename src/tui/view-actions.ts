// Keys that change what is shown: views, panes, filter, sort, search, help, and quitting.
import type { ActionId } from "./keymap.ts"
import type { ActionHandler } from "./navigation-actions.ts"
import { activeScopes, PANE_COUNTS } from "./active-scopes.ts"
import { SORT_CYCLE, STATUS_FILTERS, type ViewName } from "./ui-store.ts"
import type { TuiContext } from "./tui-context.ts"

function show(view: ViewName): ActionHandler {
  return (ctx: TuiContext) => ctx.ui.getState().set({ view, pane: 0, visualAnchorId: null })
}

function next<T>(cycle: readonly T[], current: T): T {
  return cycle[(cycle.indexOf(current) + 1) % cycle.length]!
}

export const viewActions = {
  "app.quit": (ctx) => ctx.requestQuit(),
  "global.quit": (ctx) => ctx.requestQuit(),
  "global.help": (ctx) => ctx.ui.getState().openDialog({ kind: "help", scopes: activeScopes(ctx.ui.getState()) }),
  "global.palette": (ctx) => ctx.ui.getState().openDialog({ kind: "palette", scopes: activeScopes(ctx.ui.getState()) }),
  "global.messages": (ctx) => ctx.ui.getState().openDialog({ kind: "messages" }),
  "global.conflicts": (ctx) => ctx.ui.getState().openDialog({ kind: "conflicts" }),
  "global.sync": (ctx) => {
    const sync = ctx.feeds.get().sync
    if (!sync || ctx.store.getState().config.sync.remote === null) return void ctx.toaster.show("info", "Sync is not set up: tsk sync init <remote>")
    void sync.syncNow().then((outcome) => ctx.toaster.show(outcome.ok ? "success" : "error", outcome.message))
  },
  "global.escape": (ctx) => {
    const ui = ctx.ui.getState()
    if (ui.toasts.length > 0) return ui.dismissToasts()
    if (ui.search !== "" || ui.statusFilter !== "all") return ui.set({ search: "", statusFilter: "all" })
    // In the list's detail pane Esc goes back to the list (Enter opened it).
    if (ui.view === "list" && ui.pane === 1) return ui.set({ pane: 0 })
    return false
  },
  "global.search": (ctx) => ctx.ui.getState().openDialog({ kind: "search" }),
  "global.filter": (ctx) => {
    const ui = ctx.ui.getState()
    ui.set({ statusFilter: next(STATUS_FILTERS, ui.statusFilter), visualAnchorId: null })
  },
  "global.sort": (ctx) => {
    const ui = ctx.ui.getState()
    ui.set({ sort: next(SORT_CYCLE, ui.sort) })
  },
  "global.nextPane": (ctx) => {
    const ui = ctx.ui.getState()
    if (ui.view === "board") return ui.set({ boardColumn: (ui.boardColumn + 1) % PANE_COUNTS.board })
    ui.set({ pane: (ui.pane + 1) % PANE_COUNTS[ui.view], visualAnchorId: null })
  },
  "global.viewList": show("list"),
  "global.viewBoard": show("board"),
  "global.viewCalendar": show("calendar"),
  "global.viewMonitor": show("monitor"),
} satisfies Partial<Record<ActionId, ActionHandler>>
