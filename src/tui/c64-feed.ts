// Feeds the C64 pane and the compact strip from the c64bridge task state under C64BRIDGE_HOME:
// the registry and each background task's latest samples, refreshed every second (background
// tasks sample at 1 Hz or slower). It reads only; whichever process is the runner does the work.
// The sparkline value of a sample is the count of bytes changed since the sample before it.
import type { RegistryEntry, SampleLine } from "../c64/state/task-schema.ts"
import { changedBytes } from "../c64/operations/background-sampling.ts"
import { createValueFeed, type C64TaskSummary, type Feed } from "./monitor-feeds.ts"

export const SPARK_SAMPLES = 40
export const C64_REFRESH_MS = 1000

/** What the feed needs from the C64 service (list and show). */
export interface C64Reader {
  list(): Promise<RegistryEntry[]>
  show(id: string, options: { samples: number; logLines: number }): Promise<{ samples: SampleLine[] }>
  close(): Promise<void>
}

export function changesPerSample(samples: readonly SampleLine[]): number[] {
  const values: number[] = []
  for (let i = 1; i < samples.length; i++) values.push(changedBytes(samples[i - 1]!.hex, samples[i]!.hex))
  return values
}

export function toC64Summary(entry: RegistryEntry, samples: readonly SampleLine[]): C64TaskSummary {
  return {
    id: entry.id,
    name: entry.name,
    type: entry.type,
    operation: entry.operation,
    status: entry.status,
    iterations: entry.iterations ?? 0,
    maxIterations: entry.maxIterations ?? null,
    intervalMs: entry.intervalMs ?? null,
    lastError: entry.lastError ?? null,
    updatedAt: entry.updatedAt,
    samples: changesPerSample(samples),
  }
}

export interface C64Feed extends Feed<readonly C64TaskSummary[]> {
  refresh(): Promise<void>
  close(): Promise<void>
}

export function createC64Feed(reader: C64Reader, refreshMs = C64_REFRESH_MS): C64Feed {
  const feed = createValueFeed<readonly C64TaskSummary[]>([])
  let last = "[]"
  let refreshing: Promise<void> | null = null
  const refresh = () =>
    (refreshing ??= (async () => {
      try {
        const entries = await reader.list()
        const summaries: C64TaskSummary[] = []
        for (const entry of entries) {
          const sampled = entry.type === "background" && entry.operation === "read"
          const samples = sampled ? (await reader.show(entry.id, { samples: SPARK_SAMPLES + 1, logLines: 0 })).samples : []
          summaries.push(toC64Summary(entry, samples))
        }
        const text = JSON.stringify(summaries)
        if (text !== last) {
          last = text
          feed.set(summaries)
        }
      } catch {
        // An unreadable registry shows as it was last read; `tsk c64 list` explains the problem.
      } finally {
        refreshing = null
      }
    })())
  void refresh()
  const timer = setInterval(() => void refresh(), refreshMs)
  return {
    get: feed.get,
    subscribe: feed.subscribe,
    refresh,
    async close() {
      clearInterval(timer)
      await refreshing
      await reader.close()
    },
  }
}

/** The C64 service for `env`'s C64BRIDGE_HOME, used for reading (its backend is never dialled). */
export async function openC64Reader(home: string, env: NodeJS.ProcessEnv): Promise<C64Reader> {
  const [{ createC64Service }, { createBackend, backendConfigFromSettings }, { createLazyBackend }, { readConfig }, { c64BridgeHome }] = await Promise.all([
    import("../c64/c64-service.ts"),
    import("../c64/backends/create-backend.ts"),
    import("../c64/backends/lazy-backend.ts"),
    import("../store/config-store.ts"),
    import("../store/paths.ts"),
  ])
  const settings = (await readConfig(home)).c64
  const backend = createLazyBackend(settings.backend, () => createBackend(backendConfigFromSettings(settings)))
  return createC64Service({ home: c64BridgeHome(env), backend, ...(env.C64_TASK_STATE_FILE ? { registryFile: env.C64_TASK_STATE_FILE } : {}) })
}
