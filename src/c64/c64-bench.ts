// Figures for `npm run bench`: scheduler jitter at 1 Hz and the CPU an idle runner costs with the
// sim machine running and background reads sampling it. Each call works in its own temporary home
// and cleans up after itself.
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { C64Backend } from "./backend.ts"
import { createSimBackend } from "./backends/sim.ts"
import { createC64Service, type C64Service } from "./c64-service.ts"
import type { JitterStats } from "./jitter-stats.ts"

export interface SamplingBenchOptions {
  /** Length of the measured window. */
  seconds?: number
  /** Background reads running at once. */
  tasks?: number
  everyMs?: number
  /** Runs before the window opens, so start-up work is not counted. */
  warmUpMs?: number
  /** Defaults to the sim machine running in real time. */
  makeBackend?: () => C64Backend
}

export interface SamplingBenchResult {
  seconds: number
  tasks: number
  everyMs: number
  jitter: JitterStats
  /** CPU time of this whole process (sim included) as a share of one core, in percent. */
  cpuPercentOfOneCore: number
  userMs: number
  systemMs: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function withSamplingRunner<T>(options: SamplingBenchOptions, fn: (service: C64Service) => Promise<T>): Promise<T> {
  const home = await mkdtemp(join(tmpdir(), "tsk-c64-bench-"))
  const service = await createC64Service({ home, backend: (options.makeBackend ?? (() => createSimBackend()))() })
  try {
    for (let i = 0; i < (options.tasks ?? 3); i++) {
      await service.start("read", { address: 0x0400 + i * 256, length: 256 }, { everyMs: options.everyMs ?? 1000 })
    }
    await sleep(options.warmUpMs ?? 1500)
    return await fn(service)
  } finally {
    await service.close()
    await rm(home, { recursive: true, force: true })
  }
}

/** Background reads at 1 Hz (by default) for `seconds`: jitter of their starts and the CPU spent. */
export function measureSamplingRunner(options: SamplingBenchOptions = {}): Promise<SamplingBenchResult> {
  const seconds = options.seconds ?? 20
  return withSamplingRunner(options, async (service) => {
    service.resetJitter()
    const cpuBefore = process.cpuUsage()
    const wallBefore = performance.now()
    await sleep(seconds * 1000)
    const cpu = process.cpuUsage(cpuBefore)
    const wallMs = performance.now() - wallBefore
    return {
      seconds,
      tasks: options.tasks ?? 3,
      everyMs: options.everyMs ?? 1000,
      jitter: service.jitter(),
      cpuPercentOfOneCore: Math.round(((cpu.user + cpu.system) / 1000 / wallMs) * 10000) / 100,
      userMs: Math.round(cpu.user / 1000),
      systemMs: Math.round(cpu.system / 1000),
    }
  })
}

/** Scheduler jitter at 1 Hz: p50/p95/max of how late each read started against its slot. */
export async function measureSchedulerJitter(options: SamplingBenchOptions = {}): Promise<JitterStats> {
  return (await measureSamplingRunner(options)).jitter
}

/** Idle runner CPU: the sim running and 3 background reads at 1 Hz, as percent of one core. */
export async function measureIdleRunnerCpu(options: SamplingBenchOptions = {}): Promise<number> {
  return (await measureSamplingRunner(options)).cpuPercentOfOneCore
}
