// The bridge's evidence for a task batch written as one tasks.journal line. The runner records the
// line's id in agent-journal.json (`pending.line`) before it appends the line, inside the tasks
// lock; after a crash the batch was applied exactly when that line is in the journal's applicable
// chain, or was folded into a base by a compaction. A compaction removes the journal, so before it
// writes the new base it records here (tasks.folded.json, durably) the id of a bridge line it folds
// in that a runner has pending (read from agent-journal.json; a runner has at most one), with the
// revision of that base (the id counts once the base on disk has it), and drops ids no runner has
// pending any more: the record is usually absent, and holds one id at most.
// Lines are bridge lines by their id (`bridge-…`); other writers' lines are never recorded.
import { readFileSync, unlinkSync } from "node:fs"
import { join } from "node:path"
import { TskError } from "../domain/errors.ts"
import { fsyncDirSync, writeFileDurableSync } from "./durable-file.ts"
import { newLineId, type JournalLine } from "./tasks-journal.ts"

export const BRIDGE_LINE_PREFIX = "bridge-"
export const FOLDED_FILE = "tasks.folded.json"

export const foldedPath = (home: string) => join(home, FOLDED_FILE)

export function newBridgeLineId(): string {
  return `${BRIDGE_LINE_PREFIX}${newLineId()}${newLineId()}`
}

/**
 * Each id with the revision of the base that folds it in. The record is written before that base:
 * it counts only once the base on disk has at least that revision (a writer killed in between, such
 * as `tsk doctor --repair` after it set the journal aside, never wrote it, and the line is then
 * not applied). A record of version 1 names ids only (revision 0: trusted as it was).
 */
interface FoldedRecord {
  version: 2
  lines: { id: string; revision: number }[]
}

type FoldedRead = { status: "missing" } | { status: "ok"; lines: Map<string, number> } | { status: "unreadable"; error: string }

function readRecord(home: string): FoldedRead {
  let text: string
  try {
    text = readFileSync(foldedPath(home), "utf8")
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { status: "missing" }
    return { status: "unreadable", error: (error as Error).message }
  }
  try {
    const record = JSON.parse(text) as { version?: unknown; ids?: unknown; lines?: unknown }
    if (record.version === 1 && Array.isArray(record.ids) && record.ids.every((id) => typeof id === "string")) {
      return { status: "ok", lines: new Map(record.ids.map((id: string) => [id, 0])) }
    }
    if (
      record.version === 2 &&
      Array.isArray(record.lines) &&
      record.lines.every((l) => typeof l === "object" && l !== null && typeof l.id === "string" && Number.isInteger(l.revision))
    ) {
      return { status: "ok", lines: new Map((record.lines as FoldedRecord["lines"]).map((l) => [l.id, l.revision])) }
    }
    return { status: "unreadable", error: "not a record of folded lines" }
  } catch (error) {
    return { status: "unreadable", error: (error as Error).message }
  }
}

function unreadable(error: string): TskError {
  return new TskError(
    "corrupt",
    `${FOLDED_FILE} cannot be read (${error}): whether the runner's pending batch of task commands was saved cannot be told, so it is neither answered nor run again; the file names the lines that were saved: repair it, or remove it if it does not name the line agent-journal.json has pending`,
    { file: FOLDED_FILE },
  )
}

/**
 * The revision of the base that folds the bridge line `id` in, as recorded (null: not recorded).
 * Throws when the record exists but cannot be read: then nothing can be told.
 */
export function foldedRevision(home: string, id: string): number | null {
  const record = readRecord(home)
  if (record.status === "unreadable") throw unreadable(record.error)
  return record.status === "ok" ? (record.lines.get(id) ?? null) : null
}

/** Why the record cannot be read, or null when it can (or there is none): for `tsk doctor`. */
export function foldedRecordProblem(home: string): string | null {
  const record = readRecord(home)
  return record.status === "unreadable" ? unreadable(record.error).message : null
}

/** The ids of bridge lines recorded as folded into a base (throws when the record cannot be read). */
export function readFoldedIds(home: string): Set<string> {
  const record = readRecord(home)
  if (record.status === "unreadable") throw unreadable(record.error)
  return new Set(record.status === "ok" ? record.lines.keys() : [])
}

function writeRecord(home: string, lines: Map<string, number>): void {
  const path = foldedPath(home)
  if (lines.size === 0) {
    unlinkSync(path)
    fsyncDirSync(home)
    return
  }
  const record: FoldedRecord = { version: 2, lines: [...lines].map(([id, revision]) => ({ id, revision })) }
  writeFileDurableSync(path, JSON.stringify(record) + "\n")
}

/**
 * Forget `id`, whose base was never written (see FoldedRecord), in the tasks lock: the line is not
 * applied, and a later base reaching that revision must not make it count.
 */
export function forgetFoldedLine(home: string, id: string): void {
  const record = readRecord(home)
  if (record.status !== "ok" || !record.lines.has(id)) return
  record.lines.delete(id)
  writeRecord(home, record.lines)
}

/**
 * The line a runner recorded as pending in agent-journal.json, read without its schema (the store
 * must not load the bridge's). Null when there is none. A journal that cannot be read keeps every
 * recorded id (see recordFoldedLines).
 */
function pendingLine(home: string): string | null | undefined {
  let text: string
  try {
    text = readFileSync(join(home, "agent-journal.json"), "utf8")
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT" ? null : undefined
  }
  try {
    const line = (JSON.parse(text) as { pending?: { line?: unknown } | null }).pending?.line
    return typeof line === "string" ? line : null
  } catch {
    return undefined
  }
}

/**
 * Before a compaction writes the base of revision `revision` that folds `lines` in (the journal's
 * applicable lines, in the tasks lock; the base on disk then has revision `onDisk`): record,
 * durably, the bridge line among them that a runner has pending. Only a pending line is ever
 * asked about: a runner records a line as pending before it appends it (in the same lock) and
 * never names it again once it has moved on, so a line folded in while its runner has moved on
 * needs no record. An id recorded earlier is kept while it is still pending and its base was
 * written (the base on disk has at least its revision); when agent-journal.json cannot be read,
 * every such id is kept and every folded one recorded. A record that cannot be read is kept as it
 * is (settling then refuses to decide, see foldedRevision).
 */
export function recordFoldedLines(home: string, lines: readonly JournalLine[], revision: number, onDisk: number): void {
  const folded = lines.filter((line) => line.id.startsWith(BRIDGE_LINE_PREFIX)).map((line) => line.id)
  const record = readRecord(home)
  if (record.status === "unreadable") return
  const exists = record.status === "ok"
  if (folded.length === 0 && !exists) return
  const pending = pendingLine(home)
  if (!exists && pending !== undefined && (pending === null || !folded.includes(pending))) return
  const earlier = exists ? record.lines : new Map<string, number>()
  const next = new Map([...earlier].filter(([, at]) => at <= onDisk))
  for (const id of folded) next.set(id, revision)
  for (const id of next.keys()) if (pending !== undefined && id !== pending) next.delete(id)
  if (next.size === earlier.size && [...next].every(([id, at]) => earlier.get(id) === at)) return
  writeRecord(home, next)
}
