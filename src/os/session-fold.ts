// The session rows, folded from the session log (session-log.ts). `sessions.json` is a snapshot:
// the rows as they stood after the log's first `offset` bytes, and where that is in each log file
// (by inode, so a rotated log is recognised under its new name):
//   {"v": 812, "sessions": {id: row, …}, "log": {"ino": 1234, "offset": 60417}, "previous": {"ino": 1199, "offset": 524391}}
// A reader takes the snapshot and folds only what the logs hold past it. When that tail grows past
// COMPACT_BYTES a reader writes a new snapshot (a compaction), under the sessions lock, and only if
// it gets the lock at once; it also rotates a log past ROTATE_BYTES to `session_log.1.jsonl`. Hooks
// never take the lock and never rewrite a file: each appends its line and is done.
import { closeSync, readFileSync, renameSync, statSync } from "node:fs"
import { join } from "node:path"
import { applyLiveness, type LivenessOptions } from "./session-liveness.ts"
import { nextSession, pruneSessions, type AgentSession, type HookEvent, type SessionsFile } from "./sessions.ts"
import { appendSessionLine, openLog, parseLogLine, readLogTail, SESSION_LOG, SESSION_LOG_PREVIOUS, type LogTail, type SessionLogLine } from "./session-log.ts"
import { fsyncDirSync, writeFileDurableSync } from "../store/durable-file.ts"
import { tryLock, unlock, type HeldLock } from "../store/file-lock.ts"

/** A reader compacts once the logs hold this much past the snapshot. */
export const COMPACT_BYTES = 64 * 1024
/** A compaction moves a log this large aside to session_log.1.jsonl (a new one starts empty). */
export const ROTATE_BYTES = 512 * 1024

export const SESSIONS_FILE = "sessions.json"

/** Where the snapshot stands in one log file. */
export interface LogPosition {
  ino: number
  offset: number
}

export interface SessionsSnapshot extends SessionsFile {
  log: LogPosition | null
  previous: LogPosition | null
}

type Snapshot =
  | { kind: "none"; file: SessionsFile }
  /** Written before the fold (rows only): the logs' lines are folded into a row only when newer than it. */
  | { kind: "rows"; file: SessionsFile }
  | { kind: "snapshot"; file: SessionsFile; log: LogPosition | null; previous: LogPosition | null }

export interface FoldedSessions {
  file: SessionsFile
  /** Where the fold ended in the current log and in the previous one (null: no such file). */
  log: LogPosition | null
  previous: LogPosition | null
  /** Bytes of log folded past the snapshot (what a compaction would save the next reader). */
  tailBytes: number
  /** True when the snapshot predates the fold (a compaction writes it in the new form). */
  oldForm: boolean
  /** True when a log was not the file the snapshot folded (truncated, rewritten): a compaction records it anew. */
  reset: boolean
}

const position = (value: unknown): LogPosition | null => {
  const v = value as Partial<LogPosition> | null
  return v && typeof v.ino === "number" && typeof v.offset === "number" && v.offset >= 0 ? { ino: v.ino, offset: v.offset } : null
}

function readSnapshot(path: string): Snapshot {
  let parsed: Partial<SessionsSnapshot>
  try {
    parsed = JSON.parse(readFileSync(path, "utf8")) as Partial<SessionsSnapshot>
  } catch {
    // Missing or unreadable: fold the logs from their start.
    return { kind: "none", file: { v: 0, sessions: {} } }
  }
  if (typeof parsed.v !== "number" || !parsed.sessions || typeof parsed.sessions !== "object") return { kind: "none", file: { v: 0, sessions: {} } }
  const file = { v: parsed.v, sessions: parsed.sessions }
  if (!("log" in parsed) && !("previous" in parsed)) return { kind: "rows", file }
  return { kind: "snapshot", file, log: position(parsed.log), previous: position(parsed.previous) }
}

function lineEvent(line: SessionLogLine): HookEvent {
  return {
    hook_event_name: line.event,
    session_id: line.session,
    cwd: line.cwd,
    transcript_path: line.transcript,
    tool_name: line.tool,
    message: line.msg,
    notification_type: line.type,
    prompt: line.prompt,
    source: line.source,
  }
}

/** The snapshot's rows with the logs' lines past it applied in order, pruned as of the last line. */
function foldOnce(osRoot: string): FoldedSessions {
  const snapshot = readSnapshot(join(osRoot, SESSIONS_FILE))
  const sessions: Record<string, AgentSession> = { ...snapshot.file.sessions }
  let v = snapshot.file.v
  let latest = ""
  // Rows written before the fold already hold every line up to their `updated`; so do the
  // snapshot's rows for a log read again from its start (one truncated or rewritten in place).
  const rowsUpTo = (): Map<string, string> => new Map(Object.values(snapshot.file.sessions).map((s) => [s.id, s.updated]))
  const oldRows = snapshot.kind === "rows" ? rowsUpTo() : null
  let resetRows: Map<string, string> | null = null
  const apply = (text: string, reset: boolean) => {
    const line = parseLogLine(text)
    if (!line || line.session.length === 0) return
    const at = new Date(line.at)
    if (Number.isNaN(at.getTime())) return
    const upTo = (reset ? (resetRows ??= rowsUpTo()) : oldRows)?.get(line.session)
    if (upTo !== undefined && line.at <= upTo) return
    const process = "pid" in line && typeof line.host === "string" ? { pid: typeof line.pid === "number" ? line.pid : null, host: line.host } : null
    sessions[line.session] = nextSession(sessions[line.session] ?? null, lineEvent(line), at, process)
    v++
    if (line.at > latest) latest = line.at
  }
  const known = (ino: number): number | undefined => {
    if (snapshot.kind !== "snapshot") return undefined
    if (snapshot.previous?.ino === ino) return snapshot.previous.offset
    if (snapshot.log?.ino === ino) return snapshot.log.offset
    return undefined
  }
  let tailBytes = 0
  // The current log is opened first: a rotation between the two opens then shows one file under
  // both names (read once, as the current log), never the old previous log and the new empty one
  // with the rotated file's tail in neither.
  const currentLog = openLog(join(osRoot, SESSION_LOG))
  const previousLog = openLog(join(osRoot, SESSION_LOG_PREVIOUS))
  let previous: (LogTail & { ino: number }) | null = null
  let current: (LogTail & { ino: number }) | null = null
  try {
    // The previous log's lines are older. One the snapshot does not know was folded whole before
    // the rotation that made it (or, with no snapshot in the new form, is folded from its start).
    if (previousLog && previousLog.ino !== currentLog?.ino) previous = readLogTail(previousLog, known(previousLog.ino) ?? (snapshot.kind === "snapshot" ? null : 0))
    if (currentLog) current = readLogTail(currentLog, known(currentLog.ino) ?? 0)
  } finally {
    for (const log of [currentLog, previousLog]) if (log) closeSync(log.fd)
  }
  for (const tail of [previous, current]) {
    if (!tail) continue
    for (const text of tail.lines) {
      apply(text, tail.reset)
      tailBytes += text.length + 1
    }
  }
  const pruned = latest === "" ? sessions : pruneSessions(sessions, new Date(latest))
  return {
    file: { v, sessions: pruned },
    log: current ? { ino: current.ino, offset: current.end } : null,
    previous: previous ? { ino: previous.ino, offset: previous.end } : null,
    tailBytes,
    oldForm: snapshot.kind !== "snapshot",
    reset: (previous?.reset ?? false) || (current?.reset ?? false),
  }
}

const snapshotStamp = (path: string) => {
  const stat = statSync(path, { throwIfNoEntry: false })
  return stat ? `${stat.ino}:${stat.size}:${stat.mtimeMs}` : "-"
}

/**
 * The session rows under `osRoot` as the logs have them now. A compaction that lands while the
 * logs are read (it may rotate one away) makes the fold start again from its snapshot.
 */
export function foldSessions(osRoot: string): FoldedSessions {
  const path = join(osRoot, SESSIONS_FILE)
  for (let attempt = 0; ; attempt++) {
    const before = snapshotStamp(path)
    const folded = foldOnce(osRoot)
    if (attempt >= 4 || snapshotStamp(path) === before) return folded
  }
}

/**
 * Write the fold as the new snapshot, and rotate a log past `rotateBytes`: only with the sessions
 * lock, taken at once or not at all (a compaction is never worth a wait: the next reader does it).
 * False when another process holds the lock.
 */
export function compactSessions(osRoot: string, rotateBytes = ROTATE_BYTES): boolean {
  const path = join(osRoot, SESSIONS_FILE)
  const lock = tryLock(path)
  if (!lock) return false
  try {
    const folded = foldOnce(osRoot)
    const rotate = folded.log !== null && folded.log.offset >= rotateBytes
    const snapshot: SessionsSnapshot = {
      ...folded.file,
      // After a rotation the current log is a new file, folded from its start.
      log: rotate ? null : folded.log,
      previous: rotate ? folded.log : folded.previous,
    }
    writeFileDurableSync(path, JSON.stringify(snapshot, null, 2) + "\n", () => stillOurs(lock))
    if (rotate) rotateLog(osRoot, folded.log!.ino, folded.previous, lock)
    return true
  } finally {
    unlock(lock)
  }
}

function stillOurs(lock: HeldLock): void {
  if (!lock.stillHeld()) throw new Error(`the lock on ${SESSIONS_FILE} was taken over; this compaction is left to the next reader`)
}

/**
 * Move the log the snapshot just folded aside; the next hook starts a new one. The previous log
 * it replaces loses its last name, but a hook that opened it before the last rotation may still
 * write to it: one that wrote before the rename finds the file still named and is done, so the
 * lines that reached it past `previous` (where the fold ended) are copied into the log after the
 * rename; a hook that writes after the rename finds no name and writes its line again itself
 * (appendSessionLine).
 */
function rotateLog(osRoot: string, ino: number, previous: LogPosition | null, lock: HeldLock): void {
  const log = join(osRoot, SESSION_LOG)
  const previousPath = join(osRoot, SESSION_LOG_PREVIOUS)
  // Only the very file folded, and only while the lock is ours (another compactor may have rotated it).
  if (!lock.stillHeld() || statSync(log, { throwIfNoEntry: false })?.ino !== ino) return
  const replaced = previous ? openLog(previousPath) : null
  try {
    renameSync(log, previousPath)
    fsyncDirSync(osRoot)
    if (!replaced || replaced.ino !== previous!.ino) return
    const late = readLogTail(replaced, previous!.offset)
    if (late.reset) return
    for (const text of late.lines) {
      const line = parseLogLine(text)
      if (line) appendSessionLine(osRoot, line)
    }
  } finally {
    if (replaced) closeSync(replaced.fd)
  }
}

/**
 * The sessions under an os root as they stand now (process gone: ended; silent: stale), most
 * recently active first. Compacts when the logs hold more than COMPACT_BYTES past the snapshot.
 */
export function readAgentSessions(osRoot: string, options: LivenessOptions = {}): AgentSession[] {
  const folded = foldSessions(osRoot)
  if (folded.tailBytes > COMPACT_BYTES || folded.reset || (folded.oldForm && folded.tailBytes > 0) || (folded.log?.offset ?? 0) >= ROTATE_BYTES) {
    try {
      compactSessions(osRoot)
    } catch {
      // A snapshot not written is only a longer fold for the next reader.
    }
  }
  return Object.values(folded.file.sessions)
    .map((session) => applyLiveness(session, options))
    .sort((a, b) => b.updated.localeCompare(a.updated))
}
