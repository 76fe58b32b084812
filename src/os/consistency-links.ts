// The consistency check across files: issue links (ledger ↔ artifact `ki[]`), the `state.iss`
// cache, the current plan and task, and retry counts kept twice (`state.rt` and the plan file).
import { activeIssueCache } from "./issue-ledger.ts"
import type { Finding, FindingKind } from "./consistency-scan.ts"
import type { ArtifactFile, LedgerFile, PlanFile, StateFile, SummaryFile } from "./schemas.ts"

const finding = (kind: FindingKind, file: string, message: string, fix: string | null): Finding => ({ kind, file, message, fix, repaired: false })

export interface LinkCheck {
  findings: Finding[]
  /** Artifact id → the `ki[]` it should have. */
  kiPatches: Map<string, string[]>
}

export function checkIssueLinks(artifacts: Map<string, { rel: string; record: ArtifactFile }>, ledger: LedgerFile): LinkCheck {
  const findings: Finding[] = []
  const kiPatches = new Map<string, string[]>()
  const kiOf = (id: string) => kiPatches.get(id) ?? [...artifacts.get(id)!.record.ki]
  for (const issue of ledger.issues.filter((entry) => entry.status === "ACTIVE" && entry.art)) {
    const artifact = artifacts.get(issue.art!)
    if (!artifact) {
      findings.push(finding("issue_link", "known_issues.json", `active issue ${issue.id} links to artifact ${issue.art}, which is not registered`, null))
    } else if (!artifact.record.ki.includes(issue.id)) {
      findings.push(finding("issue_link", artifact.rel, `artifact ${issue.art} does not list its active issue ${issue.id} in ki[]`, "link the issue"))
      kiPatches.set(issue.art!, [...kiOf(issue.art!), issue.id])
    }
  }
  for (const [id, { rel, record }] of artifacts) {
    for (const issueId of record.ki) {
      const issue = ledger.issues.find((entry) => entry.id === issueId)
      const problem = !issue ? "is not in the ledger" : issue.status !== "ACTIVE" ? "is resolved" : issue.art !== id ? `belongs to ${issue.art ?? "no artifact"}` : null
      if (!problem) continue
      findings.push(finding("issue_link", rel, `artifact ${id} lists issue ${issueId}, which ${problem}`, "unlink the issue"))
      kiPatches.set(id, kiOf(id).filter((entry) => entry !== issueId))
    }
  }
  return { findings, kiPatches }
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b))

function sortKeys(value: unknown): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([key, inner]) => [key, sortKeys(inner)]))
}

/** What a person (or agent) can do about a current plan the repair cannot mend. */
export const ABORT_OFFER = "'tsk os abort' (bridge: os-abort) abandons the plan and returns to IDLE"

export interface StateCheck {
  findings: Finding[]
  state: StateFile
  stateChanged: boolean
  /** The current plan with repaired retry counts, when they drifted. */
  plan: PlanFile | null
}

export function checkStateLinks(state: StateFile, ledger: LedgerFile | null, planSummary: SummaryFile, plan: PlanFile | null): StateCheck {
  const findings: Finding[] = []
  let next = state
  let patchedPlan: PlanFile | null = null
  if (ledger) {
    const cache = activeIssueCache(ledger)
    if (!sameJson(cache, state.iss)) {
      findings.push(finding("issue_cache", "state.json", `state.iss lists ${Object.keys(state.iss).length} active issues, the ledger ${Object.keys(cache).length}`, "reload the cache from the ledger"))
      next = { ...next, iss: cache }
    }
  }
  if (state.cp && !planSummary.items[state.cp]) {
    findings.push(finding("current_plan", "state.json", `the current plan ${state.cp} is not in plan_summary.json; ${ABORT_OFFER}`, null))
  }
  if (plan && state.ct && !plan.tasks.some((task) => task.id === state.ct)) {
    findings.push(finding("current_plan", "state.json", `the current task ${state.ct} is not in plan ${plan.id}; ${ABORT_OFFER}`, null))
  }
  if (plan) {
    const rt = { ...next.rt }
    const tasks = plan.tasks.map((task) => {
      const inState = rt[task.id] ?? 0
      if (inState === task.rt) return task
      const count = Math.max(inState, task.rt)
      findings.push(finding("retry_drift", "state.json", `task ${task.id} has ${inState} retries in state.rt and ${task.rt} in plan ${plan.id}`, `use ${count} in both`))
      rt[task.id] = count
      return { ...task, rt: count }
    })
    if (tasks.some((task, index) => task !== plan.tasks[index])) {
      patchedPlan = { ...plan, tasks }
      next = { ...next, rt }
    }
  }
  return { findings, state: next, stateChanged: next !== state, plan: patchedPlan }
}
