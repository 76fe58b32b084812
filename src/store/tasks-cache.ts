// What the task store's files share within a process (tasks-read.ts, tasks-change.ts,
// tasks-compaction.ts): the snapshot and state types, the per-process caches of the last base and
// journal seen, and the base's meta beside tasks.json (its highest order, and whether tsk wrote it).
import { hiddenBeside } from "./paths.ts"
import { writeCacheFileSync } from "./atomic-file.ts"
import { readCacheTextSync } from "./bun-files.ts"
import { contentPart } from "./file-identity.ts"
import type { Task, TasksFile } from "../domain/task.ts"
import { TASKS_FILE_VERSION } from "../domain/task-constants.ts"
import { TskError } from "../domain/errors.ts"
import { maxOrderOf } from "./tasks-journal.ts"

export interface TasksSnapshot {
  revision: number
  tasks: Task[]
}

/**
 * The last snapshot this process read or wrote, per file, with the file identity it belongs to.
 * A long-lived process (the TUI, the runner) that changes tasks again finds the file as it left
 * it and skips re-reading and re-parsing 10,000 tasks inside the lock; any other writer changes the
 * identity and the file is read again. Snapshots are never mutated, so sharing them is safe.
 */
export const lastSeen = new Map<string, { identity: string; snapshot: TasksSnapshot }>()

export function remember(file: string, identity: string | null, snapshot: TasksSnapshot): TasksSnapshot {
  if (identity !== null) lastSeen.set(file, { identity, snapshot })
  return snapshot
}

/** The base when there is no tasks.json (one object, so the journal's cache can key on it). */
export const NO_BASE: TasksSnapshot = Object.freeze({ revision: 0, tasks: Object.freeze([]) as unknown as Task[] })

/** The base + journal this process last read or wrote, per home (see readState). */
export interface JournalSeen {
  base: TasksSnapshot
  ino: number
  end: number
  head: Buffer
  state: StoreState
}

export const journalSeen = new Map<string, JournalSeen>()

/** What a writer needs to know about the list on disk, read inside the lock. */
export interface StoreState {
  /** Base + journal: what every reader sees. */
  snapshot: TasksSnapshot
  base: TasksSnapshot
  baseExists: boolean
  /** The journal as read: null when there is none. */
  journal: {
    ino: number
    /** Bytes on disk, and up to the end of its last whole line (a torn tail lies between). */
    size: number
    end: number
    head: Buffer | null
    applied: number
    /** Lines that apply to no base (left beside a newer base); the revision of the last line. */
    unapplied: number
    lastRevision: number
  } | null
}

export function journalError(message: string): TskError {
  return new TskError("corrupt", message, { file: "tasks.journal" })
}

export function serializeTasksFile(snapshot: TasksSnapshot): string {
  const file: TasksFile = { version: TASKS_FILE_VERSION, revision: snapshot.revision, tasks: snapshot.tasks }
  return JSON.stringify(file) + "\n"
}

export interface MutationOutcome<T> {
  snapshot: TasksSnapshot
  result: T
}

/** The journal is compacted into the base once it outgrows the larger of these. */
export const JOURNAL_MIN_BYTES = 64 * 1024

export const JOURNAL_SHARE_OF_BASE = 1 / 16

export function journalFull(baseBytes: number, journalBytes: number): boolean {
  return journalBytes > Math.max(JOURNAL_MIN_BYTES, baseBytes * JOURNAL_SHARE_OF_BASE)
}

export const sizeOf = (identity: string | null) => (identity === null ? 0 : Number(identity.split(":")[1]))

/**
 * The highest `order` of a base, beside it (`.tasks.json.meta`), with the base's identity: a new
 * task's order without parsing the base. Only a cache, trusted only for the very file it names.
 */
export const metaPath = (file: string) => hiddenBeside(file, ".meta")

export interface BaseMeta {
  identity: string
  revision: number
  maxOrder: number
  /** The base is byte for byte what serializeTasksFile writes (see task-text-lookup.ts). */
  exact?: boolean
  /** tsk wrote this very file as a base (outside-merge.ts tells a file it did not write). */
  written?: boolean
}

export function readBaseMeta(file: string): BaseMeta | null {
  return parseBaseMeta(readCacheTextSync(metaPath(file)))
}

export function parseBaseMeta(text: string | null): BaseMeta | null {
  try {
    const meta = JSON.parse(text ?? "") as BaseMeta
    return typeof meta.identity === "string" && Number.isInteger(meta.revision) && Number.isFinite(meta.maxOrder) ? meta : null
  } catch {
    return null
  }
}

/**
 * Record the meta of `snapshot`, read from (or written as) the file whose identity was `read`, the
 * identity the caller checked, not the path's now (another file may have been renamed in since).
 * `exact`: the base is known to be in tsk's own serialization (tsk wrote it, or a read compared).
 * `known`: the meta on disk now (a reader reads it through Bun's file API).
 */
export function recordBaseMeta(file: string, snapshot: TasksSnapshot, read: string | null, exact = false, known = read === null ? null : readBaseMeta(file), written = false): void {
  if (read === null) return
  const identity = contentPart(read)
  // Already recorded for this very file (every read after the write that made it).
  const same = known !== null && known.identity === identity && known.revision === snapshot.revision
  if (same && (known.exact === true || !exact) && (known.written === true || !written)) return
  const text = JSON.stringify({ identity, revision: snapshot.revision, maxOrder: maxOrderOf(snapshot.tasks), exact: exact || (same && known.exact === true), written: written || (same && known.written === true) } satisfies BaseMeta)
  // A cache that cannot be written only means the next add reads the list.
  writeCacheFileSync(metaPath(file), text)
}
