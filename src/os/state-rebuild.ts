// Rebuilding an unreadable state.json or known_issues.json from what survives (pure): the newest
// log lines (phase, plan, task, blocks and clears), the plan files (task states and retries), the
// ledger or the issue log lines, the artifacts' `ki[]`. The rebuilt file's `v` is above every
// version the lost file had: each write of state.json or the ledger logs at least one line, so
// neither ever had a `v` above the newest log id + 1; a version still legible in the damaged text
// counts too.
import { activeIssueCache } from "./issue-ledger.ts"
import { BLOCKED_STATES, type ArtifactFile, type IssueEntry, type LedgerFile, type LogLine, type OsState, type Phase, type PlanFile, type StateFile } from "./schemas.ts"
import { settledState } from "./state-store.ts"

/** A `"v": N` still legible in a damaged file's text, or null. */
export function salvageVersion(text: string | null): number | null {
  const match = text ? /"v"\s*:\s*(\d{1,15})/.exec(text) : null
  return match ? Number(match[1]) : null
}

export const versionAbove = (salvaged: number | null, lastLogId: number) => Math.max((salvaged ?? 0) + 1, lastLogId + 2, 2)

/** The blocked state the newest log lines leave, or null: an E line blocks until a `cleared`/`aborted` line. */
function blockFromLog(lines: readonly LogLine[]): { st: OsState; err: string } | null {
  for (const line of [...lines].reverse()) {
    if (line.msg.startsWith("check:")) continue
    const kept = /\(kept (\w+) until cleared\)/.exec(line.msg)?.[1]
    if (kept && BLOCKED_STATES.has(kept as OsState)) return { st: kept as OsState, err: line.msg }
    if (line.L !== "E") return null
    const prefix = /^(BLK_CON|BLK_SUM|BLK_PSUM|BLK_MAX):/.exec(line.msg)?.[1] as OsState | undefined
    return { st: prefix ?? "ERROR", err: line.msg.slice(0, 300) }
  }
  return null
}

/** Phase and current task from the plan: a task under way is active (C) or in review (V). */
function progressOf(plan: PlanFile, lastTask: string | null, lastPhase: Phase): { ph: Phase; ct: string | null } {
  const open = plan.tasks.filter((task) => task.st === "active" || task.st === "review" || task.st === "failed")
  const current = open.find((task) => task.id === lastTask) ?? open[0]
  if (current) return { ph: current.st === "review" ? "V" : "C", ct: current.id }
  if (plan.tasks.every((task) => task.st === "pending")) return { ph: lastPhase === "B" ? "B" : "C", ct: null }
  return { ph: plan.tasks.some((task) => task.st === "pending") ? "C" : "I", ct: null }
}

export interface StateEvidence {
  /** The newest log lines, oldest first. */
  lines: readonly LogLine[]
  log: { g: number; ln: number } | null
  plans: ReadonlyMap<string, PlanFile>
  ledger: LedgerFile | null
  salvagedV: number | null
  logMax: number
}

export function rebuildState(evidence: StateEvidence): StateFile {
  const last = evidence.lines.at(-1)
  const plan = last?.plan ? (evidence.plans.get(last.plan) ?? null) : null
  const progress = plan ? progressOf(plan, last?.task ?? null, last!.ph) : { ph: last?.ph === "A" ? ("A" as const) : ("I" as const), ct: null }
  const block = blockFromLog(evidence.lines)
  const rt = plan ? Object.fromEntries(plan.tasks.filter((task) => task.rt > 0).map((task) => [task.id, task.rt])) : {}
  const g = evidence.log?.g ?? 0
  return {
    v: versionAbove(evidence.salvagedV, g),
    g,
    ln: evidence.log?.ln ?? 0,
    max: evidence.logMax,
    ph: progress.ph,
    st: block?.st ?? settledState(progress.ph, progress.ct),
    cp: plan?.id ?? null,
    ct: progress.ct,
    rt,
    iss: evidence.ledger ? activeIssueCache(evidence.ledger) : {},
    err: block?.err ?? null,
  }
}

export interface LedgerEvidence {
  /** Every log line, oldest first. */
  lines: readonly LogLine[]
  artifacts: readonly ArtifactFile[]
  /** `state.iss`, when state.json is readable. */
  cache: StateFile["iss"] | null
  salvagedV: number | null
  lastLogId: number
  at: string
}

/** The ledger as the issue log lines, the artifacts' links and the state's cache tell it. */
export function rebuildLedger(evidence: LedgerEvidence): LedgerFile {
  const issues = new Map<string, IssueEntry>()
  const add = (id: string, art: string | null, msg: string) => {
    if (!issues.has(id)) issues.set(id, { id, status: "ACTIVE", art, msg, at: evidence.at, resAt: null })
  }
  for (const line of evidence.lines) {
    const recorded = /^issue (\S+) recorded(?: on (\S+))?: ([\s\S]*)$/.exec(line.msg)
    if (recorded) {
      issues.delete(recorded[1]!)
      add(recorded[1]!, recorded[2] ?? null, recorded[3]!)
      continue
    }
    const resolved = /^issue (\S+) resolved$/.exec(line.msg)?.[1]
    const entry = resolved ? issues.get(resolved) : undefined
    if (entry) issues.set(entry.id, { ...entry, status: "RES", resAt: evidence.at })
  }
  for (const [id, cached] of Object.entries(evidence.cache ?? {})) {
    const entry = issues.get(id)
    if (!entry || entry.status === "RES") issues.set(id, { id, status: "ACTIVE", art: cached.art, msg: cached.msg, at: entry?.at ?? evidence.at, resAt: null })
  }
  for (const artifact of evidence.artifacts) {
    for (const id of artifact.ki) add(id, artifact.id, `linked from artifact ${artifact.id} (rebuilt)`)
  }
  return { v: versionAbove(evidence.salvagedV, evidence.lastLogId), issues: [...issues.values()] }
}
