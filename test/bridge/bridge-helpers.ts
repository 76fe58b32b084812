// Shared pieces of the bridge tests: a home with an in-process runner, writing commands the way
// agents do, reading answers, and runner processes (`tsk serve`) to kill.
import { spawn, type ChildProcess } from "node:child_process"
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { startBridgeRunner, type BridgeRunner, type BridgeRunnerOptions } from "../../src/bridge/runner.ts"
import type { AgentResponse } from "../../src/bridge/protocol.ts"
import type { JournalEntry } from "../../src/store/runner-journal.ts"
import { readRunnerStatus } from "../../src/store/runner-role.ts"
import type { Task } from "../../src/domain/task.ts"
import { BUN, MAIN } from "../helpers/run-tsk.ts"
import { readListOnDisk } from "../helpers/on-disk-list.ts"

export { BUN, MAIN }

export function startTestRunner(home: string, options: Partial<BridgeRunnerOptions> = {}): BridgeRunner {
  const runner = startBridgeRunner({ home, pollIntervalMs: 60_000, watch: false, ...options })
  if (!runner) throw new Error("expected to get the runner role")
  return runner
}

/** An agent's agent-inbox.json (an array or one object), written whole. */
export function writeInboxFile(home: string, value: unknown): void {
  const temp = join(home, ".inbox.tmp")
  writeFileSync(temp, typeof value === "string" ? value : JSON.stringify(value))
  renameSync(temp, join(home, "agent-inbox.json"))
}

/** An agent's command file in agent-inbox.d/: written elsewhere, renamed in. */
export function dropCommandFile(home: string, name: string, value: unknown): void {
  mkdirSync(join(home, "agent-inbox.d"), { recursive: true })
  const temp = join(home, `.${name}.tmp`)
  writeFileSync(temp, typeof value === "string" ? value : JSON.stringify(value))
  renameSync(temp, join(home, "agent-inbox.d", name))
}

export function readOutboxFile(home: string): AgentResponse[] {
  try {
    return JSON.parse(readFileSync(join(home, "agent-outbox.json"), "utf8")) as AgentResponse[]
  } catch {
    return []
  }
}

export function answerTo(home: string, id: string): AgentResponse {
  const found = readOutboxFile(home).filter((r) => r.commandId === id)
  if (found.length !== 1) throw new Error(`expected one answer to ${id}, found ${found.length}`)
  return found[0]!
}

export function readTaskList(home: string): Task[] {
  try {
    return readListOnDisk(home).tasks
  } catch {
    return []
  }
}

export async function waitFor(condition: () => boolean, timeoutMs = 60_000, what = "condition"): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

export interface ServeProcess {
  child: ChildProcess
  output(): string
  exited: Promise<number | null>
}

/** `tsk serve` in its own process, once it holds the runner role. */
export async function spawnServe(home: string, env: Record<string, string> = {}): Promise<ServeProcess> {
  const child = spawn(BUN, [MAIN, "serve"], { env: { ...process.env, TSK_HOME: home, C64BRIDGE_HOME: join(home, "c64bridge"), NO_COLOR: "1", ...env } })
  let out = ""
  child.stdout!.on("data", (d) => (out += d))
  child.stderr!.on("data", (d) => (out += d))
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)))
  await waitFor(() => readRunnerStatus(home).running && readRunnerStatus(home).pid === child.pid, 15_000, "tsk serve to hold the runner role")
  await waitFor(() => out.includes("runner up"), 15_000, "tsk serve to be ready")
  return { child, output: () => out, exited }
}

/** A test's `tsk serve` ended for good (SIGKILL, as a crash would), if it still runs. */
export async function killServe(serve: { child: ChildProcess; exited: Promise<unknown> } | null): Promise<void> {
  if (serve && serve.child.exitCode === null) {
    serve.child.kill("SIGKILL")
    await serve.exited
  }
}

export function configurePoll(home: string, pollIntervalMs: number): void {
  writeFileSync(join(home, "config.json"), JSON.stringify({ version: 1, revision: 1, integrations: { agent: { enabled: false, pollIntervalMs } } }))
}

/** A claimed inbox file (`agent-inbox.claimed/<name>`) holding `commands`, as a crash leaves it. */
export function writeClaimFile(home: string, name: string, commands: unknown[]): void {
  mkdirSync(join(home, "agent-inbox.claimed"), { recursive: true })
  writeFileSync(join(home, "agent-inbox.claimed", name), JSON.stringify(commands))
}

/** An ok answer, at a fixed time. */
export const okAnswer = (commandId: string, data: unknown): AgentResponse => ({ commandId, status: "ok", data, timestamp: "2026-01-01T00:00:00.000Z" })

/** The runner's journal entry of a `create` it committed. */
export const createdEntry = (task: Task, index: number, id: string): JournalEntry => ({
  index,
  id,
  command: "create",
  summary: `created '${task.title}'`,
  response: okAnswer(id, { ...task, subtaskIds: [], blocked: false, progress: null }),
})
