// Checkpoints on disk: `TSK_HOME/checkpoints/checkpoint-<ms>-<pid>-<hex>.json`, each written
// atomically and durably, the newest CHECKPOINTS_KEPT kept. Each carries the SHA-256 of its body;
// `loadLatestCheckpoint` skips any that is torn, edited or invalid and takes the newest good one.
// A checkpoint without a checksum is a hand-made one and is taken as it is; one whose flat lists
// are empty is migrated by deriving them from its structure.
import { createHash, randomBytes } from "node:crypto"
import { readdirSync, readFileSync, unlinkSync } from "node:fs"
import { join } from "node:path"
import { writeFileDurable } from "../store/durable-file.ts"
import { lockGuard, withFileLock } from "../store/file-lock.ts"
import { CheckpointBody, CheckpointFile, type TaskNode, type WorkEntry } from "./checkpoint-schema.ts"

export const CHECKPOINTS_KEPT = 10

export const checkpointsDir = (home: string) => join(home, "checkpoints")
const NAME = /^checkpoint-(\d+)-\d+-[0-9a-f]+\.json$/

const checksumOf = (body: unknown) => createHash("sha256").update(JSON.stringify(body)).digest("hex")

export interface CheckpointInfo {
  id: string
  file: string
  createdAt: string | null
  reason: string | null
  valid: boolean
  error?: string
  completed: number
  pending: number
  failed: number
}

/** Write `body` as a new checkpoint (its id is the file's) and drop the oldest beyond the kept. */
export async function writeCheckpoint(home: string, body: CheckpointBody): Promise<CheckpointBody> {
  const dir = checkpointsDir(home)
  const id = `${String(Date.now()).padStart(15, "0")}-${process.pid}-${randomBytes(3).toString("hex")}`
  const stored: CheckpointBody = { ...body, id }
  await withFileLock(join(dir, "checkpoints"), async (lock) => {
    // The body is turned into JSON once (10,000 tasks make it the costly part), for its checksum
    // and the file: the same text as JSON.stringify({ checksum, body }).
    const text = JSON.stringify(stored)
    const checksum = createHash("sha256").update(text).digest("hex")
    await writeFileDurable(join(dir, `checkpoint-${id}.json`), `{"checksum":${JSON.stringify(checksum)},"body":${text}}\n`, lockGuard(lock))
    for (const old of checkpointNames(home).slice(CHECKPOINTS_KEPT)) {
      try {
        unlinkSync(join(dir, old))
      } catch {
        // gone already
      }
    }
  })
  return stored
}

/** Checkpoint file names, newest first. */
function checkpointNames(home: string): string[] {
  try {
    return readdirSync(checkpointsDir(home)).filter((n) => NAME.test(n)).sort().reverse()
  } catch {
    return []
  }
}

function derivedFlat(body: CheckpointBody): Pick<CheckpointBody, "completedTasks" | "pendingTasks" | "failedTasks"> {
  const out = { completedTasks: [] as WorkEntry[], pendingTasks: [] as WorkEntry[], failedTasks: [] as WorkEntry[] }
  const put = (status: string, done: readonly string[], failed: readonly string[], entry: WorkEntry) =>
    (done.includes(status) ? out.completedTasks : failed.includes(status) ? out.failedTasks : out.pendingTasks).push(entry)
  const walk = (nodes: readonly TaskNode[], path: string[]) => {
    for (const node of nodes) {
      put(node.status, ["done", "archived"], [], { kind: "task", id: node.id, title: node.title, status: node.status, parentPath: path })
      walk(node.children, [...path, node.id])
    }
  }
  walk(body.structure.tasks, [])
  for (const plan of body.structure.plans) {
    for (const t of plan.tasks) put(t.st, ["done"], ["failed"], { kind: "plan-task", id: t.id, title: t.title, status: t.st, parentPath: [plan.id] })
  }
  for (const c of body.structure.c64) put(c.status, ["completed", "stopped"], ["error"], { kind: "c64-task", id: c.id, title: c.operation, status: c.status, parentPath: [] })
  for (const c of body.structure.commands) {
    const status = c.answered ? "answered" : "queued"
    put(status, ["answered"], [], { kind: "command", id: c.id, title: c.command, status, parentPath: [c.file] })
  }
  return out
}

/** Parse, verify and (when its flat lists are empty) migrate one checkpoint file's text. */
export function parseCheckpoint(text: string): CheckpointBody {
  const raw: unknown = JSON.parse(text)
  const wrapped = CheckpointFile.safeParse(raw)
  let body: unknown = raw
  if (wrapped.success) {
    if (checksumOf(wrapped.data.body) !== wrapped.data.checksum) throw new Error("checksum mismatch (torn or edited)")
    body = wrapped.data.body
  }
  const parsed = CheckpointBody.safeParse(body)
  if (!parsed.success) throw new Error(`invalid: ${parsed.error.issues[0]?.path.join(".")} ${parsed.error.issues[0]?.message}`)
  const checkpoint = parsed.data
  const empty = checkpoint.completedTasks.length + checkpoint.pendingTasks.length + checkpoint.failedTasks.length === 0
  return empty ? { ...checkpoint, ...derivedFlat(checkpoint) } : checkpoint
}

export function readCheckpointFile(home: string, name: string): CheckpointBody {
  return parseCheckpoint(readFileSync(join(checkpointsDir(home), name), "utf8"))
}

export function listCheckpoints(home: string): CheckpointInfo[] {
  return checkpointNames(home).map((file) => {
    const id = file.slice("checkpoint-".length, -".json".length)
    try {
      const body = readCheckpointFile(home, file)
      return { id, file, createdAt: body.createdAt, reason: body.reason, valid: true, completed: body.completedTasks.length, pending: body.pendingTasks.length, failed: body.failedTasks.length }
    } catch (error) {
      return { id, file, createdAt: null, reason: null, valid: false, error: error instanceof Error ? error.message : String(error), completed: 0, pending: 0, failed: 0 }
    }
  })
}

/** The newest checkpoint that verifies, or null. */
export function loadLatestCheckpoint(home: string): CheckpointBody | null {
  for (const name of checkpointNames(home)) {
    try {
      return readCheckpointFile(home, name)
    } catch {
      // torn or invalid: try the one before
    }
  }
  return null
}

/** One checkpoint by id or unique id prefix (newest first); null when none matches. */
export function findCheckpoint(home: string, idPrefix: string): CheckpointBody | null {
  const name = checkpointNames(home).find((n) => n.slice("checkpoint-".length).startsWith(idPrefix))
  return name ? readCheckpointFile(home, name) : null
}

/** When the newest checkpoint was written (from its name: no read), for the Monitor. */
export function lastCheckpointTime(home: string): Date | null {
  const [newest] = checkpointNames(home)
  const match = newest ? NAME.exec(newest) : null
  return match ? new Date(Number(match[1])) : null
}
