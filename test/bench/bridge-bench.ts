// The bridge as agents use it: `tsk serve` (through the launcher) in its own process with the file
// watcher on, a home of 10,000 tasks, and commands dropped into agent-inbox.d/ the way the README
// tells agents to (written elsewhere, flushed, renamed in, the folder flushed).
//   - round trip: from the start of one command's durable drop until its answer is in
//     agent-outbox.json (this process watches the outbox, so it adds no poll delay of its own);
//   - the same for a read-only command (`show`): the bridge's own cost, without a write of tasks.json;
//   - throughput: once the runner answers (a first command answered), 1,000 commands dropped at
//     once, until the last is answered and all are applied; three such queues in turn, the median;
//   - `tsk agent send`: the whole process (start-up, durable drop, wait for the answer), beside
//     `tsk agent status` (start-up and a read of runner.json) as the start-up reference.
import { spawn, type ChildProcess } from "node:child_process"
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, readdirSync, renameSync, watch, writeFileSync } from "node:fs"
import { join } from "node:path"
import { readRunnerStatus } from "../../src/store/runner-role.ts"
import { makeBenchHome } from "./tasks-bench.ts"
import { percentile, round, runProcess, summarise, TSK, type Figure } from "./bench-helpers.ts"
import { readListOnDisk } from "../helpers/on-disk-list.ts"

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function until(condition: () => boolean, timeoutMs: number, what: string, wake?: { next(): Promise<void> }): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`bench: timed out waiting for ${what}`)
    // A watched file wakes us at once; the short poll only covers a missed event.
    await (wake ? Promise.race([wake.next(), sleep(20)]) : sleep(1))
  }
}

function fsyncPath(path: string): void {
  const fd = openSync(path, "r")
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/** The README's recipe: write elsewhere, flush, rename in, flush the folder. */
function dropCommand(home: string, name: string, command: unknown, durable = true): void {
  const temp = join(home, `.${name}.tmp`)
  writeFileSync(temp, JSON.stringify(command))
  if (durable) fsyncPath(temp)
  renameSync(temp, join(home, "agent-inbox.d", name))
  if (durable) fsyncPath(join(home, "agent-inbox.d"))
}

function outboxHas(home: string, id: string): boolean {
  try {
    return (JSON.parse(readFileSync(join(home, "agent-outbox.json"), "utf8")) as { commandId: string }[]).some((r) => r.commandId === id)
  } catch {
    return false
  }
}

/** Wakes waiters whenever agent-outbox.json is replaced. */
function watchOutbox(home: string): { next(): Promise<void>; close(): void } {
  let waiters: (() => void)[] = []
  const watcher = watch(home, (_event, name) => {
    if (String(name) !== "agent-outbox.json") return
    const woken = waiters
    waiters = []
    for (const resolve of woken) resolve()
  })
  return {
    next: () => new Promise<void>((resolve) => waiters.push(resolve)),
    close: () => watcher.close(),
  }
}

async function startServe(home: string, tsk: string): Promise<ChildProcess> {
  mkdirSync(join(home, "agent-inbox.d"), { recursive: true })
  const child = spawn(tsk, ["serve"], { env: { ...process.env, TSK_HOME: home, C64BRIDGE_HOME: join(home, "c64bridge"), NO_COLOR: "1" }, stdio: "ignore" })
  await until(() => readRunnerStatus(home).running, 20_000, "tsk serve")
  return child
}

async function stopServe(child: ChildProcess): Promise<void> {
  child.kill("SIGTERM")
  if (child.exitCode === null) await new Promise((resolve) => child.once("exit", resolve))
}

/** `tsk`: the launcher measured (another checkout's, to compare two versions in one run). */
const QUEUE_ROUNDS = 3

export async function benchBridge(samples = 50, queued = 1000, sends = 15, tsk = TSK): Promise<Figure[]> {
  const a = await makeBenchHome(10_000)
  const b = await makeBenchHome(10_000)
  const env = (home: string) => ({ TSK_HOME: home, C64BRIDGE_HOME: join(home, "c64bridge") })
  try {
    const serveA = await startServe(a.home, tsk)
    const outboxA = watchOutbox(a.home)
    const times: number[] = []
    const readTimes: number[] = []
    const sendTimes: number[] = []
    const statusTimes: number[] = []
    try {
      for (let i = -5; i < samples; i++) {
        const id = `rt-${i + 5}`
        const started = performance.now()
        dropCommand(a.home, `${Date.now()}-${id}.json`, { id, command: "create", payload: { title: `Round trip ${i}` } })
        await until(() => outboxHas(a.home, id), 20_000, `the answer to ${id}`, outboxA)
        if (i >= 0) times.push(performance.now() - started)
        await sleep(20)
      }
      for (let i = -5; i < samples; i++) {
        const id = `show-${i + 5}`
        const started = performance.now()
        dropCommand(a.home, `${Date.now()}-${id}.json`, { id, command: "show", payload: { taskId: a.tasks[0]!.id } })
        await until(() => outboxHas(a.home, id), 20_000, `the answer to ${id}`, outboxA)
        if (i >= 0) readTimes.push(performance.now() - started)
        await sleep(20)
      }
      for (let i = 0; i < sends; i++) {
        sendTimes.push(runProcess([tsk, "agent", "send", JSON.stringify({ command: "create", payload: { title: `Sent ${i}` } })], env(a.home)).ms)
        statusTimes.push(runProcess([tsk, "agent", "status"], env(a.home)).ms)
      }
    } finally {
      outboxA.close()
      await stopServe(serveA)
    }
    const serveB = await startServe(b.home, tsk)
    const outboxB = watchOutbox(b.home)
    // Three queues, one after the other, on the same runner: one sample swings with the machine's load.
    const queueSeconds: number[] = []
    try {
      // The runner is up once it answers: its start-up (recovery, services) is not the queue's.
      dropCommand(b.home, "000000-ready.json", { id: "ready", command: "list", payload: { limit: 1 } })
      await until(() => outboxHas(b.home, "ready"), 60_000, "the runner's first answer", outboxB)
      const inbox = join(b.home, "agent-inbox.d")
      for (let round = 0; round < QUEUE_ROUNDS; round++) {
        const started = performance.now()
        // Queued at once: each file written and renamed in, one flush of the folder at the end.
        for (let i = 0; i < queued; i++) dropCommand(b.home, `${round}${String(i + 1).padStart(6, "0")}.json`, { id: `q${round}-${i}`, command: "create", payload: { title: `Queued ${round}-${i}` } }, false)
        fsyncPath(inbox)
        await until(() => outboxHas(b.home, `q${round}-${queued - 1}`) && readdirSync(inbox).filter((f) => f.endsWith(".json")).length === 0, 300_000, "the queued commands", outboxB)
        queueSeconds.push((performance.now() - started) / 1000)
      }
    } finally {
      outboxB.close()
      await stopServe(serveB)
    }
    const tasks = readListOnDisk(b.home).tasks
    const applied = tasks.filter((t) => t.title.startsWith("Queued ")).length
    if (applied !== queued * QUEUE_ROUNDS) throw new Error(`bench: ${applied} of ${queued * QUEUE_ROUNDS} queued commands applied`)
    const queue = summarise(queueSeconds)
    const trip = summarise(times)
    const read = summarise(readTimes)
    const send = summarise(sendTimes)
    const status = summarise(statusTimes)
    return [
      { name: "bridge round trip, tsk serve up, 10,000 tasks (median)", value: round(trip.median), unit: "ms", spread: [round(trip.min), round(trip.max)], target: "< 20 ms", pass: trip.median < 20 },
      { name: "bridge round trip, tsk serve up, 10,000 tasks (p95)", value: round(percentile(times, 95)), unit: "ms" },
      { name: "bridge round trip, read-only command (show), 10,000 tasks (median)", value: round(read.median), unit: "ms", spread: [round(read.min), round(read.max)] },
      { name: "1,000 queued commands, tsk serve up, 10,000 tasks (median of 3 queues)", value: round(queue.median, 2), unit: "s", spread: [round(queue.min, 2), round(queue.max, 2)], target: "< 1 s", pass: queue.median < 1 },
      { name: "tsk agent send create, whole process, tsk serve up, 10,000 tasks", value: round(send.median), unit: "ms", spread: [round(send.min), round(send.max)] },
      { name: "tsk agent status, whole process (start-up reference)", value: round(status.median), unit: "ms", spread: [round(status.min), round(status.max)] },
    ]
  } finally {
    a.cleanup()
    b.cleanup()
  }
}
