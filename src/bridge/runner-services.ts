// What runs inside the runner beside the task bridge: each service brings its bridge commands
// and is started once this process holds the runner role (the C64 service resumes the background
// tasks a dead runner left running) and stopped when it lets the role go.
import type { BridgeCommandDefinition } from "../domain/command-definition.ts"
import type { RunnerMode } from "../store/runner-role.ts"

export interface RunnerService {
  name: string
  commands: BridgeCommandDefinition[]
  /** Called once the role is held and the commands are registered. */
  start?(): Promise<void>
  stop(): Promise<void>
}

export interface RunnerServiceContext {
  home: string
  mode: RunnerMode
}

export type RunnerServiceFactory = (context: RunnerServiceContext) => Promise<RunnerService>
