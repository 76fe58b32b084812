// The Monitor's agents pane: each agent with memory, its last activity, compaction epoch, raw
// messages and the age of its snapshot cache. Enter shows the restored context.
import { TextAttributes } from "@opentui/core"
import { formatDuration } from "../../src/domain/duration.ts"
import type { AgentMemorySummary } from "../../src/tui/memory-feed.ts"
import { useServices, useTheme } from "../app-context.tsx"
import { fitText, padText } from "../text-fit.ts"

export const AGENTS_PANE_HEIGHT = 7

export interface AgentsPaneProps {
  /** null: agent memory is not connected to this TUI. */
  agents: readonly AgentMemorySummary[] | null
  selectedIndex: number
  width: number
  height: number
  focused: boolean
}

const age = (iso: string | null, now: Date) => (iso === null ? "none" : `${formatDuration(Math.max(0, now.getTime() - Date.parse(iso)))} ago`)

/** `active 3m ago · epoch 2 · 140 msgs · snapshot 12s ago`. */
export function agentDetail(agent: AgentMemorySummary, now: Date): string {
  return `active ${age(agent.last_activity, now)} · epoch ${agent.epoch_id} · ${agent.messages} msgs · snapshot ${age(agent.snapshot_at, now)}`
}

export function AgentsPane(props: AgentsPaneProps) {
  const theme = useTheme()
  const now = useServices().now()
  const inner = props.width - 2
  const rows = Math.max(1, props.height - 2)
  const agents = props.agents
  const selected = agents ? Math.min(props.selectedIndex, agents.length - 1) : 0
  const top = agents ? Math.max(0, Math.min(selected - rows + 1, agents.length - rows)) : 0
  const idWidth = Math.min(36, Math.max(8, ...(agents ?? []).map((a) => a.agent_id.length)))
  return (
    <box width={props.width} height={props.height} border borderStyle="rounded" borderColor={props.focused ? theme.borderFocused : theme.border} title=" Agents (memory) " flexDirection="column">
      {agents === null ? (
        <text fg={theme.textMuted}>{fitText(" Agent memory not connected.", inner)}</text>
      ) : agents.length === 0 ? (
        <text fg={theme.textMuted}>{fitText(" No agent memory yet: agents' bridge commands and hook events appear here.", inner)}</text>
      ) : (
        agents.slice(top, top + rows).map((agent, i) => (
          <text key={agent.agent_id} fg={theme.textMuted} attributes={top + i === selected && props.focused ? TextAttributes.BOLD : 0}>
            <span fg={theme.accent}>{top + i === selected ? "›" : " "}</span>
            <span fg={theme.text}>{` ${padText(fitText(agent.agent_id, idWidth), idWidth)} `}</span>
            {fitText(agentDetail(agent, now), Math.max(0, inner - idWidth - 3))}
          </text>
        ))
      )}
    </box>
  )
}
