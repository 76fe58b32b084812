// Creating the layout (folders, state.json, summaries, ledger) and reading the state.
import { existsSync } from "node:fs"
import { ensureDir, writeJsonDurable } from "../store/durable-file.ts"
import { withFileLock } from "../store/file-lock.ts"
import type { LogEntry } from "./log-writer.ts"
import type { OsPaths } from "./os-paths.ts"
import { BLOCKED_STATES, StateFile, type LogLevel, type OsState, type Phase } from "./schemas.ts"
import { readVersioned } from "./versioned-file.ts"
import { TskError } from "../domain/errors.ts"

export function defaultState(max: number): StateFile {
  return { v: 1, g: 0, ln: 0, max, ph: "I", st: "READY", cp: null, ct: null, rt: {}, iss: {}, err: null }
}

/** Files that must exist for the engine to run, with the content a fresh one starts from. */
function requiredFiles(paths: OsPaths, logMax: number): Array<[string, unknown]> {
  return [
    [paths.state, defaultState(logMax)],
    [paths.registrySummary, { v: 1, items: {} }],
    [paths.planSummary, { v: 1, items: {} }],
    [paths.ledger, { v: 1, issues: [] }],
  ]
}

/** Ensure the folders and the versioned files exist. Returns the files it created (relative). */
export async function ensureLayout(paths: OsPaths, logMax: number): Promise<string[]> {
  const files = requiredFiles(paths, logMax)
  const dirs = [paths.root, paths.logs, paths.registry, paths.plans]
  if (files.every(([path]) => existsSync(path)) && dirs.every((dir) => existsSync(dir))) return []
  for (const dir of dirs) await ensureDir(dir)
  return withFileLock(paths.commitLock, async () => {
    const created: string[] = []
    for (const [path, content] of files) {
      if (existsSync(path)) continue
      await writeJsonDurable(path, content)
      created.push(path.slice(paths.root.length + 1))
    }
    return created
  })
}

export async function readState(paths: OsPaths): Promise<StateFile> {
  const state = await readVersioned(paths.state, StateFile, "state.json")
  if (!state) throw new TskError("not_found", "state.json does not exist yet")
  return state
}

export const isBlocked = (st: OsState) => BLOCKED_STATES.has(st)

/** The state to return to when nothing blocks: BUSY while a task is checked out in CONSTRUCT. */
export function settledState(ph: Phase, ct: string | null): OsState {
  return ph === "C" && ct !== null ? "BUSY" : "READY"
}

/** A log entry stamped with the phase, plan and task it happened in. */
export function logEntry(L: LogLevel, msg: string, at: Pick<StateFile, "ph" | "cp" | "ct">): LogEntry {
  return { L, ph: at.ph, plan: at.cp, task: at.ct, msg }
}

export function assertNotBlocked(state: StateFile, action: string): void {
  if (!isBlocked(state.st)) return
  const cause = state.err ? ` (${state.err})` : ""
  throw new TskError(
    "conflict",
    `cannot ${action}: the agent state is ${state.st}${cause}. Resolve the cause, then run 'tsk os clear' (bridge: os-clear).`,
    { state: state.st },
  )
}
