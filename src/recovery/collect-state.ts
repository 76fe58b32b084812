// Read the whole hierarchy of work from the files that own it — tasks.json, the agent operating
// state (plans, state.json, the artifact registry), the c64bridge registry and the agent inbox —
// and build a checkpoint body. Files are read as they are; one that does not parse is left out
// (and `tsk doctor` / the owners report it), never guessed at.
import { createHash } from "node:crypto"
import { existsSync, lstatSync, readdirSync, readFileSync, statSync } from "node:fs"
import { isAbsolute, join, relative, resolve } from "node:path"
import { readTasks } from "../store/tasks-repository.ts"
import { decodeUtf8, MAX_INBOX_FILE_BYTES, readRegularFileSync } from "../store/regular-file.ts"
import { loadProcessedMemory } from "../store/runner-processed-ids.ts"
import { resolveOsSettings } from "../os/os-settings.ts"
import { osPaths } from "../os/os-paths.ts"
import { ArtifactFile, PlanFile, StateFile, SummaryFile } from "../os/schemas.ts"
import { resolveC64StatePaths, absoluteTaskFolder } from "../c64/state/state-paths.ts"
import { RegistryFile } from "../c64/state/task-schema.ts"
import type { Task } from "../domain/task.ts"
import type * as z from "zod"
import { CHECKPOINT_VERSION, type C64Node, type CheckpointBody, type CommandNode, type PlanNode, type TaskNode, type TrackedFile, type WorkEntry } from "./checkpoint-schema.ts"

function readJson<S extends z.ZodType>(path: string, schema: S): z.infer<S> | null {
  try {
    const read = readRegularFileSync(path, MAX_INBOX_FILE_BYTES)
    const text = read.kind === "ok" ? decodeUtf8(read.bytes) : null
    if (text === null) return null
    const parsed = schema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

const TASK_BUCKET: Record<string, keyof Buckets> = { done: "completed", archived: "completed", todo: "pending", in_progress: "pending" }
const PLAN_BUCKET: Record<string, keyof Buckets> = { done: "completed", failed: "failed", pending: "pending", active: "pending", review: "pending" }
const C64_BUCKET: Record<string, keyof Buckets> = { completed: "completed", stopped: "completed", error: "failed", running: "pending" }

interface Buckets {
  completed: WorkEntry[]
  pending: WorkEntry[]
  failed: WorkEntry[]
}

function taskTree(tasks: readonly Task[], buckets: Buckets): TaskNode[] {
  const byParent = new Map<string | null, Task[]>()
  const ids = new Set(tasks.map((t) => t.id))
  for (const task of tasks) {
    const parent = task.parentId && ids.has(task.parentId) ? task.parentId : null
    // Pushed in place: a copy per task took ~1 s on 10,000 top-level tasks, in the runner's thread.
    const siblings = byParent.get(parent)
    if (siblings) siblings.push(task)
    else byParent.set(parent, [task])
  }
  const build = (parent: string | null, path: string[], seen: Set<string>): TaskNode[] =>
    (byParent.get(parent) ?? []).filter((t) => !seen.has(t.id)).map((task) => {
      buckets[TASK_BUCKET[task.status] ?? "pending"].push({ kind: "task", id: task.id, title: task.title, status: task.status, parentPath: path })
      return { id: task.id, title: task.title, status: task.status, children: build(task.id, [...path, task.id], new Set([...seen, task.id])) }
    })
  return build(null, [], new Set())
}

function plansOf(root: string, buckets: Buckets): PlanNode[] {
  const paths = osPaths(root)
  const summary = readJson(paths.planSummary, SummaryFile)
  if (!summary) return []
  const plans: PlanNode[] = []
  for (const item of Object.values(summary.items).sort((a, b) => a.path.localeCompare(b.path))) {
    const plan = readJson(join(root, item.path), PlanFile)
    if (!plan) continue
    for (const task of plan.tasks) {
      buckets[PLAN_BUCKET[task.st] ?? "pending"].push({ kind: "plan-task", id: task.id, title: task.title, status: task.st, parentPath: [plan.id] })
    }
    plans.push({ id: plan.id, goal: plan.goal, max: plan.max, tasks: plan.tasks.map((t) => ({ id: t.id, title: t.title, st: t.st, rt: t.rt })) })
  }
  return plans
}

function c64Of(env: NodeJS.ProcessEnv, buckets: Buckets): { nodes: C64Node[]; home: string; folders: string[] } {
  const paths = resolveC64StatePaths(env)
  const registry = readJson(paths.registry, RegistryFile)
  const nodes: C64Node[] = []
  const folders: string[] = []
  for (const entry of registry?.tasks ?? []) {
    buckets[C64_BUCKET[entry.status] ?? "pending"].push({ kind: "c64-task", id: entry.id, title: entry.name, status: entry.status, parentPath: [] })
    const iterations = entry.type === "background" ? (entry.iterations ?? 0) : null
    nodes.push({ id: entry.id, type: entry.type, operation: entry.operation, status: entry.status, iterations, maxIterations: entry.maxIterations ?? null })
    try {
      folders.push(absoluteTaskFolder(paths.home, entry.folder))
    } catch {
      // a folder outside the home is never read
    }
  }
  return { nodes, home: paths.home, folders }
}

export const INBOX_FILE = "agent-inbox.json"
export const INBOX_DIR = "agent-inbox.d"
export const CLAIMED_DIR = "agent-inbox.claimed"

/**
 * The commands of an inbox file, by id and name. Only a regular file within the inbox's size limit
 * is read (lstat first, never following a link): a FIFO there would block the checkpoint, and a
 * link to /dev/zero would grow it without end. Anything else counts as one unknown command.
 */
function commandsIn(home: string, file: string): Array<{ id: string; command: string }> {
  try {
    const read = readRegularFileSync(join(home, file), MAX_INBOX_FILE_BYTES)
    const text = read.kind === "ok" ? decodeUtf8(read.bytes) : null
    if (text === null) return [{ id: file, command: "?" }]
    const raw: unknown = JSON.parse(text)
    const list = Array.isArray(raw) ? raw : [raw]
    return list.map((c: { id?: unknown; command?: unknown }) => ({ id: typeof c?.id === "string" ? c.id : file, command: typeof c?.command === "string" ? c.command : "?" }))
  } catch {
    return [{ id: file, command: "?" }]
  }
}

/** The names in one of the inbox folders; a link in the folder's place is not read through. */
const listDir = (dir: string) => (lstatSync(dir, { throwIfNoEntry: false })?.isDirectory() ? readdirSync(dir).filter((n) => !n.startsWith(".") && !n.endsWith(".tmp")).sort() : [])

async function queueOf(home: string, buckets: Buckets): Promise<CommandNode[]> {
  const files = [
    ...(lstatSync(join(home, INBOX_FILE), { throwIfNoEntry: false }) ? [INBOX_FILE] : []),
    ...listDir(join(home, CLAIMED_DIR)).map((n) => `${CLAIMED_DIR}/${n}`),
    ...listDir(join(home, INBOX_DIR)).map((n) => `${INBOX_DIR}/${n}`),
  ]
  if (files.length === 0) return []
  const processed = await loadProcessedMemory(home).catch(() => null)
  const nodes: CommandNode[] = []
  for (const file of files) {
    for (const command of commandsIn(home, file)) {
      const answered = processed?.get(command.id) !== undefined
      buckets[answered ? "completed" : "pending"].push({ kind: "command", id: command.id, title: command.command, status: answered ? "answered" : "queued", parentPath: [file] })
      nodes.push({ ...command, file, answered })
    }
  }
  return nodes
}

/** Hashes by path, size and mtime: an unchanged artifact is not read again for the next checkpoint. */
const hashCache = new Map<string, { key: string; sha256: string }>()

function trackFile(path: string, label: string): TrackedFile | null {
  const stat = statSync(path, { throwIfNoEntry: false })
  if (!stat?.isFile()) return null
  const key = `${stat.size}:${stat.mtimeMs}`
  let cached = hashCache.get(path)
  if (cached?.key !== key) {
    cached = { key, sha256: createHash("sha256").update(readFileSync(path)).digest("hex") }
    hashCache.set(path, cached)
  }
  return { path: label, size: stat.size, sha256: cached.sha256 }
}

function filesUnder(dir: string, depth = 4): string[] {
  if (depth < 0 || !existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name), depth - 1) : e.isFile() ? [join(dir, e.name)] : []))
}

/** Artifacts: the agent's registered artifacts (their loc) and the C64 tasks' outputs. */
function trackedFiles(osRoot: string, c64: { home: string; folders: string[] }): TrackedFile[] {
  const tracked: TrackedFile[] = []
  const summary = readJson(osPaths(osRoot).registrySummary, SummaryFile)
  for (const item of Object.values(summary?.items ?? {})) {
    const artifact = readJson(join(osRoot, item.path), ArtifactFile)
    if (!artifact) continue
    // A relative loc is relative to the workspace the agent works in (the engine runs there).
    const path = isAbsolute(artifact.loc) ? artifact.loc : resolve(artifact.loc)
    const file = trackFile(path, `os:${artifact.loc}`)
    if (file) tracked.push(file)
  }
  for (const folder of c64.folders) {
    for (const path of [join(folder, "result.json"), ...filesUnder(join(folder, "artifacts"))]) {
      const file = trackFile(path, `c64:${relative(c64.home, path)}`)
      if (file) tracked.push(file)
    }
  }
  return tracked.sort((a, b) => a.path.localeCompare(b.path))
}

export async function collectCheckpoint(home: string, env: NodeJS.ProcessEnv, reason: string, now = new Date()): Promise<CheckpointBody> {
  const buckets: Buckets = { completed: [], pending: [], failed: [] }
  const tasks = taskTree((await readTasks(home).catch(() => ({ tasks: [] as Task[] }))).tasks, buckets)
  const osRoot = resolveOsSettings(home).root
  const plans = plansOf(osRoot, buckets)
  const c64 = c64Of(env, buckets)
  const commands = await queueOf(home, buckets)
  const state = readJson(osPaths(osRoot).state, StateFile)
  const planTasks = plans.flatMap((p) => p.tasks.map((t) => ({ ...t, max: p.max })))
  const background = c64.nodes.filter((n) => n.type === "background")
  return {
    version: CHECKPOINT_VERSION,
    id: `${now.toISOString().replace(/[-:.]/g, "").replace("T", "-").slice(0, 18)}-${process.pid}`,
    createdAt: now.toISOString(),
    reason,
    completedTasks: buckets.completed,
    pendingTasks: buckets.pending,
    failedTasks: buckets.failed,
    structure: { tasks, plans, c64: c64.nodes, commands },
    execution: {
      phase: state?.ph ?? null,
      state: state?.st ?? null,
      currentPlan: state?.cp ?? null,
      currentPlanTask: state?.ct ?? null,
      runningC64: background.filter((n) => n.status === "running").map((n) => ({ id: n.id, iterations: n.iterations ?? 0 })),
    },
    budgets: {
      validationRetries: {
        used: planTasks.reduce((sum, t) => sum + t.rt, 0),
        remaining: planTasks.filter((t) => t.st !== "done" && t.st !== "failed").reduce((sum, t) => sum + Math.max(0, t.max - t.rt), 0),
        byTask: state?.rt ?? {},
      },
      c64Iterations: {
        used: background.reduce((sum, n) => sum + (n.iterations ?? 0), 0),
        remaining: background.filter((n) => n.status === "running" && n.maxIterations !== null).reduce((sum, n) => sum + Math.max(0, n.maxIterations! - (n.iterations ?? 0)), 0),
      },
    },
    trackedFiles: trackedFiles(osRoot, c64),
  }
}
