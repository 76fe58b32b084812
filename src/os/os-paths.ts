// Where each file of the agent operating state lives under its root (`TSK_HOME/os` or `os.root`).
import { join } from "node:path"

export function osPaths(root: string) {
  return {
    root,
    state: join(root, "state.json"),
    logs: join(root, "logs"),
    registry: join(root, "registry"),
    registrySummary: join(root, "registry_summary.json"),
    plans: join(root, "plans"),
    planSummary: join(root, "plan_summary.json"),
    ledger: join(root, "known_issues.json"),
    sessions: join(root, "sessions.json"),
    sessionLog: join(root, "session_log.jsonl"),
    hookErrors: join(root, "hook-errors.log"),
    /** One short lock serialises every compare-and-write across processes. */
    commitLock: join(root, ".commit"),
  }
}

export type OsPaths = ReturnType<typeof osPaths>

/** Paths stored in summaries are relative to the root, with forward slashes. */
export const artifactRelPath = (dom: string, id: string) => `registry/${dom}/${id}.json`
export const planRelPath = (dom: string, id: string) => `plans/${dom}/${id}.json`
export const logUnitName = (n: number) => `log_unit_${n}.jsonl`
export const LOG_UNIT_PATTERN = /^log_unit_(\d+)\.jsonl$/
