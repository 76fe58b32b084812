// One registry of bridge commands: the 16 task commands and whatever c64-* / os-* commands the
// runner hosts. Task commands are marked, because the runner batches them into one journaled
// write of tasks.json; the others run one at a time.
import type { BridgeCommandDefinition } from "../domain/command-definition.ts"

export interface BridgeRegistry {
  get(command: string): BridgeCommandDefinition | undefined
  isTaskCommand(command: string): boolean
  names(): string[]
}

export function createBridgeRegistry(taskCommands: readonly BridgeCommandDefinition[], otherCommands: readonly BridgeCommandDefinition[]): BridgeRegistry {
  const byName = new Map<string, BridgeCommandDefinition>()
  for (const definition of [...taskCommands, ...otherCommands]) {
    if (byName.has(definition.command)) throw new Error(`bridge command '${definition.command}' is defined twice`)
    byName.set(definition.command, definition)
  }
  const taskNames = new Set(taskCommands.map((d) => d.command))
  return {
    get: (command) => byName.get(command),
    isTaskCommand: (command) => taskNames.has(command),
    names: () => [...byName.keys()],
  }
}
