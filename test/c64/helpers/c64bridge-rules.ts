// c64bridge's rules for its registry, as a small model the neighbour tests apply to the files tsk
// writes. The rules come from c64bridge's documentation (specs/c64bridge-agent-state.md: ids are
// `<counter>_<name>`, the registry is rewritten whole on every change) and from its background task
// code (repository chrisgleissner/c64bridge, src/tools/meta/background.ts):
// - loading keeps tasks in a map keyed by `name`: of two entries with one name, the later wins;
// - every loaded task becomes `type: "background"`, and only the fields it knows are kept (an
//   `owner` tsk adds is gone after its next write);
// - each write (after every iteration of its own tasks) is the whole registry rebuilt from that
//   map: entries added by others since the load are dropped, and the ones it loaded go back to
//   what they were then.
import { readFile, writeFile } from "node:fs/promises"

const KNOWN_FIELDS = ["id", "name", "type", "operation", "args", "intervalMs", "maxIterations", "iterations", "status", "startedAt", "updatedAt", "stoppedAt", "lastError", "nextRunAt", "folder"] as const

const NULLABLE = new Set(["stoppedAt", "lastError", "nextRunAt"])

export type C64bridgeEntry = Record<(typeof KNOWN_FIELDS)[number], unknown>

export interface C64bridgeModel {
  /** The tasks c64bridge holds, keyed by name, as its list tool reports them. */
  tasks: Map<string, C64bridgeEntry>
  /** c64bridge's next write of the registry: the whole file from the map. */
  persist(): Promise<void>
}

export function loadRules(text: string): Map<string, C64bridgeEntry> {
  const parsed = JSON.parse(text) as { tasks?: Array<Record<string, unknown>> }
  const tasks = new Map<string, C64bridgeEntry>()
  for (const raw of parsed.tasks ?? []) {
    // Fields it has no value for are left out of its JSON, but these three it writes as null.
    const entry = Object.fromEntries(KNOWN_FIELDS.map((field) => [field, NULLABLE.has(field) ? (raw[field] ?? null) : raw[field]])) as C64bridgeEntry
    entry.type = "background"
    entry.args = raw.args ?? {}
    tasks.set(String(raw.name), entry)
  }
  return tasks
}

export function persistRules(tasks: Map<string, C64bridgeEntry>): string {
  return JSON.stringify({ tasks: [...tasks.values()] }, null, 2)
}

/** c64bridge starting on `registryFile`: loads it once, then writes from what it loaded. */
export async function loadAsC64bridge(registryFile: string): Promise<C64bridgeModel> {
  const tasks = loadRules(await readFile(registryFile, "utf8"))
  return { tasks, persist: () => writeFile(registryFile, persistRules(tasks), "utf8") }
}
