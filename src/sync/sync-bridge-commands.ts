// The `sync` and `sync-status` bridge commands (and through them the MCP tools `sync` and
// `sync_status`): the same actions as `tsk sync` and `tsk sync status`.
import * as z from "zod"
import { defineBridgeCommand, type BridgeCommandDefinition } from "../domain/command-definition.ts"
import type { SyncResult } from "./sync-engine.ts"
import type { SyncStatus } from "./sync-state.ts"

const Empty = z.object({}).passthrough()

export function createSyncBridgeCommands(home: string): BridgeCommandDefinition[] {
  return [
    defineBridgeCommand({
      command: "sync",
      payload: Empty,
      async run() {
        const { runSync } = await import("./sync-engine.ts")
        return runSync(home)
      },
      describe(_payload, data) {
        const result = data as SyncResult | undefined
        if (!result) return "synced"
        return `synced ${result.tasks} tasks${result.conflicts.length > 0 ? `, ${result.conflicts.length} conflicts` : ""}`
      },
    }),
    defineBridgeCommand({
      command: "sync-status",
      payload: Empty,
      readOnly: true,
      async run() {
        const { readSyncStatus } = await import("./sync-state.ts")
        return readSyncStatus(home)
      },
      describe(_payload, data) {
        const status = data as SyncStatus | undefined
        return status?.configured ? `sync: ahead ${status.ahead}, behind ${status.behind}` : "sync: not set up"
      },
    }),
  ]
}
