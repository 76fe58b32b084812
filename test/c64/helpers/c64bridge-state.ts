// What c64bridge's own MCP server writes and how it reads it back, reproduced from its background
// task code (repository chrisgleissner/c64bridge, the meta tools' persistent background registry):
// - ids are `<4-digit counter>_<name>` with the name kept as given (`0002_Screen Watch`);
// - entries carry no `owner`; stamps are `Date.toISOString()`; a `nextRunAt` field is kept;
// - tasks.json is rewritten whole after every iteration as `JSON.stringify({ tasks }, null, 2)`
//   (no final newline), with task.json (the entry plus `resultPath`), result.json and log.txt
//   (`[<ISO stamp>] iteration=<n>`) beside each task;
// - on load every stamp goes through `new Date(text)` (an unreadable one becomes "now") and tasks
//   are kept in a map by name.
import { appendFile, mkdir, readFile, writeFile } from "node:fs/promises"
import { dirname, join } from "node:path"

export interface C64bridgeTask {
  id: string
  name: string
  type: "background"
  operation: string
  args: Record<string, unknown>
  intervalMs: number
  maxIterations?: number
  iterations: number
  status: "running" | "completed" | "stopped" | "error"
  startedAt: string
  updatedAt: string
  stoppedAt: string | null
  lastError: string | null
  nextRunAt: string | null
  folder: string
}

export function c64bridgeTask(counter: number, name: string, at: number, overrides: Partial<C64bridgeTask> = {}): C64bridgeTask {
  const id = `${String(counter).padStart(4, "0")}_${name}`
  const stamp = new Date(at).toISOString()
  return {
    id,
    name,
    type: "background",
    operation: "read_memory",
    args: { address: "$0400", length: 16 },
    intervalMs: 1000,
    iterations: 0,
    status: "running",
    startedAt: stamp,
    updatedAt: stamp,
    stoppedAt: null,
    lastError: null,
    nextRunAt: new Date(at + 1000).toISOString(),
    folder: `tasks/background/${id}`,
    ...overrides,
  }
}

/** One persist as c64bridge does it: the registry, then each task's files. */
export async function writeAsC64bridge(registryFile: string, tasks: C64bridgeTask[]): Promise<void> {
  const home = dirname(registryFile)
  await mkdir(home, { recursive: true })
  await writeFile(registryFile, JSON.stringify({ tasks }, null, 2), "utf8")
  for (const task of tasks) {
    const folder = join(home, task.folder)
    await mkdir(folder, { recursive: true })
    await writeFile(join(folder, "task.json"), JSON.stringify({ ...task, resultPath: `${task.folder}/result.json` }, null, 2), "utf8")
    const result = { id: task.id, type: "task", name: task.operation, created: task.startedAt, status: task.status, iterations: task.iterations }
    await writeFile(join(folder, "result.json"), JSON.stringify(result, null, 2), "utf8")
  }
}

/** One iteration of a running c64bridge task: count it, stamp it, log it, persist everything. */
export async function iterateAsC64bridge(registryFile: string, tasks: C64bridgeTask[], name: string, at: number): Promise<void> {
  const task = tasks.find((t) => t.name === name)!
  task.iterations += 1
  task.updatedAt = new Date(at).toISOString()
  task.nextRunAt = new Date(at + task.intervalMs).toISOString()
  await mkdir(join(dirname(registryFile), task.folder), { recursive: true })
  await appendFile(join(dirname(registryFile), task.folder, "log.txt"), `[${task.updatedAt}] iteration=${task.iterations}\n`, "utf8")
  await writeAsC64bridge(registryFile, tasks)
}

export interface C64bridgeView {
  /** Tasks as c64bridge holds them after loading: one per name. */
  byName: Map<string, { id: string; type: string; startedAt: Date; updatedAt: Date; stoppedAt: Date | null }>
  /** `id.field` of every stamp `new Date()` could not read (c64bridge would replace it with now). */
  unreadableStamps: string[]
}

export async function readAsC64bridge(registryFile: string): Promise<C64bridgeView> {
  const parsed = JSON.parse(await readFile(registryFile, "utf8")) as { tasks: Array<Record<string, unknown>> }
  const unreadableStamps: string[] = []
  const byName: C64bridgeView["byName"] = new Map()
  for (const task of parsed.tasks) {
    const read = (field: string): Date | null => {
      const text = task[field]
      if (!text) return null
      const date = new Date(String(text))
      if (Number.isNaN(date.getTime())) unreadableStamps.push(`${String(task.id)}.${field}`)
      return date
    }
    byName.set(String(task.name), {
      id: String(task.id),
      type: "background",
      startedAt: read("startedAt")!,
      updatedAt: read("updatedAt")!,
      stoppedAt: read("stoppedAt"),
    })
  }
  return { byName, unreadableStamps }
}
