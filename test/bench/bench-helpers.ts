// Shared pieces of the benchmark: timing whole processes and summarising samples.
import { spawnSync } from "node:child_process"
import { BUN, MAIN } from "../helpers/run-tsk.ts"

export interface Figure {
  name: string
  value: number
  unit: string
  target?: string
  pass?: boolean
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

/** Wall time of one `tsk ...` process, in ms. */
export function timeTsk(home: string, args: string[]): number {
  const start = performance.now()
  const result = spawnSync(BUN, [MAIN, ...args], { env: { ...process.env, TSK_HOME: home, NO_COLOR: "1" }, stdio: ["ignore", "ignore", "pipe"] })
  const elapsed = performance.now() - start
  if (result.status !== 0) throw new Error(`tsk ${args.join(" ")} failed: ${result.stderr}`)
  return elapsed
}

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits
