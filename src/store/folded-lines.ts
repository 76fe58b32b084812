// The bridge's evidence for a task batch written as one tasks.journal line. The runner records the
// line's id in agent-journal.json (`pending.line`) before it appends the line, inside the tasks
// lock; after a crash the batch was applied exactly when that line is in the journal's applicable
// chain, or was folded into a base by a compaction. A compaction removes the journal, so before it
// writes the new base it records here (tasks.folded.json, durably) the ids of the bridge lines it
// folds in. The record stays small: a compaction keeps only the ids folded now and those a runner
// still has pending (read from agent-journal.json); a runner has at most one pending line.
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
 * the tasks lock): record the bridge lines among them, durably. Ids recorded earlier are kept
 * while a runner still has them pending. Writes nothing when there is nothing to record or keep.
 */
export function recordFoldedLines(home: string, lines: readonly JournalLine[]): void {
  const path = foldedPath(home)
  const folded = lines.filter((line) => line.id.startsWith(BRIDGE_LINE_PREFIX)).map((line) => line.id)
  const exists = existsSync(path)
  if (folded.length === 0 && !exists) return
  const earlier = exists ? readFoldedIds(home) : new Set<string>()
  const pending = pendingLine(home)
  const kept = [...earlier].filter((id) => pending === undefined || id === pending)
  const ids = [...new Set([...kept, ...folded])]
  if (ids.length === 0) {
    unlinkSync(path)
    fsyncDirSync(home)
    return
  }
  if (folded.length === 0 && ids.length === earlier.size) return
  writeFileDurableSync(path, JSON.stringify({ version: 1, ids } satisfies FoldedRecord) + "\n")
}
