// Which keymap scopes are live, in the order they are searched.
import type { Scope } from "./keymap.ts"
import type { UiState } from "./ui-store.ts"

export const PANE_COUNTS = { list: 2, board: 3, calendar: 2, monitor: 4 } as const
/** The Monitor's approvals pane (Tab reaches it after the agents pane). */
export const APPROVALS_PANE = 3

type ScopeState = Pick<UiState, "dialogs" | "view" | "pane" | "visualAnchorId"> & { approvals?: Pick<UiState["approvals"], "pending"> }

/**
 * While a permission request waits, y/n/a answer it from any view (they shadow `n` note and `a`
 * add until it is answered); the Monitor's approvals pane adds its own keys and keeps y/n/a.
 */
export function activeScopes(ui: ScopeState): Scope[] {
  if (ui.dialogs.length > 0) return ["app", "dialog"]
  if (ui.view === "monitor" && ui.pane === APPROVALS_PANE) return ["app", "requests", "approvals", "monitor", "global"]
  const scopes = viewScopes(ui)
  return (ui.approvals?.pending.length ?? 0) > 0 ? ["app", "approvals", ...scopes.slice(1)] : scopes
}

function viewScopes(ui: ScopeState): Scope[] {
  switch (ui.view) {
    case "list":
      if (ui.pane === 1) return ["app", "detail", "task", "global"]
      return ui.visualAnchorId !== null ? ["app", "visual", "list", "task", "global"] : ["app", "list", "task", "global"]
    case "board":
      return ["app", "board", "task", "global"]
    case "calendar":
      return ui.pane === 1 ? ["app", "day", "task", "global"] : ["app", "calendar", "global"]
    case "monitor":
      // Pane 2 is the agents pane: its keys come first, the Monitor's others still work.
      return ui.pane === 2 ? ["app", "agents", "monitor", "global"] : ["app", "monitor", "global"]
  }
}
