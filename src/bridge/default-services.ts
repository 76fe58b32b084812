// The services a runner started from the command line hosts (`tsk agent start`, `tsk serve`, and
// the one-shot pass of `tsk agent send`): the C64 service with its scheduler (c64-* commands) and
// the agent operating state (os-* commands). A full runner resumes the C64 background tasks a dead
// runner left running and runs the os startup sequence; a one-shot pass only answers commands.
import type { RunnerService, RunnerServiceFactory } from "./runner-services.ts"
import { readConfig } from "../store/config-store.ts"
import { checkpointRunnerService } from "./checkpoint-service.ts"
import { journalCompactionService } from "./compaction-service.ts"
import { syncRunnerService } from "./sync-service.ts"

export const c64RunnerService =
  (env: NodeJS.ProcessEnv): RunnerServiceFactory =>
  async ({ home, mode }): Promise<RunnerService> => {
    const [{ createC64Service }, { createC64BridgeCommands }, { createBackend, backendConfigFromSettings }, { createLazyBackend }, { resolveC64StatePaths }] = await Promise.all([
      import("../c64/c64-service.ts"),
      import("../c64/bridge-commands.ts"),
      import("../c64/backends/create-backend.ts"),
      import("../c64/backends/lazy-backend.ts"),
      import("../c64/state/state-paths.ts"),
    ])
    const settings = (await readConfig(home)).c64
    // The machine is only booted or dialled when a command needs it.
    const backend = createLazyBackend(settings.backend, () => createBackend(backendConfigFromSettings(settings)))
    // C64_TASK_STATE_FILE names the registry; its folder is then the home of the task folders.
    const paths = resolveC64StatePaths(env)
    const service = await createC64Service({ home: paths.home, registryFile: paths.registry, backend })
    return {
      name: "c64",
      commands: createC64BridgeCommands(service),
      async start() {
        if (mode === "runner") await service.resumeRunning()
      },
      stop: () => service.close(),
    }
  }

export const osRunnerService =
  (): RunnerServiceFactory =>
  async ({ home, mode }): Promise<RunnerService> => {
    const [{ createOsEngine }, { createOsBridgeCommands }, { resolveOsSettings }] = await Promise.all([
      import("../os/engine.ts"),
      import("../os/bridge-commands.ts"),
      import("../os/os-settings.ts"),
    ])
    // No working folder: the runner's own is not the agents' project. Commands carry theirs (cwd).
    const engine = createOsEngine({ root: resolveOsSettings(home).root, home })
    return {
      name: "os",
      commands: createOsBridgeCommands(engine),
      async start() {
        if (mode === "runner") await engine.start()
      },
      stop: async () => {},
    }
  }

export function defaultRunnerServices(env: NodeJS.ProcessEnv): RunnerServiceFactory[] {
  // Checkpoints first: recovery runs before the C64 scheduler resumes, and the last checkpoint is
  // written after every other service stopped (the journal folded in just before it).
  return [checkpointRunnerService(env), journalCompactionService(), c64RunnerService(env), osRunnerService(), syncRunnerService()]
}
