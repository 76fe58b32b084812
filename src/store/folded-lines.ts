// The bridge's evidence for a task batch written as one tasks.journal line. The runner records the
// line's id in agent-journal.json (`pending.line`) before it appends the line, inside the tasks
// lock; after a crash the batch was applied exactly when that line is in the journal's applicable
// chain, or was folded into a base by a compaction. A compaction removes the journal, so before it
// writes the new base it records here (tasks.folded.json, durably) the id of a bridge line it folds
// in that a runner has pending (read from agent-journal.json; a runner has at most one), and drops
// ids no runner has pending any more: the record is usually absent, and holds one id at most.
// Lines are bridge lines by their id (`bridge-…`); other writers' lines are never recorded.
import { existsSync, readFileSync, unlinkSync } from "node:fs"
import { join } from "node:path"
import { fsyncDirSync, writeFileDurableSync } from "./durable-file.ts"
import { newLineId, type JournalLine } from "./tasks-journal.ts"

export const BRIDGE_LINE_PREFIX = "bridge-"
export const FOLDED_FILE = "tasks.folded.json"

export const foldedPath = (home: string) => join(home, FOLDED_FILE)

export function newBridgeLineId(): string {
  return `${BRIDGE_LINE_PREFIX}${newLineId()}${newLineId()}`
}

interface FoldedRecord {
  version: 1
  ids: string[]
}

/** The ids of bridge lines folded into a base (empty when there is no record or it is unreadable). */
export function readFoldedIds(home: string): Set<string> {
  try {
    const record = JSON.parse(readFileSync(foldedPath(home), "utf8")) as FoldedRecord
    return new Set(Array.isArray(record.ids) ? record.ids.filter((id) => typeof id === "string") : [])
  } catch {
    return new Set()
  }
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
 * Before a compaction writes the base that folds `lines` in (the journal's applicable lines, in
 * the tasks lock): record, durably, the bridge line among them that a runner has pending. Only a
 * pending line is ever asked about: a runner records a line as pending before it appends it (in
 * the same lock) and never names it again once it has moved on, so a line folded in while its
 * runner has moved on needs no record. An id recorded earlier is kept while it is still pending;
 * when agent-journal.json cannot be read, every id is kept and every folded one recorded.
 */
export function recordFoldedLines(home: string, lines: readonly JournalLine[]): void {
  const path = foldedPath(home)
  const folded = lines.filter((line) => line.id.startsWith(BRIDGE_LINE_PREFIX)).map((line) => line.id)
  const exists = existsSync(path)
  if (folded.length === 0 && !exists) return
  const pending = pendingLine(home)
  if (!exists && pending !== undefined && (pending === null || !folded.includes(pending))) return
  const earlier = exists ? readFoldedIds(home) : new Set<string>()
  const ids = [...new Set([...earlier, ...folded])].filter((id) => pending === undefined || id === pending)
  if (ids.length === 0) {
    unlinkSync(path)
    fsyncDirSync(home)
    return
  }
  if (ids.length === earlier.size && ids.every((id) => earlier.has(id))) return
  writeFileDurableSync(path, JSON.stringify({ version: 1, ids } satisfies FoldedRecord) + "\n")
}
