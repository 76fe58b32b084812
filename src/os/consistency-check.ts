// The consistency check (`tsk os check [--repair]`, `os-check`): summaries against files, orphans,
// duplicate ids, version drift, issue links, the issue cache and retry counts. Every finding is
// logged. With repair, the whole check runs inside the commit lock and fixes what it can: damaged
// and duplicate files are moved aside (never deleted), summaries and links are rewritten.
import { rename } from "node:fs/promises"
import { join } from "node:path"
import { sanitizeErrorMessage } from "../domain/errors.ts"
import { ensureDir, writeJsonDurable } from "../store/durable-file.ts"
import { mutateStateLocked, withCommitLock, writeStateWithLogs } from "./commit.ts"
import { checkIssueLinks, checkStateLinks } from "./consistency-links.ts"
import { checkCollection, scanCollection, type Finding } from "./consistency-scan.ts"
import type { EngineContext } from "./engine-context.ts"
import { parseInput } from "./input.ts"
import { syncCountersFromLog, type LogEntry } from "./log-writer.ts"
import { ArtifactFile, CheckInput, LedgerFile, PlanFile, StateFile, SummaryFile, type OsState } from "./schemas.ts"
import { defaultState, logEntry } from "./state-store.ts"
import { readVersioned } from "./versioned-file.ts"

export interface CheckReport {
  ok: boolean
  repair: boolean
  findings: Finding[]
  repaired: number
  unrepaired: number
  counts: { plans: number; artifacts: number; issues: number }
  state: OsState | null
}

const MAX_LOGGED_FINDINGS = 40

async function tryRead<S extends import("zod").ZodType>(path: string, schema: S, label: string) {
  try {
    return { value: await readVersioned(path, schema, label), error: null }
  } catch (error) {
    return { value: null, error: sanitizeErrorMessage(error) }
  }
}

const stamp = (now: Date) => now.toISOString().replace(/[:.]/g, "-")

export async function runConsistencyCheck(ctx: EngineContext, input: unknown, now: () => Date): Promise<CheckReport> {
  const { repair = false } = parseInput(CheckInput, input, "os-check")
  await ensureDir(ctx.paths.root)
  if (repair) return withCommitLock(ctx.paths, () => inspect(ctx, true, now()))
  return inspect(ctx, false, now())
}

async function inspect(ctx: EngineContext, repair: boolean, now: Date): Promise<CheckReport> {
  const { paths } = ctx
  const findings: Finding[] = []
  const stateRead = await tryRead(paths.state, StateFile, "state.json")
  let state = stateRead.value
  if (!state) {
    const why = stateRead.error ?? "state.json is missing"
    findings.push({ kind: "state_unreadable", file: "state.json", message: why, fix: "move it aside and start from defaults, counters re-synced from the log", repaired: false })
  }
  const planSummaryRead = await tryRead(paths.planSummary, SummaryFile, "plan_summary.json")
  const registrySummaryRead = await tryRead(paths.registrySummary, SummaryFile, "registry_summary.json")
  const plans = checkCollection("plan", "plan_summary.json", await scanCollection(paths.root, "plans", PlanFile), planSummaryRead.value)
  const registryFiles = await scanCollection(paths.root, "registry", ArtifactFile)
  const registry = checkCollection("artifact", "registry_summary.json", registryFiles, registrySummaryRead.value)
  findings.push(...plans.findings, ...registry.findings)
  const ledgerRead = await tryRead(paths.ledger, LedgerFile, "known_issues.json")
  if (!ledgerRead.value) {
    const fix = ledgerRead.error ? null : "create an empty ledger"
    findings.push({ kind: "unreadable", file: "known_issues.json", message: ledgerRead.error ?? "known_issues.json is missing", fix, repaired: false })
  }
  const artifacts = new Map<string, { rel: string; record: ArtifactFile }>()
  for (const [id, item] of Object.entries(registry.summary.items)) {
    const file = registryFiles.find((candidate) => candidate.rel === item.path)
    if (file?.record) artifacts.set(id, { rel: item.path, record: file.record })
  }
  const links = ledgerRead.value ? checkIssueLinks(artifacts, ledgerRead.value) : { findings: [], kiPatches: new Map<string, string[]>() }
  findings.push(...links.findings)
  const currentPlanItem = state?.cp ? plans.summary.items[state.cp] : undefined
  const currentPlan = currentPlanItem ? (await tryRead(join(paths.root, currentPlanItem.path), PlanFile, currentPlanItem.path)).value : null
  const stateLinks = state ? checkStateLinks(state, ledgerRead.value, plans.summary, currentPlan) : null
  if (stateLinks) findings.push(...stateLinks.findings)

  if (repair) {
    const aside = [...new Set([...plans.moveAside, ...registry.moveAside])]
    for (const rel of aside) {
      const kind = findings.find((f) => f.file === rel && f.kind === "duplicate_id") ? "duplicate" : "corrupt"
      await rename(join(paths.root, rel), join(paths.root, `${rel}.${kind}-${stamp(now)}`))
    }
    for (const [id, ki] of links.kiPatches) {
      const { rel, record } = artifacts.get(id)!
      await writeJsonDurable(join(paths.root, rel), { ...record, ki, v: record.v + 1 })
      registry.summary.items[id] = { path: rel, v: record.v + 1 }
      registry.summaryChanged = true
    }
    if (stateLinks?.plan && currentPlanItem) {
      await writeJsonDurable(join(paths.root, currentPlanItem.path), { ...stateLinks.plan, v: stateLinks.plan.v + 1 })
      plans.summary.items[stateLinks.plan.id] = { ...currentPlanItem, v: stateLinks.plan.v + 1 }
      plans.summaryChanged = true
    }
    if (plans.summaryChanged) await writeJsonDurable(paths.planSummary, { ...plans.summary, v: plans.summary.v + 1 })
    if (registry.summaryChanged) await writeJsonDurable(paths.registrySummary, { ...registry.summary, v: registry.summary.v + 1 })
    if (!ledgerRead.value && !ledgerRead.error) await writeJsonDurable(paths.ledger, { v: 1, issues: [] })
    if (!state) {
      if (stateRead.error) await rename(paths.state, `${paths.state}.corrupt-${stamp(now)}`)
      const synced = await syncCountersFromLog(paths.logs)
      state = { ...defaultState(ctx.logMax), g: synced?.g ?? 0, ln: synced?.ln ?? 0 }
      await writeJsonDurable(paths.state, state)
    }
    for (const f of findings) f.repaired = f.fix !== null
  }
  const report = buildReport(findings, repair, plans.summary, registry.summary, ledgerRead.value, state)
  const logs = reportLogLines(report, state)
  if (state && repair) {
    const base = stateLinks?.stateChanged ? { ...stateLinks.state, v: state.v } : state
    report.state = (await writeStateWithLogs(paths, state.v, base, logs)).st
  } else if (state) {
    await mutateStateLocked(paths, (current) => ({ state: current, logs }))
  }
  return report
}

function buildReport(findings: Finding[], repair: boolean, plans: SummaryFile, registry: SummaryFile, ledger: LedgerFile | null, state: StateFile | null): CheckReport {
  const repaired = findings.filter((f) => f.repaired).length
  return {
    ok: findings.length === 0,
    repair,
    findings,
    repaired,
    unrepaired: findings.length - repaired,
    counts: { plans: Object.keys(plans.items).length, artifacts: Object.keys(registry.items).length, issues: ledger?.issues.length ?? 0 },
    state: state?.st ?? null,
  }
}

function reportLogLines(report: CheckReport, state: StateFile | null): LogEntry[] {
  const at = state ?? { ph: "I" as const, cp: null, ct: null }
  const lines = report.findings.slice(0, MAX_LOGGED_FINDINGS).map((f) => logEntry("W", `check: ${f.repaired ? "repaired " : ""}${f.kind}: ${f.message}`, at))
  const { plans, artifacts, issues } = report.counts
  const summary = report.ok
    ? `check: consistent (${plans} plans, ${artifacts} artifacts, ${issues} issues)`
    : `check: ${report.findings.length} problems, ${report.repaired} repaired, ${report.unrepaired} left`
  return [...lines, logEntry("I", summary, at)]
}
