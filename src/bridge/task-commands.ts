// The 16 task commands of the bridge, as BridgeCommandDefinitions like every c64-* and os-*
// command, so one registry serves them all.
import type { BridgeCommandDefinition } from "./command-definition.ts"
import type { TaskAccess } from "./task-access.ts"
import { createTaskReadCommands } from "./task-read-commands.ts"
import { createTaskWriteCommands } from "./task-write-commands.ts"

export function createTaskBridgeCommands(access: TaskAccess): BridgeCommandDefinition[] {
  return [...createTaskWriteCommands(access), ...createTaskReadCommands(access)]
}
