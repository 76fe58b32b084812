// One machine for every command. The simulated C64 lives in the runner (the TUI, `tsk agent start`
// or `tsk serve`), so a CLI command that touches it (peek, poke, screen, reset, run-prg, run,
// start) is sent to the runner as the matching c64-* bridge command. With no runner up, one is
// started on demand: `tsk serve --on-demand` in the background, detached, said in one line on
// stderr; it keeps running (and the machine keeps its memory) until `tsk agent stop`, or until
// nothing needed it for `runner.idleStopMinutes` (idle-stop.ts): every process that routes a command
// to it is recorded as its client (runner-clients.ts) and keeps it up while it lives. The Ultimate and VICE
// backends are a machine outside tsk already, so without a runner their commands run in-process.
import { spawn } from "node:child_process"
import { closeSync, openSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { errorKindOf, TskError } from "../domain/errors.ts"
import { readConfig } from "../store/config-store.ts"
import { withFileLock } from "../store/file-lock.ts"
import { readRunnerStatus } from "../store/runner-role.ts"
import { registerRunnerClient } from "../store/runner-clients.ts"
import { tskCommandLine } from "../store/tsk-process.ts"
import { sendAgentCommand } from "./send-command.ts"

/** How long a runner started on demand may take to come up (the machine is shared and can be slow). */
export const RUNNER_START_TIMEOUT_MS = 20_000
/** Where a runner started on demand writes its lines (its pid, problems): `<TSK_HOME>/serve.log`. */
export const SERVE_LOG = "serve.log"
const READY_LINE = "tsk serve: runner up"

/** What starting and reaching the runner needs of a surface (the CLI's command context, the MCP server). */
export interface RunnerContext {
  home: string
  env: NodeJS.ProcessEnv
  /** Where the one line saying a runner was started goes (stderr). */
  printErr(line: string): void
}

export interface RunnerOnDemand {
  pid: number | null
  /** True when this call started it. */
  started: boolean
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The runner for `ctx.home`, started in the background when none is up. */
export async function ensureRunner(ctx: RunnerContext): Promise<RunnerOnDemand> {
  const first = readRunnerStatus(ctx.home)
  if (first.running) return { pid: first.pid, started: false }
  // Two commands at once must not start two runners (the second would wait as a standby forever).
  return withFileLock(join(ctx.home, "c64-runner-start"), async () => {
    const status = readRunnerStatus(ctx.home)
    if (status.running) return { pid: status.pid, started: false }
    const pid = await startDetachedRunner(ctx)
    ctx.printErr(`tsk: started a runner in the background (pid ${pid}) that owns the simulated C64, so every command shares one machine; it stops when idle (runner.idleStopMinutes), or with: tsk agent stop`)
    return { pid, started: true }
  })
}

async function startDetachedRunner(ctx: RunnerContext): Promise<number> {
  const log = join(ctx.home, SERVE_LOG)
  const fd = openSync(log, "w", 0o600)
  // tsk as this process was started (the same Bun, flags and entry point, or the same executable): `tsk serve` for the same homes.
  const [executable, ...args] = tskCommandLine(["serve", "--on-demand"])
  const child = spawn(executable!, args, {
    detached: true,
    stdio: ["ignore", fd, fd],
    env: { ...ctx.env, TSK_HOME: ctx.home },
  })
  closeSync(fd)
  let exited = false
  child.on("exit", () => (exited = true))
  child.unref()
  const pid = child.pid ?? 0
  const deadline = Date.now() + RUNNER_START_TIMEOUT_MS
  for (;;) {
    const status = readRunnerStatus(ctx.home)
    // Ready once its services are up (it prints the line then), or someone else's runner won.
    if (status.running && (status.pid !== pid || readText(log).includes(READY_LINE))) return status.pid ?? pid
    if (exited && !status.running) throw new TskError("io", `the runner started for the C64 ended at once: ${lastLine(log)}`)
    if (Date.now() > deadline) throw new TskError("io", `the runner started for the C64 (pid ${pid}) did not come up within ${RUNNER_START_TIMEOUT_MS / 1000} s; see ${log}`)
    await sleep(25)
  }
}

function readText(path: string): string {
  try {
    return readFileSync(path, "utf8")
  } catch {
    return ""
  }
}

function lastLine(path: string): string {
  return readText(path).trim().split("\n").at(-1) ?? "no output"
}

/** True when the machine commands of `ctx` go to the runner: always with the sim (started on demand), else when one is up. */
export async function machineBelongsToRunner(ctx: RunnerContext): Promise<boolean> {
  if ((await readConfig(ctx.home)).c64.backend !== "sim") return readRunnerStatus(ctx.home).running
  registerRunnerClient(ctx.home)
  await ensureRunner(ctx)
  return true
}

/** Sends a c64-* command to the runner and returns its answer's data (its error as a TskError). */
export async function sendToRunner(ctx: RunnerContext, command: string, payload: Record<string, unknown>, timeoutMs = 30_000): Promise<unknown> {
  // No services for a one-shot pass: should the runner die meanwhile, a throwaway machine must not answer.
  const { response } = await sendAgentCommand(ctx.home, { source: "custom", command, payload }, { services: [], timeoutMs })
  if (response.status === "error") {
    throw new TskError(errorKindOf(response.errorKind, "invalid"), response.error ?? `the runner could not answer ${command}`)
  }
  return response.data
}

export const c64MachineRoute = { toRunner: machineBelongsToRunner, send: sendToRunner }
