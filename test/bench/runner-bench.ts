// The C64 scheduler as it runs for real: a `tsk serve` process, measured from outside (its CPU
// from /proc, its sample times from samples.jsonl).
import { spawn, spawnSync } from "node:child_process"
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { readRunnerStatus } from "../../src/store/runner-role.ts"
import { BUN, MAIN } from "../helpers/run-tsk.ts"
import { percentile, round, type Figure } from "./bench-helpers.ts"

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

/** The share of one core `pid` uses over `seconds`, after 5 s for start-up and JIT warm-up. */
async function cpuShareOf(pid: number, seconds: number): Promise<number> {
  await sleep(5000)
  const before = cpuSecondsOf(pid)
  const wallBefore = performance.now()
  await sleep(seconds * 1000)
  return ((cpuSecondsOf(pid) - before) / ((performance.now() - wallBefore) / 1000)) * 100
}

/**
 * `tsk serve` with the sim machine running and 3 background reads of 256 bytes at 1 Hz: the share
 * of one core the whole runner process costs, and how far each sample's start strays from its
 * fixed-rate slot (from the `ms` of each samples.jsonl line). Beside it, the same runner with the
 * machine running and no task (booted by one peek), measured right before, for what the tasks add.
 */
export async function benchIdleRunner(seconds = 30): Promise<Figure[]> {
  const machineOnly = await startServe((env) => runTsk(env, ["c64", "peek", "0x0400", "1"]))
  let simShare: number
  try {
    simShare = await cpuShareOf(machineOnly.pid, seconds)
  } finally {
    await machineOnly.stop()
  }
  const runner = await startServe((env) => {
    for (let i = 0; i < 3; i++) runTsk(env, ["c64", "start", "read", `address=${0x0400 + i * 256}`, "length=256", "--every", "1s", "--count", String(seconds + 20)])
  })
  try {
    const cpuShare = await cpuShareOf(runner.pid, seconds)
    const late: number[] = []
    const folder = join(runner.home, "c64", "tasks", "background")
    for (const task of readdirSync(folder)) {
      const samples = readFileSync(join(folder, task, "samples.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as { i: number; ms: number })
      const first = samples[0]!
      // Relative to the first sample: slot i is first.ms + (i - first.i) * 1000.
      for (const s of samples.slice(1)) late.push(Math.abs(s.ms - (first.ms + (s.i - first.i) * 1000)))
    }
    const p95 = percentile(late, 95)
    return [
      { name: "idle runner CPU, sim machine alone (no task)", value: round(simShare, 2), unit: "%" },
      { name: "idle runner CPU (sim + 3 reads at 1 Hz)", value: round(cpuShare, 2), unit: "%", target: "≤ 1.2% of one core", pass: cpuShare <= 1.2 },
      { name: "scheduler jitter at 1 Hz (p95)", value: round(p95, 2), unit: "ms", target: "< 20 ms", pass: p95 < 20 },
    ]
  } finally {
    await runner.stop()
  }
}
