// The consistency check (`tsk os check [--repair]`, `os-check`): summaries against files, orphans,
// duplicate ids, version drift, issue links, the issue cache, retry counts, and the counters `g`
// and `ln` against the log. Every finding is logged, and without repair only the log is written
// (never state.json: a check must not block an agent that writes at the same moment). With repair,
// the whole check runs inside the commit lock and fixes what it can: damaged and duplicate files are
// moved aside (never deleted), summaries and links are rewritten, an unreadable state.json or
// known_issues.json is rebuilt from what survives (state-rebuild.ts). A current plan that cannot be
// mended is left to `abort`, which the report offers.
import { readFile, rename } from "node:fs/promises"
import { join } from "node:path"
import { sanitizeErrorMessage } from "../domain/errors.ts"
import { ensureDir, writeJsonDurable } from "../store/durable-file.ts"
import { appendLogsOnly, withCommitLock, writeStateWithLogs } from "./commit.ts"
import { checkIssueLinks, checkStateLinks } from "./consistency-links.ts"
import { checkCollection, scanCollection, type Finding } from "./consistency-scan.ts"
import type { EngineContext } from "./engine-context.ts"
import { parseInput } from "./input.ts"
import { readLastLogLines, syncCountersFromLog, tornLastLine, type LogEntry } from "./log-writer.ts"
import { ArtifactFile, CheckInput, LedgerFile, PlanFile, StateFile, SummaryFile, type OsState } from "./schemas.ts"
import { rebuildLedger, rebuildState, salvageVersion } from "./state-rebuild.ts"
import { logEntry } from "./state-store.ts"
import { readVersioned } from "./versioned-file.ts"

export interface CheckReport {
  ok: boolean
  repair: boolean
  findings: Finding[]
  repaired: number
  unrepaired: number
  counts: { plans: number; artifacts: number; issues: number }
  /** The counters in state.json and what the log says they are. */
  counters: { state: { g: number; ln: number } | null; log: { g: number; ln: number } | null }
  state: OsState | null
  /** Commands that get past what repair cannot mend (a plan that is gone: `tsk os abort`). */
  suggestions: string[]
}

const MAX_LOGGED_FINDINGS = 40
/** Log lines a rebuilt state.json is read from. */
const REBUILD_LOG_LINES = 200

async function tryRead<S extends import("zod").ZodType>(path: string, schema: S, label: string) {
  try {
    return { value: await readVersioned(path, schema, label), error: null }
  } catch (error) {
    return { value: null, error: sanitizeErrorMessage(error) }
  }
}

const stamp = (now: Date) => now.toISOString().replace(/[:.]/g, "-")
const finding = (kind: Finding["kind"], file: string, message: string, fix: string | null): Finding => ({ kind, file, message, fix, repaired: false })

export async function runConsistencyCheck(ctx: EngineContext, input: unknown, now: () => Date): Promise<CheckReport> {
  const { repair = false } = parseInput(CheckInput, input, "os-check")
  await ensureDir(ctx.paths.root)
  if (repair) return withCommitLock(ctx.paths, () => inspect(ctx, true, now()))
  return inspect(ctx, false, now())
}

function counterFindings(state: StateFile, log: { g: number; ln: number } | null): Finding[] {
  if (!log) return []
  if (state.g > log.g) return [finding("counter_drift", "state.json", `state.json counts g=${state.g}, but the newest log line is #${log.g} (log lines are missing)`, "continue the log after g (g never goes back)")]
  if (state.g === log.g && state.ln !== log.ln) return [finding("counter_drift", "state.json", `state.json counts ln=${state.ln}, the newest log unit holds ${log.ln} lines`, "take ln from the log")]
  return []
}

async function inspect(ctx: EngineContext, repair: boolean, now: Date): Promise<CheckReport> {
  const { paths } = ctx
  const findings: Finding[] = []
  const stateRead = await tryRead(paths.state, StateFile, "state.json")
  let state = stateRead.value
  const rebuildFix = "rebuild it from the newest log lines, the plan files and the ledger (a damaged file is moved aside)"
  if (!state) findings.push(finding("state_unreadable", "state.json", stateRead.error ?? "state.json is missing", rebuildFix))
  const planSummaryRead = await tryRead(paths.planSummary, SummaryFile, "plan_summary.json")
  const registrySummaryRead = await tryRead(paths.registrySummary, SummaryFile, "registry_summary.json")
  const planFiles = await scanCollection(paths.root, "plans", PlanFile)
  const plans = checkCollection("plan", "plan_summary.json", planFiles, planSummaryRead.value)
  const registryFiles = await scanCollection(paths.root, "registry", ArtifactFile)
  const registry = checkCollection("artifact", "registry_summary.json", registryFiles, registrySummaryRead.value)
  findings.push(...plans.findings, ...registry.findings)
  const ledgerRead = await tryRead(paths.ledger, LedgerFile, "known_issues.json")
  if (!ledgerRead.value) {
    const fix = "rebuild it from the issue log lines, the artifacts' links and state.iss (a damaged file is moved aside)"
    findings.push(finding("unreadable", "known_issues.json", ledgerRead.error ?? "known_issues.json is missing", fix))
  }
  const artifacts = new Map<string, { rel: string; record: ArtifactFile }>()
  for (const [id, item] of Object.entries(registry.summary.items)) {
    const file = registryFiles.find((candidate) => candidate.rel === item.path)
    if (file?.record) artifacts.set(id, { rel: item.path, record: file.record })
  }
  const links = ledgerRead.value ? checkIssueLinks(artifacts, ledgerRead.value) : { findings: [], kiPatches: new Map<string, string[]>() }
  findings.push(...links.findings)
  const log = await syncCountersFromLog(paths.logs)
  if (state) findings.push(...counterFindings(state, log))
  const torn = await tornLastLine(paths.logs)
  if (torn) {
    const shown = torn.text.length > 40 ? `${torn.text.slice(0, 40)}…` : torn.text
    findings.push(finding("torn_log_line", `logs/${torn.unit}`, `the last log line was cut short (a crash while writing it): ${JSON.stringify(shown)}`, "go on from a fresh line; readers skip the torn text, which stays for reference"))
  }
  const currentPlanItem = state?.cp ? plans.summary.items[state.cp] : undefined
  const currentPlan = currentPlanItem ? (await tryRead(join(paths.root, currentPlanItem.path), PlanFile, currentPlanItem.path)).value : null
  const stateLinks = state ? checkStateLinks(state, ledgerRead.value, plans.summary, currentPlan) : null
  if (stateLinks) findings.push(...stateLinks.findings)
  const suggestions = findings.some((f) => f.kind === "current_plan") ? [`tsk os abort (bridge: os-abort): abandon plan ${state?.cp ?? ""}`.trim()] : []

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
    let ledger = ledgerRead.value
    if (!ledger) {
      const damaged = ledgerRead.error ? await readFile(paths.ledger, "utf8").catch(() => null) : null
      if (ledgerRead.error) await rename(paths.ledger, `${paths.ledger}.corrupt-${stamp(now)}`)
      ledger = rebuildLedger({
        lines: await readLastLogLines(paths.logs, Number.POSITIVE_INFINITY),
        artifacts: [...artifacts.values()].map((entry) => entry.record),
        cache: state?.iss ?? null,
        salvagedV: salvageVersion(damaged),
        lastLogId: log?.g ?? 0,
        at: now.toISOString(),
      })
      await writeJsonDurable(paths.ledger, ledger)
    }
    if (!state) {
      const damaged = stateRead.error ? await readFile(paths.state, "utf8").catch(() => null) : null
      if (stateRead.error) await rename(paths.state, `${paths.state}.corrupt-${stamp(now)}`)
      const planById = new Map(Object.entries(plans.summary.items).flatMap(([id, item]) => {
        const record = planFiles.find((file) => file.rel === item.path)?.record
        return record ? [[id, record] as const] : []
      }))
      state = rebuildState({ lines: await readLastLogLines(paths.logs, REBUILD_LOG_LINES), log, plans: planById, ledger, salvagedV: salvageVersion(damaged), logMax: ctx.settings().logMax })
      await writeJsonDurable(paths.state, state)
    }
    for (const f of findings) f.repaired = f.fix !== null
  }
  const report = buildReport(findings, repair, plans.summary, registry.summary, ledgerRead.value, state, suggestions)
  report.counters = { state: state ? { g: state.g, ln: state.ln } : null, log }
  const logs = reportLogLines(report, state)
  if (state && repair) {
    const base = stateLinks?.stateChanged ? { ...stateLinks.state, v: state.v } : state
    const saved = await writeStateWithLogs(paths, state.v, base, logs)
    report.state = saved.st
  } else if (state) {
    await appendLogsOnly(paths, () => logs)
  }
  return report
}

function buildReport(findings: Finding[], repair: boolean, plans: SummaryFile, registry: SummaryFile, ledger: LedgerFile | null, state: StateFile | null, suggestions: string[]): CheckReport {
  const repaired = findings.filter((f) => f.repaired).length
  return {
    ok: findings.length === 0,
    repair,
    findings,
    repaired,
    unrepaired: findings.length - repaired,
    counts: { plans: Object.keys(plans.items).length, artifacts: Object.keys(registry.items).length, issues: ledger?.issues.length ?? 0 },
    counters: { state: null, log: null },
    state: state?.st ?? null,
    suggestions,
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
