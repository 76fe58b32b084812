// tasks.journal: the changes made since tasks.json (the base) was last written in full, one JSON
// line per change: `{"base":B,"revision":R,"put":[tasks],"delete":[ids],"maxOrder":M,"id":...}`.
// A line applies only to the base whose revision is B, and only in a chain (its revision is one
// above the previous one applied, the first one above B): lines left beside a newer base (a crash
// between the steps of a compaction, an outside write of tasks.json with a new revision) apply to
// nothing. A line is written by one write(2) on an O_APPEND descriptor, inside the tasks lock, and
// fsynced before the change is acknowledged. The last line may be torn (a crash during that write,
// never acknowledged): readers ignore it and the next writer cuts it off. A bad line that is not
// the last makes the journal corrupt (like a corrupt tasks.json: nothing is written over it).
import { closeSync, fstatSync, fsyncSync, ftruncateSync, lstatSync, openSync, readSync, statSync, writeSync, constants } from "node:fs"
import { TskError } from "../domain/errors.ts"
import { LockLostError } from "./lock-context.ts"
import type { Task } from "../domain/task.ts"
import { fsyncDirSync } from "./durable-file.ts"
import { dirname } from "node:path"
import { nothingAt } from "./bun-files.ts"
import { linkRefused } from "./home-links.ts"
import { oddKindOf } from "./regular-file.ts"

export interface JournalLine {
  base: number
  revision: number
  put: Task[]
  delete: string[]
  /** The highest `order` of the list after this change (a new task goes above it). */
  maxOrder: number
  /** Random: two journals never share their first line (see the reader's cache). */
  id: string
}

export interface JournalScan {
  /** Well-formed complete lines, in file order, whatever their base. */
  lines: JournalLine[]
  /** Byte offset just after the last well-formed line: a writer truncates the file to it. */
  end: number
  /** Bytes scanned up to (from the scan's start offset). */
  size: number
  /** Set when a bad line is followed by others: the journal is corrupt. */
  corrupt: string | null
  /** Bytes of the first line of the file, when the scan started at 0 (the cache's check). */
  head: Buffer | null
}

const NEWLINE = 0x0a

function isLine(value: unknown): value is JournalLine {
  if (typeof value !== "object" || value === null) return false
  const line = value as Record<string, unknown>
  return (
    Number.isInteger(line.base) &&
    Number.isInteger(line.revision) &&
    Number.isFinite(line.maxOrder) &&
    Array.isArray(line.put) &&
    line.put.every((t) => typeof t === "object" && t !== null && typeof (t as { id?: unknown }).id === "string") &&
    Array.isArray(line.delete) &&
    line.delete.every((id) => typeof id === "string")
  )
}

function parseLine(bytes: Buffer): JournalLine | null {
  try {
    const value: unknown = JSON.parse(bytes.toString("utf8"))
    return isLine(value) ? value : null
  } catch {
    return null
  }
}

/** Scan `buf` (the journal's bytes from `from` on; `from` is where they start in the file). */
export function scanJournal(buf: Buffer, from = 0): JournalScan {
  return scanWhole(buf, from) ?? scanLineByLine(buf, from)
}

/**
 * The usual case, in one JSON.parse: every complete line is a change (JSON text holds no raw
 * newline, so the lines joined by commas are an array). Null when any line is not: then the
 * line-by-line scan says which.
 */
function scanWhole(buf: Buffer, from: number): JournalScan | null {
  const last = buf.lastIndexOf(NEWLINE)
  if (last < 0) return null
  let lines: unknown
  try {
    lines = JSON.parse(`[${buf.toString("utf8", 0, last).replaceAll("\n", ",")}]`)
  } catch {
    return null
  }
  if (!Array.isArray(lines) || !lines.every(isLine)) return null
  const first = buf.indexOf(NEWLINE)
  return { lines, end: from + last + 1, size: from + buf.length, corrupt: null, head: from === 0 ? Buffer.from(buf.subarray(0, first + 1)) : null }
}

function scanLineByLine(buf: Buffer, from: number): JournalScan {
  const lines: JournalLine[] = []
  let at = 0
  let end = 0
  let corrupt: string | null = null
  let head: Buffer | null = null
  let bad: number | null = null
  while (at < buf.length) {
    if (bad !== null) {
      corrupt = `tasks.journal is invalid: the line at byte ${bad} is not a change, and more follows it`
      break
    }
    const nl = buf.indexOf(NEWLINE, at)
    if (nl < 0) break // torn tail: never acknowledged
    const line = parseLine(buf.subarray(at, nl))
    if (line === null) {
      bad = from + at
    } else {
      if (from === 0 && lines.length === 0) head = Buffer.from(buf.subarray(0, nl + 1))
      lines.push(line)
      end = nl + 1
    }
    at = nl + 1
  }
  // A bad last line (terminated or not) is a torn write: ignored, cut off by the next writer.
  return { lines, end: from + end, size: from + buf.length, corrupt, head }
}

/** The lines that apply to a base at `baseRevision`, continuing a chain that reached `revision`. */
export function applicableLines(lines: readonly JournalLine[], baseRevision: number, revision = baseRevision): JournalLine[] {
  const applied: JournalLine[] = []
  let expected = revision + 1
  for (const line of lines) {
    if (line.base !== baseRevision || line.revision !== expected) continue
    applied.push(line)
    expected++
  }
  return applied
}

/** The list after `lines`: puts replace a task in place or add it at the end; deletes remove. */
export function applyLines(tasks: readonly Task[], lines: readonly JournalLine[]): Task[] {
  if (lines.length === 0) return tasks as Task[]
  // Only the positions of the tasks the lines name are looked up (a few among thousands).
  const touched = new Set<string>()
  for (const line of lines) {
    for (const task of line.put) touched.add(task.id)
    for (const id of line.delete) touched.add(id)
  }
  const result = tasks.slice()
  const at = new Map<string, number>()
  for (let i = 0; i < result.length; i++) if (touched.has(result[i]!.id)) at.set(result[i]!.id, i)
  let holes = false
  for (const line of lines) {
    for (const task of line.put) {
      const i = at.get(task.id)
      if (i === undefined) {
        at.set(task.id, result.length)
        result.push(task)
      } else result[i] = task
    }
    for (const id of line.delete) {
      const i = at.get(id)
      if (i === undefined) continue
      at.delete(id)
      ;(result as Array<Task | undefined>)[i] = undefined
      holes = true
    }
  }
  return holes ? result.filter((t) => t !== undefined) : result
}

/**
 * The change from `before` to `after` as puts and deletes, or null when applying them to `before`
 * would not give exactly `after` (a reordering): then the whole list is written instead. Domain
 * operations return new objects for the tasks they change, so an unchanged task is the same
 * object; one pass pairs the two lists, and a replay proves the result.
 */
export function diffTasks(before: readonly Task[], after: readonly Task[]): { put: Task[]; delete: string[] } | null {
  const put: Task[] = []
  const deleted: string[] = []
  let i = 0
  let j = 0
  while (i < before.length && j < after.length) {
    const b = before[i]!
    const a = after[j]!
    if (a !== b) {
      if (a.id !== b.id) {
        deleted.push(b.id)
        i++
        continue
      }
      put.push(a)
    }
    i++
    j++
  }
  for (; i < before.length; i++) deleted.push(before[i]!.id)
  for (; j < after.length; j++) put.push(after[j]!)
  const delta = { put, delete: deleted }
  const replayed = applyLines(before, [{ base: 0, revision: 0, maxOrder: 0, id: "", ...delta }])
  if (replayed.length !== after.length) return null
  for (let k = 0; k < after.length; k++) if (replayed[k] !== after[k]) return null
  return delta
}

export function maxOrderOf(tasks: readonly Task[]): number {
  let max = 0
  for (const t of tasks) if (t.order > max) max = t.order
  return max
}

export function newLineId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")
}

export function serializeLine(line: JournalLine): string {
  return JSON.stringify(line) + "\n"
}

/** The journal's bytes from `from` to its end, or null when there is no journal. */
export function readJournalBytes(path: string, from = 0): { bytes: Buffer; ino: number; size: number } | null {
  let fd: number
  try {
    // Never blocks on a FIFO nor follows a link planted in its place (see regular-file.ts).
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null
    const code = (error as NodeJS.ErrnoException).code
    if (code === "ELOOP") throw linkRefused(path)
    throw new TskError("io", `cannot read tasks.journal: ${code ?? "error"}`, { file: path })
  }
  try {
    const stat = fstatSync(fd)
    if (!stat.isFile()) throw new TskError("io", `${path} is ${oddKindOf(stat)}, not a regular file; tsk reads only regular files (tsk doctor --repair fixes it)`, { file: path })
    const length = Math.max(0, stat.size - from)
    const bytes = Buffer.alloc(length)
    let got = 0
    while (got < length) {
      const n = readSync(fd, bytes, got, length - got, from + got)
      if (n === 0) break
      got += n
    }
    return { bytes: bytes.subarray(0, got), ino: stat.ino, size: stat.size }
  } finally {
    closeSync(fd)
  }
}

/**
 * readJournalBytes for a reader outside the lock, through Bun's file API (see bun-files.ts): the
 * inode is the one stat gave just before the read, not that of the descriptor that read (Bun's
 * read opens its own). A journal replaced in between is not mistaken for the one read: a
 * compaction replaces the base first, which readState notices and reads again, and a later
 * read from where this one stopped compares the journal's first line (see startsWith). No
 * journal (the usual case after a compaction) is asked first: a stat that fails builds an error
 * with its stack, ~0.3 ms of a listing, against a few µs for the question. Anything else there
 * (a folder) fails the read, as it fails a writer's.
 */
export async function readJournalForReader(path: string): Promise<{ bytes: Buffer; ino: number; size: number } | null> {
  if (nothingAt(path)) return null
  // A journal is there (between compactions): a link in its place is refused, not read through,
  // and anything but a regular file is refused before a read that would block on it.
  const link = lstatSync(path, { throwIfNoEntry: false })
  if (link && !link.isFile()) throw new TskError("io", `${path} is ${oddKindOf(link)}, not a regular file; tsk reads only regular files (tsk doctor --repair fixes it)`, { file: path })
  const file = Bun.file(path)
  try {
    const stat = await file.stat()
    if (!stat.isFile()) throw new TskError("io", `${path} is not a regular file; tsk reads only regular files (tsk doctor --repair fixes it)`, { file: path })
    const bytes = Buffer.from(await file.slice(0, stat.size).arrayBuffer())
    return { bytes, ino: stat.ino, size: stat.size }
  } catch (error) {
    if (error instanceof TskError) throw error
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null
    throw new TskError("io", `cannot read tasks.journal: ${(error as NodeJS.ErrnoException).code ?? "error"}`)
  }
}

/** True when the file at `path` (inode `ino`) still starts with `head`. */
export function startsWith(path: string, ino: number, head: Buffer): boolean {
  let fd: number
  try {
    fd = openSync(path, "r")
  } catch {
    return false
  }
  try {
    if (fstatSync(fd).ino !== ino) return false
    const bytes = Buffer.alloc(head.length)
    return readSync(fd, bytes, 0, head.length, 0) === head.length && bytes.equals(head)
  } finally {
    closeSync(fd)
  }
}

export interface AppendTarget {
  /** The journal as read inside the lock: null when there was none. */
  expected: { ino: number; size: number; end: number } | null
}

export const UNSETTLED_APPEND =
  "this process was paused while it saved the change, and another one reorganised the task list meanwhile: the change may or may not have been saved; look before you repeat it"

/**
 * Append `line` to the journal at `path` with one write on an O_APPEND descriptor and fsync it
 * (and the folder when the file is new). `guard` runs just before the write: it throws when the
 * lock was lost or the files are no longer the ones read. A torn tail is cut off first.
 */
export function appendLine(path: string, target: AppendTarget, line: string, guard: () => void): void {
  const { expected } = target
  // O_NOFOLLOW: a link planted as tasks.journal never sends the line to another file.
  const flags = constants.O_RDWR | constants.O_APPEND | constants.O_NOFOLLOW | (expected === null ? constants.O_CREAT | constants.O_EXCL : 0)
  let fd: number
  try {
    fd = openSync(path, flags, 0o600)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    // Someone else created or removed it since the read: only a writer that lost its lock can.
    if (code === "EEXIST" || code === "ENOENT") {
      guard()
      throw new TskError("conflict", "tasks.journal changed while this process held the lock; nothing was written")
    }
    if (code === "ELOOP") throw linkRefused(path)
    throw error
  }
  try {
    if (expected !== null) {
      const stat = fstatSync(fd)
      if (stat.ino !== expected.ino || stat.size !== expected.size) {
        guard()
        throw new TskError("conflict", "tasks.journal changed while this process held the lock; nothing was written")
      }
    }
    guard()
    if (expected !== null && expected.end < expected.size) {
      // Cut the torn tail only while the file is still exactly as read.
      if (fstatSync(fd).size !== expected.size) throw new LockLostError(path)
      ftruncateSync(fd, expected.end)
    }
    const bytes = Buffer.from(line, "utf8")
    const written = writeSync(fd, bytes)
    if (written !== bytes.length) throw new TskError("io", "tasks.journal: short write; the change was not saved")
    fsyncSync(fd)
    // The line counts only where it was meant to go, right after the lines read: a writer paused
    // past its lock's takeover may have appended after another holder's line, where its revision
    // repeats one already taken and applies to nothing. Then nothing was saved: say so (the change
    // is redone on what is on disk now).
    const at = expected?.end ?? 0
    const back = Buffer.alloc(bytes.length)
    if (readSync(fd, back, 0, back.length, at) !== back.length || !back.equals(bytes)) throw new LockLostError(path)
    // A writer paused right after its guard, past its lock's takeover, while the new holder folded
    // the journal into tasks.json and removed it, wrote into a file that is gone. Whether its line
    // was folded in (written before the fold read the journal) or not cannot be told: neither
    // acknowledge the change nor redo it (a note or a task could then be added twice).
    const mine = fstatSync(fd)
    if (mine.nlink === 0 || statSync(path, { throwIfNoEntry: false })?.ino !== mine.ino) throw new TskError("conflict", UNSETTLED_APPEND)
  } finally {
    closeSync(fd)
  }
  if (expected === null) fsyncDirSync(dirname(path))
}
