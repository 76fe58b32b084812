// The bridge as agents use it: `tsk serve` (through the launcher) in its own process with the file
// watcher on, a home of 10,000 tasks, and commands dropped into agent-inbox.d/ by this process.
//   - round trip: one command dropped, until its answer is in agent-outbox.json;
//   - throughput: 1,000 commands dropped at once, until the last is answered and all are applied.
import { spawn, type ChildProcess } from "node:child_process"
import { mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { readRunnerStatus } from "../../src/store/runner-role.ts"
import { makeBenchHome } from "./tasks-bench.ts"
import { percentile, round, summarise, TSK, type Figure } from "./bench-helpers.ts"
import { readListOnDisk } from "../helpers/on-disk-list.ts"

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`bench: timed out waiting for ${what}`)
    await sleep(1)
  }
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

async function startServe(home: string): Promise<ChildProcess> {
  mkdirSync(join(home, "agent-inbox.d"), { recursive: true })
  const child = spawn(TSK, ["serve"], { env: { ...process.env, TSK_HOME: home, C64BRIDGE_HOME: join(home, "c64bridge"), NO_COLOR: "1" }, stdio: "ignore" })
  await until(() => readRunnerStatus(home).running, 20_000, "tsk serve")
  return child
}

async function stopServe(child: ChildProcess): Promise<void> {
  child.kill("SIGTERM")
  if (child.exitCode === null) await new Promise((resolve) => child.once("exit", resolve))
}

export async function benchBridge(samples = 50, queued = 1000): Promise<Figure[]> {
  const a = await makeBenchHome(10_000)
  const b = await makeBenchHome(10_000)
  try {
    const serveA = await startServe(a.home)
    const times: number[] = []
    try {
      for (let i = -5; i < samples; i++) {
        const id = `rt-${i + 5}`
        const started = performance.now()
        dropCommand(a.home, `${Date.now()}-${id}.json`, { id, command: "create", payload: { title: `Round trip ${i}` } })
        await until(() => outboxHas(a.home, id), 20_000, `the answer to ${id}`)
        if (i >= 0) times.push(performance.now() - started)
        await sleep(20)
      }
    } finally {
      await stopServe(serveA)
    }
    const serveB = await startServe(b.home)
    let seconds: number
    try {
      const started = performance.now()
      for (let i = 0; i < queued; i++) dropCommand(b.home, `${String(i).padStart(6, "0")}.json`, { id: `q-${i}`, command: "create", payload: { title: `Queued ${i}` } })
      const inbox = join(b.home, "agent-inbox.d")
      await until(() => outboxHas(b.home, `q-${queued - 1}`) && readdirSync(inbox).filter((f) => f.endsWith(".json")).length === 0, 300_000, "the queued commands")
      seconds = (performance.now() - started) / 1000
    } finally {
      await stopServe(serveB)
    }
    const tasks = readListOnDisk(b.home).tasks
    const applied = tasks.filter((t) => t.title.startsWith("Queued ")).length
    if (applied !== queued) throw new Error(`bench: ${applied} of ${queued} queued commands applied`)
    const trip = summarise(times)
    return [
      { name: "bridge round trip, tsk serve up, 10,000 tasks (median)", value: round(trip.median), unit: "ms", spread: [round(trip.min), round(trip.max)], target: "< 100 ms", pass: trip.median < 100 },
      { name: "bridge round trip, tsk serve up, 10,000 tasks (p95)", value: round(percentile(times, 95)), unit: "ms" },
      { name: "1,000 queued commands, tsk serve up, 10,000 tasks", value: round(seconds, 2), unit: "s", target: "< 5 s", pass: seconds < 5 },
    ]
  } finally {
    a.cleanup()
    b.cleanup()
  }
}
