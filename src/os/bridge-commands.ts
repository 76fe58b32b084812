// The `os-*` bridge commands: agents drive the operating state through the inbox with these. Each
// validates its payload with zod, calls the engine, and describes itself in one short line. A
// failure answers with `data: { kind, state, phase }`: the error's kind and the state the agent
// operating state is in afterwards (BLK_CON, BLK_MAX, ERROR, ...), so an agent knows what to do next.
import { TskError } from "../domain/errors.ts"
import * as z from "zod"
import { defineBridgeCommand, type BridgeCommandDefinition } from "../domain/command-definition.ts"
import type { CheckReport } from "./consistency-check.ts"
import type { AbortResult } from "./engine-abort.ts"
import type { ClearResult } from "./engine-clear.ts"
import type { IssueResult } from "./engine-issues.ts"
import type { OsStatus } from "./engine-status.ts"
import type { FailResult, ValidateResult } from "./engine-tasks.ts"
import type { OsEngine } from "./engine.ts"
import { AnalyzeInput, CheckInput, CompleteInput, EmptyInput, FailInput, IssueInput, LogInput, PlanInput, ResolveInput } from "./schemas.ts"
import type { PlanView, TaskView } from "./views.ts"

const clip = (text: string, max = 40) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

export function describeValidation(result: ValidateResult): string {
  if (result.ok) return result.planDone ? `validated ${result.artifact}; plan done (phase I)` : `validated ${result.artifact} (phase ${result.phase})`
  const head = `rejected ${result.artifact}: ${clip(result.reasons[0] ?? "", 80)}`
  return result.blocked ? `${head} — BLK_MAX` : `${head} (retry ${result.retries}/${result.maxRetries})`
}

export function describeCheck(report: CheckReport): string {
  if (report.ok) return "consistent"
  return report.repair ? `${report.findings.length} problems, ${report.repaired} repaired` : `${report.findings.length} problems found`
}

/** The error response's `data` for an os command. */
export function osErrorData(error: unknown): { kind: string; state?: unknown; phase?: unknown } | undefined {
  if (!(error instanceof TskError)) return undefined
  const { state, phase } = error.details ?? {}
  return { kind: error.kind, ...(state !== undefined ? { state } : {}), ...(phase !== undefined ? { phase } : {}) }
}

export function createOsBridgeCommands(engine: OsEngine): BridgeCommandDefinition[] {
  return osCommands(engine).map((definition) => ({ ...definition, errorData: osErrorData }))
}

function osCommands(engine: OsEngine): BridgeCommandDefinition[] {
  return [
    defineBridgeCommand({
      command: "os-status",
      readOnly: true,
      payload: z.strictObject({ logLines: z.number().int().min(0).max(200).optional() }),
      run: (payload) => engine.status(payload.logLines !== undefined ? { logLines: payload.logLines } : {}),
      describe: (_payload, data) => (data as OsStatus).summary,
    }),
    defineBridgeCommand({
      command: "os-analyze",
      payload: AnalyzeInput,
      run: (payload) => engine.analyze(payload),
      describe: (payload) => `phase A: analyze '${clip(payload.goal)}'`,
    }),
    defineBridgeCommand({
      command: "os-plan",
      payload: PlanInput,
      run: (payload) => engine.plan(payload),
      describe: (_payload, data) => {
        const plan = (data as { plan: PlanView }).plan
        return `phase B: plan ${plan.id} (${plan.total} tasks)`
      },
    }),
    defineBridgeCommand({
      command: "os-next",
      payload: EmptyInput,
      run: () => engine.next(),
      describe: (_payload, data) => {
        const task = (data as { task: TaskView }).task
        return `phase C: task ${task.id} '${clip(task.title)}'`
      },
    }),
    defineBridgeCommand({
      command: "os-complete",
      payload: CompleteInput,
      run: (payload) => engine.complete(payload),
      describe: (payload) => `phase V: ${payload.taskId} → artifact ${payload.output.id}`,
    }),
    defineBridgeCommand({
      command: "os-validate",
      payload: EmptyInput,
      run: () => engine.validate(),
      describe: (_payload, data) => describeValidation(data as ValidateResult),
    }),
    defineBridgeCommand({
      command: "os-fail",
      payload: FailInput,
      run: (payload) => engine.fail(payload),
      describe: (payload, data) => {
        const result = data as FailResult
        return `${payload.taskId} failed ${result.blocked ? "— BLK_MAX" : `(retry ${result.retries}/${result.maxRetries})`}`
      },
    }),
    defineBridgeCommand({
      command: "os-issue",
      payload: IssueInput,
      run: (payload) => engine.issue(payload),
      describe: (_payload, data) => {
        const { issue } = data as IssueResult
        return `issue ${issue.id} recorded${issue.art ? ` on ${issue.art}` : ""}`
      },
    }),
    defineBridgeCommand({
      command: "os-resolve",
      payload: ResolveInput,
      run: (payload) => engine.resolve(payload),
      describe: (payload) => `issue ${payload.issueId} resolved`,
    }),
    defineBridgeCommand({
      command: "os-log",
      readOnly: true,
      payload: LogInput,
      run: (payload) => engine.log(payload),
      describe: (_payload, data) => `${(data as { lines: unknown[] }).lines.length} log lines`,
    }),
    defineBridgeCommand({
      command: "os-check",
      payload: CheckInput,
      run: (payload) => engine.check(payload),
      describe: (_payload, data) => `check: ${describeCheck(data as CheckReport)}`,
    }),
    defineBridgeCommand({
      command: "os-clear",
      payload: EmptyInput,
      run: () => engine.clear(),
      describe: (_payload, data) => {
        const result = data as ClearResult
        return result.cleared ? `cleared ${result.previous} → ${result.state}` : `nothing to clear (${result.state})`
      },
    }),
    defineBridgeCommand({
      command: "os-abort",
      payload: EmptyInput,
      run: () => engine.abort(),
      describe: (_payload, data) => {
        const result = data as AbortResult
        return result.aborted ? `aborted ${result.plan ? `plan ${result.plan}` : `phase ${result.previous.phase}`} → phase I` : "nothing to abort (idle)"
      },
    }),
  ]
}
