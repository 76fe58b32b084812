// Which keymap scopes are live, in the order they are searched.
import type { Scope } from "./keymap.ts"
import type { UiState } from "./ui-store.ts"

export const PANE_COUNTS = { list: 2, board: 3, calendar: 2, monitor: 3 } as const

export function activeScopes(ui: Pick<UiState, "dialogs" | "view" | "pane" | "visualAnchorId">): Scope[] {
  if (ui.dialogs.length > 0) return ["app", "dialog"]
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
