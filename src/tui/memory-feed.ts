// The Monitor's agents pane feed: every agent with memory (last activity, epoch, messages, snapshot
// age), re-read every couple of seconds (file metadata, and the lines appended since), and the restored
// context of one agent on demand (Enter).
import { createLineCounter, listAgentMemories, type AgentMemorySummary } from "../memory/agent-list.ts"
import { createMemoryManager } from "../memory/memory-manager.ts"
import { restoreAgent } from "../memory/restore-step.ts"
import { restoreMarkdown } from "../memory/restore-markdown.ts"
import { createValueFeed, type Feed } from "./monitor-feeds.ts"

export type { AgentMemorySummary }

export interface AgentMemoryFeed extends Feed<readonly AgentMemorySummary[]> {
  /** The agent's restored working context as Markdown lines. */
  restore(agentId: string): Promise<string>
}

export const MEMORY_REFRESH_MS = 2000
/** The context dialog shows more than a SessionStart hook gets, still bounded. */
const DIALOG_TOKENS = 8000

export function openMemoryFeed(home: string, refreshMs = MEMORY_REFRESH_MS): AgentMemoryFeed & { close(): void } {
  const countLines = createLineCounter()
  const feed = createValueFeed<readonly AgentMemorySummary[]>(listAgentMemories(home, countLines))
  let last = JSON.stringify(feed.get())
  const timer = setInterval(() => {
    const agents = listAgentMemories(home, countLines)
    const text = JSON.stringify(agents)
    if (text !== last) {
      last = text
      feed.set(agents)
    }
  }, refreshMs)
  timer.unref?.()
  const manager = createMemoryManager(home)
  return {
    get: feed.get,
    subscribe: feed.subscribe,
    async restore(agentId) {
      return restoreMarkdown(await restoreAgent(manager, agentId), DIALOG_TOKENS)
    },
    close: () => clearInterval(timer),
  }
}
