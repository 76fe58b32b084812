// A page of `list`/`query` for MCP: the bridge command pages itself (`offset`, `limit`) and says
// what was left out (`total`, `nextOffset`); the page's tasks are then shaped for an agent's context.
import type { BridgeExecutor } from "./bridge-executor.ts"
import { pageOf, type Json, type Page } from "./answer-bounds.ts"
import type { PagingArgs } from "./tool-schema.ts"

interface BridgePage {
  items: Json[]
  total: number
  offset: number
}

export async function taskPage(executor: BridgeExecutor, command: string, payload: Record<string, unknown>, paging: Required<PagingArgs>): Promise<Page> {
  const { offset, limit, compact } = paging
  const answer = (await executor.run(command, { ...payload, offset, limit })) as BridgePage
  // Fields asked for by name (`all` too) are what the page holds: not reshaped to compact.
  return pageOf(answer.items, answer.offset, answer.total, payload.fields === undefined ? compact : "as-asked")
}
