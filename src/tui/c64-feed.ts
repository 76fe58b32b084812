// Feeds the C64 pane and the compact strip from the c64bridge task state under C64BRIDGE_HOME:
// the registry and each sampling background task's latest samples, refreshed every second
// (background tasks sample at 1 Hz or slower). It reads only; whichever process is the runner does
// the work. A task's samples are read again only when its registry entry changed.
import { coalescedRefresh } from "./coalesced-refresh.ts"
import type { RegistryEntry, SampleLine } from "../c64/state/task-schema.ts"
import { changedBytes, formatAddress, parseAddressText } from "../c64/operations/memory-text.ts"
import { createValueFeed, type C64TaskSummary, type Feed } from "./monitor-feeds.ts"

export const SPARK_SAMPLES = 40
export const C64_REFRESH_MS = 1000
/** Background operations that append to samples.jsonl. */
export const SAMPLING_OPERATIONS: ReadonlySet<string> = new Set(["read", "read_screen", "capture"])

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

/** `$0400` from the task's `address` (or `start`) argument, however the writing tool spelled it. */
export function taskAddress(entry: RegistryEntry): string | null {
  const raw = entry.args.address ?? entry.args.start
  if (typeof raw !== "string" && typeof raw !== "number") return null
  const address = parseAddressText(raw)
  return address !== null && address >= 0 && address <= 0xffff ? formatAddress(address) : null
}

export function toC64Summary(entry: RegistryEntry, samples: readonly SampleLine[]): C64TaskSummary {
  const latest = samples.at(-1)
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
    address: taskAddress(entry),
    sampleHex: samples.map((s) => s.hex),
    latestSample: latest ? { i: latest.i, at: latest.at, address: latest.address } : null,
  }
}

export interface C64Feed extends Feed<readonly C64TaskSummary[]> {
  refresh(): Promise<void>
  close(): Promise<void>
}

export function createC64Feed(reader: C64Reader, refreshMs = C64_REFRESH_MS): C64Feed {
  const feed = createValueFeed<readonly C64TaskSummary[]>([])
  // null until the first read, which is always announced (even an empty registry): listeners such
  // as the status toasts tell "loaded, nothing there" from "not read yet".
  let last: string | null = null
  // Samples by task id, with the registry state they were read at.
  const sampled = new Map<string, { at: string; samples: SampleLine[] }>()
  const samplesOf = async (entry: RegistryEntry): Promise<SampleLine[]> => {
    if (entry.type !== "background" || !SAMPLING_OPERATIONS.has(entry.operation)) return []
    const at = `${entry.updatedAt}|${entry.iterations ?? 0}|${entry.status}`
    const known = sampled.get(entry.id)
    if (known?.at === at) return known.samples
    const samples = (await reader.show(entry.id, { samples: SPARK_SAMPLES + 1, logLines: 0 })).samples
    sampled.set(entry.id, { at, samples })
    return samples
  }
  let closed = false
  const read = async () => {
    const entries = await reader.list()
    const summaries: C64TaskSummary[] = []
    for (const entry of entries) summaries.push(toC64Summary(entry, await samplesOf(entry)))
    for (const id of sampled.keys()) if (!entries.some((e) => e.id === id)) sampled.delete(id)
    const text = JSON.stringify(summaries)
    if (text !== last) {
      last = text
      feed.set(summaries)
    }
  }
  // A refresh asked for while one runs (a task just started here) reads again right after it.
  const refreshing = coalescedRefresh(read, () => closed)
  const refresh = refreshing.run
  void refresh()
  const timer = setInterval(() => void refresh(), refreshMs)
  return {
    get: feed.get,
    subscribe: feed.subscribe,
    refresh,
    async close() {
      closed = true
      clearInterval(timer)
      await refreshing.settled()
      await reader.close()
    },
  }
}

/** The C64 service for `env`'s C64 state (C64BRIDGE_HOME or C64_TASK_STATE_FILE), used for reading (its backend is never dialled). */
export async function openC64Reader(home: string, env: NodeJS.ProcessEnv): Promise<C64Reader> {
  const [{ createC64Service }, { createBackend, backendConfigFromSettings }, { createLazyBackend }, { readConfig }, { resolveC64StatePaths }] = await Promise.all([
    import("../c64/c64-service.ts"),
    import("../c64/backends/create-backend.ts"),
    import("../c64/backends/lazy-backend.ts"),
    import("../store/config-store.ts"),
    import("../c64/state/state-paths.ts"),
  ])
  const settings = (await readConfig(home)).c64
  const backend = createLazyBackend(settings.backend, () => createBackend(backendConfigFromSettings(settings)))
  const paths = resolveC64StatePaths(env)
  return createC64Service({ home: paths.home, registryFile: paths.registry, backend })
}
