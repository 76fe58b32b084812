// Keys for the agent operating state: P opens the agent's whole plan (from the Monitor and the List).
import type { ActionId } from "./keymap.ts"
import type { ActionHandler } from "./navigation-actions.ts"

const openPlan: ActionHandler = (ctx) => ctx.ui.getState().openDialog({ kind: "agent-plan" })

export const osActions = {
  "monitor.plan": openPlan,
  "list.agentPlan": openPlan,
} satisfies Partial<Record<ActionId, ActionHandler>>
