// `session_log.jsonl`: one line per hook event, the record the session rows are folded from
// (session-fold.ts). A hook's only write is here: one O_APPEND write of a whole line and one
// fdatasync, without a lock, so hooks that run at once never wait for each other and never drop a
// row (the kernel appends each write whole, at the end). Only a compaction, under the sessions
// lock, ever renames the file (to `session_log.1.jsonl`); nothing ever rewrites it. Synchronous
// node:fs with no other imports: `tsk hook` runs this on every agent event.
import { closeSync, constants, fdatasyncSync, fstatSync, fsyncSync, openSync, readSync, statSync, writeSync } from "node:fs"
import { appendError, makeFolderSync } from "../store/home-links.ts"
import { NEWLINE, readCompleteLines } from "../store/complete-lines.ts"

export const SESSION_LOG = "session_log.jsonl"
/** The log before the last rotation: readers fold its unfolded tail too (session-fold.ts). */
export const SESSION_LOG_PREVIOUS = "session_log.1.jsonl"

/**
 * One hook event as logged. `status` is what the hook saw (lines written before the fold have it);
 * the fold works the status out from the events in order, as nextSessionStatus says.
 */
export interface SessionLogLine {
  at: string
  session: string
  event: string
  status?: string
  /** PreToolUse / PostToolUse / PermissionRequest's tool. */
  tool?: string
  /** A Notification's notification_type. */
  type?: string
  /** A Notification's message. */
  msg?: string
  cwd?: string
  transcript?: string
  /** The start of a UserPromptSubmit's prompt. */
  prompt?: string
  /** SessionStart's source (`compact` keeps the status). */
  source?: string
  /** The Claude Code process that ran the hook (null: not found), and its host. */
  pid?: number | null
  host?: string
}


/**
 * Append `line` to the session log under `osRoot`: one write, then fdatasync, so the event is on
 * disk when the hook exits. A line left torn by a crash is never extended: the next append starts
 * on a fresh line, and readers skip the fragment. A log this call created has its folder synced
 * too (and a folder it made, in its parent: makeFolderSync), so the new file's name survives a
 * power cut as well. `again`: the line is being written a
 * second time (see below).
 */
export function appendSessionLine(osRoot: string, line: SessionLogLine, again = false): void {
  makeFolderSync(osRoot)
  const path = `${osRoot}/${SESSION_LOG}`
  let fd: number
  try {
    fd = openSync(path, constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW, 0o600)
  } catch (error) {
    throw appendError(error, path)
  }
  let fresh: boolean
  let ino: number
  try {
    const stat = fstatSync(fd)
    const size = stat.size
    ino = stat.ino
    fresh = size === 0
    let lead = ""
    if (!fresh) {
      const last = new Uint8Array(1)
      readSync(fd, last, 0, 1, size - 1)
      if (last[0] !== NEWLINE) lead = "\n"
    }
    writeSync(fd, `${lead}${JSON.stringify(line)}\n`)
    fdatasyncSync(fd)
  } finally {
    closeSync(fd)
  }
  if (fresh) syncFolder(osRoot)
  // A hook held up between its open and its write (a stopped process) while compactions rotated
  // the log twice wrote into a file that no name leads to any more, which no reader folds: the
  // line goes into the log once more (should the second rotation have folded it before the move,
  // the event is folded twice, as the same event again).
  if (!again && statSync(path, { throwIfNoEntry: false })?.ino !== ino && statSync(`${osRoot}/${SESSION_LOG_PREVIOUS}`, { throwIfNoEntry: false })?.ino !== ino) {
    appendSessionLine(osRoot, line, true)
  }
}

function syncFolder(dir: string): void {
  const fd = openSync(dir, "r")
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/** The complete lines of a log from byte `from` on, and where the next read starts (after the last newline). */
export interface LogTail {
  lines: string[]
  end: number
  /**
   * True when the log held no line's end at the known offset (it was truncated, or rewritten in
   * place): its lines were read from its start instead.
   */
  reset: boolean
}

/** A log opened for reading (never through a link), or null when missing or not a file; closed by the caller. */
export interface OpenLog {
  fd: number
  ino: number
}

export function openLog(path: string): OpenLog | null {
  let fd: number
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW)
  } catch {
    return null
  }
  const stat = fstatSync(fd)
  if (stat.isFile()) return { fd, ino: stat.ino }
  closeSync(fd)
  return null
}

/**
 * The complete lines of an open log after `from` (null: none, the file counts as read to its last
 * line's end). Every offset this gives is 0 or just past a newline, so a known offset past the end
 * or without a newline before it means the file is not the one folded: it is read from 0 (`reset`).
 */
export function readLogTail(log: OpenLog, from: number | null): LogTail & { ino: number } {
  const { fd, ino } = log
  const size = fstatSync(fd).size
  if (from === null) return { ino, lines: [], end: lineEndBefore(fd, size), reset: false }
  const reset = from > 0 && (size < from || byteAt(fd, from - 1) !== NEWLINE)
  const start = reset ? 0 : from
  if (size <= start) return { ino, lines: [], end: start, reset }
  const complete = readCompleteLines(fd, start, size)
  return complete ? { ino, ...complete, reset } : { ino, lines: [], end: start, reset }
}

function byteAt(fd: number, position: number): number | undefined {
  const one = new Uint8Array(1)
  return readSync(fd, one, 0, 1, position) === 1 ? one[0] : undefined
}

/** Just past the last newline before `size` (0 when there is none), read backwards a few KiB at a time. */
function lineEndBefore(fd: number, size: number): number {
  const chunk = new Uint8Array(4096)
  for (let end = size; end > 0; ) {
    const start = Math.max(0, end - chunk.length)
    const n = readSync(fd, chunk, 0, end - start, start)
    const at = chunk.subarray(0, n).lastIndexOf(NEWLINE)
    if (at >= 0) return start + at + 1
    end = start
  }
  return 0
}

/** A log line as written, or null for a fragment a crash left, a blank line or anything else. */
export function parseLogLine(text: string): SessionLogLine | null {
  if (text.length === 0) return null
  try {
    const value = JSON.parse(text) as Partial<SessionLogLine> | null
    if (!value || typeof value !== "object") return null
    if (typeof value.at !== "string" || typeof value.session !== "string" || typeof value.event !== "string") return null
    return value as SessionLogLine
  } catch {
    return null
  }
}
