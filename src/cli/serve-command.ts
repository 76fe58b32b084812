// tsk serve: the runner without a TUI — the agent bridge, the C64 scheduler and the os engine —
// until SIGINT or SIGTERM. When another runner is live it waits as a standby and takes over as soon
// as that runner dies.
import type { CommandContext, CommandSpec } from "./command.ts"
import { TskError } from "../domain/errors.ts"
import { formatPoll, runInForeground } from "./agent-command.ts"
import { startBridgeRunner, type BridgeRunner } from "../bridge/runner.ts"
import { defaultRunnerServices } from "../bridge/default-services.ts"
import { readRunnerStatus } from "../store/runner-role.ts"
import { watchIdle } from "../bridge/idle-stop.ts"

const STANDBY_RETRY_MS = 500

/** A candidate that finds runner.json locked by a dying process just tries again. */
function tryStart(ctx: CommandContext): BridgeRunner | null {
  try {
    return startBridgeRunner({ home: ctx.home, services: defaultRunnerServices(ctx.env), onError: (m) => ctx.printErr(`tsk serve: ${m}`) })
  } catch (error) {
    if (error instanceof TskError && error.kind === "conflict") return null
    throw error
  }
}

export const serveCommand: CommandSpec = {
  name: "serve",
  summary: "Run the agent bridge and the C64 scheduler headless (until Ctrl+C or SIGTERM)",
  usage: "tsk serve",
  description:
    "Holds the runner role for TSK_HOME. If another runner is live, waits and takes over when it dies. With --on-demand (how a C64 command starts one when none is up) it stops by itself after runner.idleStopMinutes (default 10) with no running C64 task, no live client process and no inbox traffic.",
  options: { "on-demand": { type: "boolean", description: "stop when idle for runner.idleStopMinutes (set when a command starts the runner for itself)" } },
  examples: ["tsk serve", "TSK_HOME=/tmp/demo tsk serve &"],
  async run(ctx, { options }) {
    let runner: BridgeRunner | null = null
    let announced = false
    while (!runner) {
      if (ctx.signal.aborted) return { data: { served: false }, text: "" }
      runner = tryStart(ctx)
      if (runner) break
      const holder = readRunnerStatus(ctx.home)
      if (!announced && holder.running) {
        ctx.printErr(`tsk serve: a runner is live (pid ${holder.pid} on ${holder.host}); standing by to take over`)
        announced = true
      }
      await new Promise((resolve) => setTimeout(resolve, STANDBY_RETRY_MS))
    }
    await runner.ready
    if (!ctx.json) ctx.print(`tsk serve: runner up for ${ctx.home} (pid ${process.pid}, poll: ${formatPoll(runner.pollIntervalMs)})`)
    const started = runner
    let idle = false
    const watch =
      options["on-demand"] === true
        ? watchIdle({ home: ctx.home, env: ctx.env, processed: () => started.processed, onIdle: () => ((idle = true), void started.stop()) })
        : null
    const reason = await runInForeground(ctx, runner).finally(() => watch?.stop())
    if (idle) return { data: { stopped: "idle", processed: runner.processed }, text: `tsk serve: stopped (idle for runner.idleStopMinutes, processed ${runner.processed} commands)` }
    return { data: { stopped: reason, processed: runner.processed }, text: `tsk serve: stopped (${reason}, processed ${runner.processed} commands)` }
  },
}
