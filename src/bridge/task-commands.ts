// The task commands of the bridge (the ancestor's 16, plus claim, block, unblock and log-time), as
// BridgeCommandDefinitions like every c64-* and os-* command, so one registry serves them all and
// the MCP tools can wrap the very same definitions.
import type { BridgeCommandDefinition } from "../domain/command-definition.ts"
import type { TaskAccess } from "./task-access.ts"
import { createTaskReadCommands } from "./task-read-commands.ts"
import { createTaskWriteCommands } from "./task-write-commands.ts"
import { createTaskWorkCommands } from "./task-work-commands.ts"
import { createTaskTimeCommands } from "./task-time-commands.ts"

export function createTaskBridgeCommands(access: TaskAccess): BridgeCommandDefinition[] {
  return [...createTaskWriteCommands(access), ...createTaskReadCommands(access), ...createTaskWorkCommands(access), ...createTaskTimeCommands(access)]
}
