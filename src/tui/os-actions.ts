// Keys for the agent operating state: P opens the agent's whole plan (from the Monitor and the List);
// w jumps to the next Claude Code session that needs input and says where its status came from.
import type { ActionId } from "./keymap.ts"
import type { ActionHandler } from "./navigation-actions.ts"
import type { OsPanelSession } from "./os-panel-status.ts"

const openPlan: ActionHandler = (ctx) => ctx.ui.getState().openDialog({ kind: "agent-plan" })

/** The waiting session after `current` (wrapping round), or null when none waits. */
export function nextWaitingSession(sessions: readonly OsPanelSession[], current: string | null): OsPanelSession | null {
  const waiting = sessions.filter((session) => session.status === "needs_input")
  if (waiting.length === 0) return null
  const at = waiting.findIndex((session) => session.id === current)
  return waiting[(at + 1) % waiting.length]!
}

const jumpToWaiting: ActionHandler = (ctx) => {
  const sessions = ctx.feeds.get().os?.get()?.sessions ?? []
  const ui = ctx.ui.getState()
  const next = nextWaitingSession(sessions, ui.focusedSession)
  if (!next) {
    ui.addToast("info", "No agent session needs input")
    return
  }
  ui.set({ focusedSession: next.id })
  const why = [next.detail, next.source ? `since ${next.source}` : null].filter(Boolean).join(" · ")
  ui.addToast("info", `Session ${next.id.slice(0, 8)} needs input${why ? `: ${why}` : ""}`)
}

export const osActions = {
  "monitor.plan": openPlan,
  "list.agentPlan": openPlan,
  "monitor.nextWaiting": jumpToWaiting,
} satisfies Partial<Record<ActionId, ActionHandler>>
