// Benchmarks of the bridge (DESIGN section 12), for `npm run bench`:
//   - round trip: an agent drops a command into agent-inbox.d/ and waits for its answer in
//     agent-outbox.json, with a runner (`tsk serve`, its own process) up; target < 100 ms median;
//   - throughput: 1,000 commands queued as separate files, processed by a runner; target < 5 s.
import { spawn } from "node:child_process"
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { startBridgeRunner } from "./runner.ts"
import { readRunnerStatus } from "../store/runner-role.ts"

const MAIN = join(import.meta.dirname, "..", "main.ts")

export interface RoundTripFigures {
  samples: number
  medianMs: number
  p95Ms: number
  maxMs: number
}

export interface ThroughputFigures {
  commands: number
  seconds: number
  perSecond: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!
}

function dropCommand(home: string, name: string, command: unknown): void {
  const temp = join(home, `.${name}.tmp`)
  writeFileSync(temp, JSON.stringify(command))
  renameSync(temp, join(home, "agent-inbox.d", name))
}

function outboxHas(home: string, id: string): boolean {
  try {
    return (JSON.parse(readFileSync(join(home, "agent-outbox.json"), "utf8")) as { commandId: string }[]).some((r) => r.commandId === id)
  } catch {
    return false
  }
}

async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`bench: timed out waiting for ${what}`)
    await sleep(1)
  }
}

/**
 * Median inbox-to-outbox time with `tsk serve` up in another process, polling at the default 2 s
 * (so the figure shows the watcher, not the poll). `home` should be an empty temporary folder.
 */
export async function measureBridgeRoundTrip(home: string, samples = 50, env: NodeJS.ProcessEnv = process.env): Promise<RoundTripFigures> {
  mkdirSync(join(home, "agent-inbox.d"), { recursive: true })
  const child = spawn(process.execPath, [MAIN, "serve"], { env: { ...env, TSK_HOME: home, C64BRIDGE_HOME: join(home, "c64bridge"), NO_COLOR: "1" }, stdio: "ignore" })
  try {
    await until(() => readRunnerStatus(home).running && readRunnerStatus(home).pid === child.pid, 15_000, "tsk serve")
    const times: number[] = []
    for (let i = -5; i < samples; i++) {
      const id = `rt-${i + 5}`
      const started = performance.now()
      dropCommand(home, `${Date.now()}-${id}.json`, { id, command: "create", payload: { title: `Round trip ${i}` } })
      await until(() => outboxHas(home, id), 10_000, `the answer to ${id}`)
      if (i >= 0) times.push(performance.now() - started)
      await sleep(20)
    }
    times.sort((a, b) => a - b)
    return { samples, medianMs: quantile(times, 0.5), p95Ms: quantile(times, 0.95), maxMs: times.at(-1)! }
  } finally {
    child.kill("SIGTERM")
    await new Promise((resolve) => child.once("exit", resolve))
  }
}

/** Time for a runner to process `count` commands queued as separate inbox files (creates). */
export async function measureQueuedCommands(home: string, count = 1000): Promise<ThroughputFigures> {
  mkdirSync(join(home, "agent-inbox.d"), { recursive: true })
  for (let i = 0; i < count; i++) dropCommand(home, `${String(i).padStart(6, "0")}.json`, { id: `q-${i}`, command: "create", payload: { title: `Queued ${i}` } })
  let answered = 0
  const started = performance.now()
  const runner = startBridgeRunner({ home, pollIntervalMs: 60_000, watch: false, onEvent: () => answered++ })
  if (!runner) throw new Error("bench: another runner holds the role")
  await runner.processNow()
  const seconds = (performance.now() - started) / 1000
  await runner.stop()
  if (answered !== count) throw new Error(`bench: ${answered} of ${count} commands answered`)
  return { commands: count, seconds, perSecond: count / seconds }
}
