// The optimistic lock. An operation reads its files (remembering each on-disk `v`), computes, and
// hands a transaction here. Under one short cross-process lock every version is compared again, in
// order (primary files, then their summaries, then state.json); if any moved on, nothing of the
// transaction is written and the state becomes blocked with an `E` log line instead.
import { TskError } from "../domain/errors.ts"
import { writeJsonDurable } from "../store/durable-file.ts"
import { withFileLock } from "../store/file-lock.ts"
import { appendLogLines, type LogEntry } from "./log-writer.ts"
import type { OsPaths } from "./os-paths.ts"
import { BLOCKED_STATES, StateFile, type BlockState, type LogLine } from "./schemas.ts"
import { fileLabel, readDiskVersion, readVersioned } from "./versioned-file.ts"

export interface PlannedWrite {
  path: string
  /** The version read before computing; null when the file did not exist. */
  expectedV: number | null
  /** Written with `v = expectedV + 1` (or 1 for a new file). */
  value: Record<string, unknown>
  /** The state a conflict on this file leads to. */
  onConflict: BlockState
}

export interface Transaction {
  /** What the operation was, for messages: `analyze`, `complete t1`, … */
  op: string
  stateV: number
  /** The new state; `v`, `g`, `ln` and `max` are set here. */
  state: Omit<StateFile, "v" | "g" | "ln" | "max">
  writes: PlannedWrite[]
  logs: LogEntry[]
  /**
   * The step records a failure in `state.err` (a failed or rejected task). Any other step that
   * succeeds clears `err` (a blocked state keeps the error that blocked it until `clear`).
   */
  setsErr?: boolean
}

export type CommitResult =
  | { ok: true; state: StateFile; lines: LogLine[] }
  | { ok: false; blockedAs: StateFile["st"]; message: string }

export const nextVersion = (expectedV: number | null) => (expectedV ?? 0) + 1

async function readStateOnDisk(paths: OsPaths): Promise<StateFile> {
  const state = await readVersioned(paths.state, StateFile, "state.json")
  if (!state) throw new TskError("io", "state.json disappeared while an operation was running")
  return state
}

/**
 * Apply `mutate` to the state on disk inside the lock (read-modify-write, never a stale copy) and
 * append its log entries. Used for blocks, errors, `clear`, the check's log and the startup.
 */
export async function mutateStateLocked(
  paths: OsPaths,
  mutate: (state: StateFile) => { state: StateFile; logs: LogEntry[] } | null,
): Promise<StateFile> {
  return withCommitLock(paths, () => mutateStateUnderLock(paths, mutate))
}

async function mutateStateUnderLock(
  paths: OsPaths,
  mutate: (state: StateFile) => { state: StateFile; logs: LogEntry[] } | null,
): Promise<StateFile> {
  const current = await readStateOnDisk(paths)
  const change = mutate(current)
  if (!change) return current
  return writeStateWithLogs(paths, current.v, change.state, change.logs)
}

/**
 * Append `logs` and write `state` as version `currentV + 1`. Lock held. Every write of state.json
 * appends at least one log line, so `v` never exceeds the newest log id + 1: the rule a repair uses
 * to give a rebuilt state.json a version above any it had before.
 */
export async function writeStateWithLogs(paths: OsPaths, currentV: number, state: StateFile, logs: LogEntry[]): Promise<StateFile> {
  const counters = await appendLogLines(paths.logs, state, logs)
  const next: StateFile = { ...state, v: currentV + 1, g: counters.g, ln: counters.ln }
  await writeJsonDurable(paths.state, next)
  return next
}

/**
 * Append log lines without writing state.json (the startup of a runner with nothing to change, the
 * check's findings): a reader never moves `v` on under an agent's feet. The next write of the state
 * takes `g` and `ln` from the log.
 */
export async function appendLogsOnly(paths: OsPaths, logs: (state: StateFile) => LogEntry[]): Promise<LogLine[]> {
  return withCommitLock(paths, async () => {
    const state = await readStateOnDisk(paths)
    return (await appendLogLines(paths.logs, state, logs(state))).lines
  })
}

/** Hold the lock every compare-and-write of the agent operating state takes. */
export const withCommitLock = <T>(paths: OsPaths, fn: () => Promise<T>) => withFileLock(paths.commitLock, fn)

/** Record a block: keep an existing block (blocked states stay until cleared), log the cause. */
function blockWith(blockState: BlockState, message: string) {
  return (state: StateFile) => ({
    state: { ...state, st: BLOCKED_STATES.has(state.st) ? state.st : blockState, err: message.slice(0, 300) },
    logs: [{ L: "E" as const, ph: state.ph, plan: state.cp, task: state.ct, msg: `${blockState}: ${message}` }],
  })
}

/** `logMax`: the rollover threshold now configured (the state keeps its own when not given). */
export async function commitTransaction(paths: OsPaths, tx: Transaction, logMax?: number): Promise<CommitResult> {
  return withCommitLock(paths, async () => {
    let conflict: { state: BlockState; message: string } | null = null
    for (const write of tx.writes) {
      const label = fileLabel(paths.root, write.path)
      const disk = await readDiskVersion(write.path, label)
      if (disk !== write.expectedV) {
        conflict = { state: write.onConflict, message: describeConflict(tx.op, label, write.expectedV, disk) }
        break
      }
    }
    const diskState = await readStateOnDisk(paths)
    if (!conflict && diskState.v !== tx.stateV) {
      conflict = { state: "BLK_CON", message: describeConflict(tx.op, "state.json", tx.stateV, diskState.v) }
    }
    if (conflict) {
      const blocked = await mutateStateUnderLock(paths, blockWith(conflict.state, conflict.message))
      return { ok: false, blockedAs: blocked.st, message: conflict.message }
    }
    for (const write of tx.writes) await writeJsonDurable(write.path, { ...write.value, v: nextVersion(write.expectedV) })
    const max = logMax ?? diskState.max
    const counters = await appendLogLines(paths.logs, { g: diskState.g, max }, tx.logs)
    const state: StateFile = { ...tx.state, err: tx.setsErr || BLOCKED_STATES.has(tx.state.st) ? tx.state.err : null, v: diskState.v + 1, g: counters.g, ln: counters.ln, max }
    await writeJsonDurable(paths.state, state)
    return { ok: true, state, lines: counters.lines }
  })
}

function describeConflict(op: string, label: string, expected: number | null, disk: number | null): string {
  const seen = (v: number | null) => (v === null ? "absent" : `v${v}`)
  return `${op}: ${label} changed since it was read (${seen(expected)} → ${seen(disk)}); the change was not written`
}
