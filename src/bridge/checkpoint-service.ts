// The runner's checkpoints (DESIGN 11): on start, recovery reconciles the newest checkpoint with
// the files before the C64 scheduler resumes anything (so it comes first among the services);
// while running, a checkpoint follows state changes; on a clean stop, a last one.
import type { RunnerServiceFactory } from "./runner-services.ts"

export const checkpointRunnerService =
  (env: NodeJS.ProcessEnv, onError?: (error: unknown) => void): RunnerServiceFactory =>
  async ({ home, mode }) => {
    const [{ applyRecovery }, { startCheckpointWriter }] = await Promise.all([import("../recovery/recovery-plan.ts"), import("../recovery/checkpoint-writer.ts")])
    let writer: ReturnType<typeof startCheckpointWriter> | null = null
    return {
      name: "checkpoints",
      commands: [],
      async start() {
        if (mode !== "runner") return
        await applyRecovery(home, env)
        writer = startCheckpointWriter(home, env, { onError })
      },
      stop: async () => {
        await writer?.stop()
      },
    }
  }
