// The known-issue ledger (`known_issues.json`): RECORD adds an ACTIVE issue, RESOLVE marks it RES.
// Linking to the artifact's `ki[]` happens in the same transaction (see engine-issues.ts).
import { TskError } from "../domain/errors.ts"
import type { IssueEntry, LedgerFile, StateFile } from "./schemas.ts"

export function nextIssueId(ledger: LedgerFile): string {
  const taken = new Set(ledger.issues.map((issue) => issue.id))
  for (let n = 1; ; n++) if (!taken.has(`ISS-${n}`)) return `ISS-${n}`
}

export function recordIssue(ledger: LedgerFile, entry: IssueEntry): LedgerFile {
  if (ledger.issues.some((issue) => issue.id === entry.id)) {
    throw new TskError("invalid", `issue ${entry.id} already exists in the ledger; choose another id`, { issueId: entry.id })
  }
  return { ...ledger, issues: [...ledger.issues, entry] }
}

export function findIssue(ledger: LedgerFile, issueId: string): IssueEntry {
  const issue = ledger.issues.find((candidate) => candidate.id === issueId)
  if (!issue) throw new TskError("not_found", `issue ${issueId} is not in the ledger`, { issueId })
  return issue
}

export function resolveIssue(ledger: LedgerFile, issueId: string, at: string): LedgerFile {
  const issue = findIssue(ledger, issueId)
  if (issue.status === "RES") throw new TskError("invalid", `issue ${issueId} is already resolved`, { issueId })
  return { ...ledger, issues: ledger.issues.map((entry) => (entry.id === issueId ? { ...entry, status: "RES" as const, resAt: at } : entry)) }
}

export function activeIssues(ledger: LedgerFile): IssueEntry[] {
  return ledger.issues.filter((issue) => issue.status === "ACTIVE")
}

/** The `state.iss` cache: every active issue with its artifact and message. */
export function activeIssueCache(ledger: LedgerFile): StateFile["iss"] {
  return Object.fromEntries(activeIssues(ledger).map((issue) => [issue.id, { art: issue.art, msg: issue.msg }]))
}
