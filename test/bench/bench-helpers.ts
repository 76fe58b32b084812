// Shared pieces of the benchmark: whole processes timed with their output read through a pipe to
// its end, the floor they are compared with, and samples summarised as median and spread.
import { join } from "node:path"
import { BUN, PROJECT_ROOT } from "../helpers/run-tsk.ts"

/** The `tsk` people run: the launcher, which runs the bundled entry point while it is fresh. */
export const TSK = join(PROJECT_ROOT, "bin", "tsk")
const FLOOR = join(import.meta.dirname, "floor.ts")

export interface Figure {
  name: string
  /** The median (or the one figure the row measures). */
  value: number
  unit: string
  /** Fastest and slowest sample, when the row has samples. */
  spread?: [number, number]
  /** The row as a multiple of the floor measured beside it in the same run (wall time). */
  ratio?: number
  /** The same in CPU time (user + system), which a loaded machine disturbs less than wall time. */
  cpuRatio?: number
  target?: string
  pass?: boolean
}

export interface Summary {
  median: number
  min: number
  max: number
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

export function summarise(values: number[]): Summary {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) }
}

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits

export interface ProcessRun {
  ms: number
  /** User + system CPU time of the process, ms. */
  cpuMs: number
  stdoutBytes: number
}

/** One process from spawn to exit, its stdout read through a pipe to the end (as a program reads it). */
export function runProcess(argv: string[], env: Record<string, string> = {}): ProcessRun {
  const started = performance.now()
  const result = Bun.spawnSync(argv, { env: { ...process.env, NO_COLOR: "1", ...env }, stdout: "pipe", stderr: "pipe" })
  const ms = performance.now() - started
  if (result.exitCode !== 0) throw new Error(`${argv.join(" ")} exited ${result.exitCode}: ${result.stderr.toString()}`)
  const cpu = result.resourceUsage?.cpuTime
  return { ms, cpuMs: cpu ? Number(cpu.user + cpu.system) / 1000 : Number.NaN, stdoutBytes: result.stdout.length }
}

/** Peak resident memory of one process, MiB, measured through test/bench/peak-rss.ts. */
export function peakRssMiB(argv: string[], env: Record<string, string> = {}): number {
  const result = Bun.spawnSync([BUN, join(import.meta.dirname, "peak-rss.ts"), ...argv], { env: { ...process.env, NO_COLOR: "1", ...env }, stdout: "pipe", stderr: "pipe" })
  if (result.exitCode !== 0) throw new Error(`${argv.join(" ")} failed: ${result.stderr.toString()}`)
  return (JSON.parse(result.stdout.toString()) as { maxRssMiB: number }).maxRssMiB
}

/** Peak memory of `tsk ...args` on `home` and of the floor on the same file: the largest of `runs` runs. */
export function peakRssBesideFloor(home: string, args: string[], runs: number): { command: number; floor: number } {
  const env = { TSK_HOME: home, C64BRIDGE_HOME: join(home, "c64bridge") }
  let command = 0
  let floor = 0
  for (let i = 0; i < runs; i++) {
    floor = Math.max(floor, peakRssMiB([BUN, FLOOR, join(home, "tasks.json")]))
    command = Math.max(command, peakRssMiB([TSK, ...args], env))
  }
  return { command, floor }
}

/** `tsk ...args` on `home`, through the launcher. */
/** Without the background compactor unless `env` asks (a row of its own measures it: current-bench.ts). */
export function runTskProcess(home: string, args: string[], env: Record<string, string> = {}): ProcessRun {
  return runProcess([TSK, ...args], { TSK_HOME: home, C64BRIDGE_HOME: join(home, "c64bridge"), TSK_BACKGROUND_COMPACTION: "0", ...env })
}

/** The floor: a bare Bun process that reads and parses the same tasks.json. */
export function runFloor(home: string): ProcessRun {
  return runProcess([BUN, FLOOR, join(home, "tasks.json")])
}

export interface Paired {
  command: Summary
  floor: Summary
  /** Median of the per-pair ratios: each command run is divided by the floor run just before it. */
  ratio: number
  /** Median of the per-pair differences, ms, and the smallest and largest. */
  above: number
  aboveSpread: [number, number]
  cpuRatio: number
  cpuAbove: number
}

/**
 * `runs` command processes, each right after a floor process on the same file, so both see the
 * same machine load; `before` runs ahead of each pair (e.g. to drop the validation stamp).
 */
export function pairedWithFloor(home: string, args: (i: number) => string[], runs: number, before: () => void = () => {}, env: Record<string, string> = {}): Paired {
  const command: ProcessRun[] = []
  const floor: ProcessRun[] = []
  for (let i = -1; i < runs; i++) {
    before()
    const f = runFloor(home)
    const c = runTskProcess(home, args(i + 1), env)
    if (i >= 0) {
      floor.push(f)
      command.push(c)
    }
  }
  const above = command.map((c, i) => c.ms - floor[i]!.ms)
  return {
    command: summarise(command.map((r) => r.ms)),
    floor: summarise(floor.map((r) => r.ms)),
    ratio: median(command.map((c, i) => c.ms / floor[i]!.ms)),
    above: median(above),
    aboveSpread: [Math.min(...above), Math.max(...above)],
    cpuRatio: median(command.map((c, i) => c.cpuMs / floor[i]!.cpuMs)),
    cpuAbove: median(command.map((c, i) => c.cpuMs - floor[i]!.cpuMs)),
  }
}

/** A row for a paired measure: its median and spread in ms, and its ratio to the floor. */
export function pairedFigure(name: string, paired: Paired, maxRatio?: number): Figure {
  return {
    name,
    value: round(paired.command.median),
    unit: "ms",
    spread: [round(paired.command.min), round(paired.command.max)],
    ratio: round(paired.ratio, 2),
    cpuRatio: round(paired.cpuRatio, 2),
    ...(maxRatio === undefined ? {} : { target: `≤ ${maxRatio}× floor`, pass: paired.ratio <= maxRatio }),
  }
}

export function floorFigure(name: string, paired: Paired): Figure {
  return { name, value: round(paired.floor.median), unit: "ms", spread: [round(paired.floor.min), round(paired.floor.max)], ratio: 1, cpuRatio: 1 }
}
