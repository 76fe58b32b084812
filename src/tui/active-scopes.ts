// Which keymap scopes are live, in the order they are searched.
import type { Scope } from "./keymap.ts"
import type { UiState } from "./ui-store.ts"

export const PANE_COUNTS = { list: 2, board: 3, calendar: 2, monitor: 2 } as const

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
      return ["app", "monitor", "global"]
  }
}
