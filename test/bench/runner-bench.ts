// The C64 scheduler as it runs for real: a `tsk serve` process, measured from outside (its CPU
// from /proc, its sample times from samples.jsonl).
import { spawn, spawnSync } from "node:child_process"
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { readRunnerStatus } from "../../src/store/runner-role.ts"
import { BUN, MAIN } from "../helpers/run-tsk.ts"
import { percentile, round, summarise, type Figure } from "./bench-helpers.ts"

function tempHome(): { home: string; cleanup: () => void } {
  const home = mkdtempSync(join(tmpdir(), "tsk-bench-"))
  return { home, cleanup: () => rmSync(home, { recursive: true, force: true }) }
}

const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100

function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** A `tsk serve` on a fresh home, with `setUp` run once it holds the role; stopped by `stop`. */
async function startServe(setUp: (env: NodeJS.ProcessEnv) => void) {
  const { home, cleanup } = tempHome()
  const env = { ...process.env, TSK_HOME: home, C64BRIDGE_HOME: join(home, "c64"), NO_COLOR: "1" }
  const serve = spawn(BUN, [MAIN, "serve"], { env, stdio: "ignore" })
  const stop = async () => {
    serve.kill("SIGTERM")
    await new Promise((r) => serve.once("exit", r))
    cleanup()
  }
  try {
    for (let i = 0; i < 100 && !readRunnerStatus(home).running; i++) await sleep(50)
    setUp(env)
  } catch (error) {
    await stop()
    throw error
  }
  return { home, pid: serve.pid!, stop }
}

function runTsk(env: NodeJS.ProcessEnv, args: string[]): void {
  const done = spawnSync(BUN, [MAIN, ...args], { env, encoding: "utf8" })
  if (done.status !== 0) throw new Error(`tsk ${args.join(" ")} failed: ${done.stderr}`)
}

/**
 * Before the first window: start-up, the commands that start the tasks, and the JIT compiling the
 * emulator and the iteration (a window right after start costs up to twice the steady state).
 */
const WARM_UP_MS = 20_000
/** Each window is long enough for the clock's 10 ms ticks to be 0.07% of it. */
const WINDOW_S = 15
const WINDOWS = 4

/**
 * The share of one core each of `pids` uses in each of `WINDOWS` windows of `WINDOW_S` seconds
 * (user + system time from /proc, all its threads: the JIT, the GC, the thread pool), the
 * processes side by side in the same windows so that a load that comes and goes hits them alike.
 */
async function cpuSharesOf(pids: number[]): Promise<number[][]> {
  await sleep(WARM_UP_MS)
  const shares: number[][] = pids.map(() => [])
  for (let w = 0; w < WINDOWS; w++) {
    const before = pids.map(cpuSecondsOf)
    const wallBefore = performance.now()
    await sleep(WINDOW_S * 1000)
    const seconds = (performance.now() - wallBefore) / 1000
    pids.forEach((pid, i) => shares[i]!.push(((cpuSecondsOf(pid) - before[i]!) / seconds) * 100))
  }
  return shares
}

/**
 * How late each sample started, in ms, against the task's timetable: each line's `ms` less its
 * slot (`i` × the interval), relative to the earliest of them. The first sample is left out: it
 * runs at once when the task starts, before the timetable (scheduler.ts).
 */
function latenessOf(folder: string): number[] {
  const late: number[] = []
  for (const task of readdirSync(folder)) {
    const samples = readFileSync(join(folder, task, "samples.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as { i: number; ms: number })
    const offsets = samples.slice(1).map((s) => s.ms - s.i * 1000)
    const earliest = Math.min(...offsets)
    late.push(...offsets.map((o) => o - earliest))
  }
  return late
}

/**
 * `tsk serve` with the sim machine running and 3 background reads of 256 bytes at 1 Hz: the share
 * of one core the whole runner process costs (the median of 4 windows of 15 s after 20 s of
 * warm-up, the fastest and slowest window beside it), and how far each sample's start strays from
 * its fixed-rate slot (from the `ms` of each samples.jsonl line). Beside it, in the same windows,
 * the same runner with the machine running and no task (booted by one peek), for what the tasks add.
 */
export async function benchIdleRunner(): Promise<Figure[]> {
  const machineOnly = await startServe((env) => runTsk(env, ["c64", "peek", "0x0400", "1"]))
  let runner: Awaited<ReturnType<typeof startServe>>
  try {
    runner = await startServe((env) => {
      for (let i = 0; i < 3; i++) runTsk(env, ["c64", "start", "read", `address=${0x0400 + i * 256}`, "length=256", "--every", "1s", "--count", String(WARM_UP_MS / 1000 + WINDOWS * WINDOW_S + 30)])
    })
  } catch (error) {
    await machineOnly.stop()
    throw error
  }
  try {
    const [simShares, runnerShares] = await cpuSharesOf([machineOnly.pid, runner.pid])
    const late = latenessOf(join(runner.home, "c64", "tasks", "background"))
    const p95 = percentile(late, 95)
    const sim = summarise(simShares!)
    const cpu = summarise(runnerShares!)
    return [
      { name: "idle runner CPU, sim machine alone (no task)", value: round(sim.median, 2), unit: "%", spread: [round(sim.min, 2), round(sim.max, 2)] },
      { name: "idle runner CPU (sim + 3 reads at 1 Hz)", value: round(cpu.median, 2), unit: "%", spread: [round(cpu.min, 2), round(cpu.max, 2)], target: "≤ 1.2% of one core", pass: cpu.median <= 1.2 },
      { name: "scheduler jitter at 1 Hz (p95)", value: round(p95, 2), unit: "ms", target: "< 20 ms", pass: p95 < 20 },
    ]
  } finally {
    await runner.stop()
    await machineOnly.stop()
  }
}
