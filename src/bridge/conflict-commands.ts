// The conflicts-* bridge commands: what merging an outside change of tasks.json (or a sync tool's
// conflict copy) could not keep, with both values, and clearing records once seen. The same
// actions as `tsk conflicts` and `tsk conflicts clear`; MCP offers them as tools.
import * as z from "zod"
import { defineBridgeCommand, type BridgeCommandDefinition } from "../domain/command-definition.ts"
import type { ConflictRecord } from "../store/conflicts-store.ts"

export const ConflictsListPayload = z.strictObject({})
export const ConflictsClearPayload = z.strictObject({
  ids: z.array(z.string().min(1).max(64)).max(1000).optional(),
})

export function createConflictBridgeCommands(home: string): BridgeCommandDefinition[] {
  return [
    defineBridgeCommand({
      command: "conflicts-list",
      payload: ConflictsListPayload,
      // Merging a pending outside change first is itself safe to run again.
      readOnly: true,
      async run() {
        const [{ settleOutsideChanges }, { readConflicts }] = await Promise.all([import("../store/tasks-compaction.ts"), import("../store/conflicts-store.ts")])
        await settleOutsideChanges(home)
        const conflicts = readConflicts(home)
        return { conflicts, total: conflicts.length }
      },
      describe: (_payload, data) => `conflicts: ${(data as { total: number } | undefined)?.total ?? 0}`,
    }),
    defineBridgeCommand({
      command: "conflicts-clear",
      payload: ConflictsClearPayload,
      async run(payload) {
        const { clearConflicts } = await import("../store/conflicts-store.ts")
        const cleared: ConflictRecord[] = await clearConflicts(home, payload.ids ?? [])
        return { cleared, count: cleared.length }
      },
      describe: (_payload, data) => `conflicts: cleared ${(data as { count: number } | undefined)?.count ?? 0}`,
    }),
  ]
}
