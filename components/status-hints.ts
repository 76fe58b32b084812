// Which key hints fit the status bar. `? help` and `q quit` are pinned (a newcomer needs them
// first); the others keep their keymap order and the last ones are dropped first, so the hints of
// the focused pane (listed first) stay longest.
import type { KeyHint } from "../src/tui/keymap.ts"
import { textWidth } from "./text-fit.ts"

export const PINNED_HINTS = ["global.help", "global.quit"]
const GAP = "  "

const show = (hints: readonly KeyHint[]) => hints.map((h) => `${h.label} ${h.hint}`).join(GAP)

export interface FittedHints {
  hints: string
  pinned: string
}

export function fitHints(all: readonly KeyHint[], room: number): FittedHints {
  const pinnedHints = PINNED_HINTS.flatMap((action) => all.filter((h) => h.action === action))
  const pinned = show(pinnedHints)
  const others = all.filter((h) => !PINNED_HINTS.includes(h.action))
  const left = room - textWidth(pinned) - (pinned ? GAP.length : 0)
  let kept = others.length
  while (kept > 0 && textWidth(show(others.slice(0, kept))) > left) kept--
  return { hints: show(others.slice(0, kept)), pinned }
}
