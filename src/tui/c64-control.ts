// Starts and stops C64 background reads from the TUI the way the runner role says (DESIGN 5.6). A
// background task belongs to the runner, so with a runner up (in any process, this TUI included)
// the start goes to it as a `c64-start` command through the inbox, exactly as an agent sends it.
// With none up, this TUI takes the runner role (the bridge runner with the default services, as
// the agent integration starts it) and then hands the start to that runner. A stop goes through
// the inbox as `c64-stop`: the runner stops its own task; with no runner, a one-shot pass marks it
// stopped. Everything is checked before anything is written.
import { randomUUID } from "node:crypto"
import { hostname } from "node:os"
import type { RegistryEntry } from "../c64/state/task-schema.ts"
import { TskError } from "../domain/errors.ts"
import type { RunnerStatus } from "../store/runner-role.ts"
import { readStartPayload, type C64ReadRequest } from "./c64-start-form.ts"

/** Who took the start: another process's runner, the runner this TUI already ran, or a runner this TUI just started. */
export type C64StartRoute = "runner" | "this-tui" | "took-role"

export interface C64StartOutcome {
  task: RegistryEntry
  route: C64StartRoute
  runnerPid: number | null
}

export interface C64StopOutcome {
  task: RegistryEntry
  /** false: the task had already ended. */
  stopped: boolean
}

export interface RunnerHandle {
  /** Process what waits in the inbox now. */
  processNow(): Promise<void>
  stop(): Promise<void>
}

export interface C64Control {
  start(request: C64ReadRequest): Promise<C64StartOutcome>
  stop(taskId: string): Promise<C64StopOutcome>
  /** Stops a runner this control started (its tasks stay `running` on disk for the next runner). */
  close(): Promise<void>
}

export interface C64ControlOptions {
  /** TSK_HOME: where the inbox and runner.json live. */
  home: string
  /** C64BRIDGE_HOME and the rest, for the runner's services. */
  env: NodeJS.ProcessEnv
  /** Take the runner role here; null when another process holds it. Default: the bridge runner with the default services. */
  startRunner?: () => Promise<RunnerHandle | null>
  /** Called after a start or stop, so the pane refreshes at once. */
  onChange?: () => void
  /** How long to wait for the runner's answer (default: the bridge's 5 s). */
  timeoutMs?: number
}

const KICK_MS = 50

// Commands this TUI sent itself: the agent toasts skip them (the TUI shows its own toast instead).
const sentHere = new Set<string>()

export function sentByThisTui(commandId: string): boolean {
  return sentHere.has(commandId)
}

function runnerIsThisProcess(status: RunnerStatus): boolean {
  return status.pid === process.pid && status.host === hostname()
}

// Loaded on first use: the TUI's first frame needs none of the bridge.
async function loadBridge() {
  const [{ checkStartRequest }, { sendAgentCommand }, { defaultRunnerServices }, { startBridgeRunner }, { readRunnerStatus }] = await Promise.all([
    import("../c64/c64-service.ts"),
    import("../bridge/send-command.ts"),
    import("../bridge/default-services.ts"),
    import("../bridge/runner.ts"),
    import("../store/runner-role.ts"),
  ])
  return { checkStartRequest, sendAgentCommand, defaultRunnerServices, startBridgeRunner, readRunnerStatus }
}

export function createC64Control(options: C64ControlOptions): C64Control {
  const { home, env } = options
  const owned: RunnerHandle[] = []

  const startRunner =
    options.startRunner ??
    (async () => {
      const { startBridgeRunner, defaultRunnerServices } = await loadBridge()
      const runner = startBridgeRunner({ home, services: defaultRunnerServices(env) })
      if (runner) await runner.ready
      return runner
    })

  /** Send through the inbox and wait for the answer; `fresh` is a runner that just started here. */
  async function send(command: string, payload: Record<string, unknown>, fresh: RunnerHandle | null = null): Promise<unknown> {
    const { sendAgentCommand, defaultRunnerServices } = await loadBridge()
    const id = `tui-${randomUUID()}`
    sentHere.add(id)
    // A runner that just started may not watch its inbox yet, and its poll can be seconds away.
    const kick = fresh ? setInterval(() => void fresh.processNow(), KICK_MS) : null
    try {
      const { response } = await sendAgentCommand(home, { id, source: "custom", command, payload }, { services: defaultRunnerServices(env), timeoutMs: options.timeoutMs })
      if (response.status === "error") throw new TskError("invalid", response.error ?? `the runner could not answer ${command}`)
      options.onChange?.()
      return response.data
    } finally {
      if (kick) clearInterval(kick)
    }
  }

  return {
    async start(request) {
      const payload = readStartPayload(request)
      const { checkStartRequest, readRunnerStatus } = await loadBridge()
      checkStartRequest("read", payload.args as Record<string, unknown>, { everyMs: request.everyMs, count: request.count ?? undefined })
      let status = readRunnerStatus(home)
      let route: C64StartRoute
      let fresh: RunnerHandle | null = null
      if (status.running) {
        route = runnerIsThisProcess(status) ? "this-tui" : "runner"
      } else {
        const runner = await startRunner()
        if (runner) {
          owned.push(runner)
          fresh = runner
          route = "took-role"
        } else {
          status = readRunnerStatus(home)
          if (!status.running) throw new TskError("conflict", "Another process is taking the runner role; try again in a moment")
          route = runnerIsThisProcess(status) ? "this-tui" : "runner"
        }
      }
      const task = (await send("c64-start", payload, fresh)) as RegistryEntry
      return { task, route, runnerPid: route === "runner" ? status.pid : process.pid }
    },

    async stop(taskId) {
      return (await send("c64-stop", { taskId })) as C64StopOutcome
    },

    async close() {
      for (const runner of owned.splice(0)) await runner.stop()
    },
  }
}
