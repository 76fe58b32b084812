// RECORD and RESOLVE on the known-issue ledger. Both change the ledger and the linked artifact's
// `ki[]` (and its summary entry) in one optimistic transaction, and refresh the `state.iss` cache.
import { nextVersion, type PlannedWrite } from "./commit.ts"
import { commit, guarded, loadState, readLedger, readRegistrySummary, type EngineContext } from "./engine-context.ts"
import { summaryWith } from "./engine-workflow.ts"
import { parseInput } from "./input.ts"
import { activeIssueCache, findIssue, nextIssueId, recordIssue, resolveIssue } from "./issue-ledger.ts"
import { readArtifact } from "./registry.ts"
import { IssueInput, ResolveInput, type ArtifactFile, type IssueEntry, type LedgerFile, type StateFile, type SummaryFile } from "./schemas.ts"
import { assertNotBlocked, logEntry } from "./state-store.ts"

function ledgerAndArtifactWrites(
  ctx: EngineContext,
  ledger: LedgerFile,
  artifact: { record: ArtifactFile; path: string; summary: SummaryFile } | null,
): PlannedWrite[] {
  const writes: PlannedWrite[] = [{ path: ctx.paths.ledger, expectedV: ledger.v, value: ledger, onConflict: "BLK_CON" }]
  if (artifact) {
    const { record, path, summary } = artifact
    const rel = summary.items[record.id]!.path
    writes.push(
      { path, expectedV: record.v, value: record, onConflict: "BLK_CON" },
      { path: ctx.paths.registrySummary, expectedV: summary.v, value: summaryWith(summary, record.id, rel, nextVersion(record.v)), onConflict: "BLK_SUM" },
    )
  }
  return writes
}

export interface IssueResult {
  issue: IssueEntry
  activeIssues: number
}

export async function recordIssueCommand(ctx: EngineContext, input: unknown, now: () => Date): Promise<IssueResult> {
  const request = parseInput(IssueInput, input, "os-issue")
  return guarded(ctx, "issue", async () => {
    const state = await loadState(ctx)
    assertNotBlocked(state, "record an issue")
    const ledger = await readLedger(ctx)
    const issueId = request.issueId ?? nextIssueId(ledger)
    let artifact: { record: ArtifactFile; path: string; summary: SummaryFile } | null = null
    if (request.artifactId) {
      const summary = await readRegistrySummary(ctx)
      const { record, path } = await readArtifact(ctx.paths, summary, request.artifactId)
      artifact = { record: { ...record, ki: [...record.ki.filter((id) => id !== issueId), issueId] }, path, summary }
    }
    const entry: IssueEntry = { id: issueId, status: "ACTIVE", art: request.artifactId ?? null, msg: request.message, at: now().toISOString(), resAt: null }
    const updated = recordIssue(ledger, entry)
    const nextState: StateFile = { ...state, iss: activeIssueCache(updated) }
    const on = entry.art ? ` on ${entry.art}` : ""
    await commit(ctx, {
      op: `issue ${issueId}`,
      stateV: state.v,
      state: nextState,
      writes: ledgerAndArtifactWrites(ctx, updated, artifact),
      logs: [logEntry("W", `issue ${issueId} recorded${on}: ${entry.msg}`, nextState)],
    })
    return { issue: entry, activeIssues: Object.keys(nextState.iss).length }
  })
}

export async function resolveIssueCommand(ctx: EngineContext, input: unknown, now: () => Date): Promise<IssueResult> {
  const { issueId } = parseInput(ResolveInput, input, "os-resolve")
  return guarded(ctx, "resolve", async () => {
    const state = await loadState(ctx)
    assertNotBlocked(state, "resolve an issue")
    const ledger = await readLedger(ctx)
    const issue = findIssue(ledger, issueId)
    const updated = resolveIssue(ledger, issueId, now().toISOString())
    let artifact: { record: ArtifactFile; path: string; summary: SummaryFile } | null = null
    if (issue.art) {
      const summary = await readRegistrySummary(ctx)
      if (summary.items[issue.art]) {
        const { record, path } = await readArtifact(ctx.paths, summary, issue.art)
        artifact = { record: { ...record, ki: record.ki.filter((id) => id !== issueId) }, path, summary }
      }
    }
    const nextState: StateFile = { ...state, iss: activeIssueCache(updated) }
    await commit(ctx, {
      op: `resolve ${issueId}`,
      stateV: state.v,
      state: nextState,
      writes: ledgerAndArtifactWrites(ctx, updated, artifact),
      logs: [logEntry("I", `issue ${issueId} resolved`, nextState)],
    })
    return { issue: findIssue(updated, issueId), activeIssues: Object.keys(nextState.iss).length }
  })
}
