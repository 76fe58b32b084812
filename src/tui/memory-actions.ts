// Keys of the Monitor's agents pane: move between agents, Enter shows the restored context.
import type { ActionId } from "./keymap.ts"
import type { ActionHandler } from "./navigation-actions.ts"

const agentCount = (ctx: Parameters<ActionHandler>[0]) => ctx.feeds.get().memory?.get().length ?? 0

export const memoryActions = {
  "agents.down": (ctx) => {
    const ui = ctx.ui.getState()
    ui.set({ agentIndex: Math.max(0, Math.min(agentCount(ctx) - 1, ui.agentIndex + 1)) })
  },
  "agents.up": (ctx) => ctx.ui.getState().set({ agentIndex: Math.max(0, ctx.ui.getState().agentIndex - 1) }),
  "agents.context": (ctx) => {
    const agents = ctx.feeds.get().memory?.get() ?? []
    const agent = agents[Math.min(ctx.ui.getState().agentIndex, agents.length - 1)]
    if (!agent) return ctx.toaster.show("info", "No agent memory yet")
    ctx.ui.getState().openDialog({ kind: "agent-context", agentId: agent.agent_id })
  },
} satisfies Partial<Record<ActionId, ActionHandler>>
