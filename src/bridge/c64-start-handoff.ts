// `tsk c64 start` with a runner up: the background task belongs in the runner (which keeps it
// going and resumes it after a takeover), so the CLI hands the start over as a `c64-start` bridge
// command and prints the task the runner started. Without a runner it returns null and the CLI
// runs the task itself. Wired with `setC64StartHandOff(handC64StartToRunner)`.
import type { C64StartRequest } from "../c64/foreground-start.ts"
import type { RegistryEntry } from "../c64/state/task-schema.ts"
import { sendAgentCommand } from "./send-command.ts"
import { defaultRunnerServices } from "./default-services.ts"
import { readRunnerStatus } from "../store/runner-role.ts"
import { TskError, errorKindOf } from "../domain/errors.ts"

export async function handC64StartToRunner(request: C64StartRequest, ctx: { home: string; env: NodeJS.ProcessEnv }): Promise<{ task: RegistryEntry; runner: string } | null> {
  const runner = readRunnerStatus(ctx.home)
  if (!runner.running) return null
  const payload = {
    operation: request.operation,
    args: request.args,
    intervalMs: request.everyMs,
    ...(request.count !== undefined ? { count: request.count } : {}),
    ...(request.name !== undefined ? { name: request.name } : {}),
  }
  // Should the runner die meanwhile, the command is answered in-process with the same services.
  const { response } = await sendAgentCommand(ctx.home, { source: "custom", command: "c64-start", payload }, { services: defaultRunnerServices(ctx.env) })
  if (response.status === "error") throw new TskError(errorKindOf(response.errorKind, "invalid"), response.error ?? "the runner could not start the task")
  return { task: response.data as RegistryEntry, runner: `pid ${runner.pid}` }
}
