// Human text for the operating state (the CLI's `tsk os ...` output). Colour comes in through
// `paint`, so the same text renders plain under NO_COLOR or in a pipe.
import type { TextStyle } from "../domain/text-style.ts"
import type { CheckReport } from "./consistency-check.ts"
import type { OsStatus } from "./engine-status.ts"
import { PHASES, type LogLine, type OsState, type PlanTaskState } from "./schemas.ts"
import { SESSION_STATUS_LABELS } from "./sessions.ts"

/** Sessions the text view lists; the rest are counted. */
export const SESSIONS_SHOWN = 5
import type { PlanView } from "./views.ts"

/** A subset of the surfaces' text style is all the os texts use. */
export type Paint = Pick<TextStyle, "bold" | "dim" | "red" | "green" | "yellow" | "cyan">

const TASK_MARKS: Record<PlanTaskState, string> = { pending: "·", active: "▸", review: "?", done: "✓", failed: "✗" }

export function paintState(state: OsState, paint: Paint): string {
  if (state === "READY") return paint.green(state)
  if (state === "BUSY") return paint.cyan(state)
  if (state === "ERROR") return paint.red(state)
  return paint.yellow(state)
}

export function formatLogLine(line: LogLine, paint: Paint): string {
  const level = line.L === "E" ? paint.red(line.L) : line.L === "W" ? paint.yellow(line.L) : line.L === "D" ? paint.dim(line.L) : line.L
  const where = [line.plan, line.task].filter(Boolean).join("/")
  return `${paint.dim(`#${line.id}`)} ${level} ${line.ph}${where ? ` ${paint.dim(where)}` : ""}  ${line.msg}`
}

export function formatPlan(plan: PlanView, currentTask: string | null, paint: Paint): string[] {
  const lines = [`${paint.bold("Plan")}   ${plan.id} (${plan.dom}): ${plan.goal}  ${paint.dim(`${plan.done}/${plan.total} done`)}`]
  for (const task of plan.tasks) {
    const mark = task.id === currentTask ? paint.cyan(TASK_MARKS[task.state]) : TASK_MARKS[task.state]
    const retries = task.retries > 0 ? paint.yellow(`  retries ${task.retries}/${plan.maxRetries}`) : ""
    const artifact = task.artifact ? paint.dim(`  → ${task.artifact}`) : ""
    lines.push(`  ${mark} ${task.id}  ${task.title}${artifact}${retries}`)
  }
  return lines
}

export function formatStatus(status: OsStatus, paint: Paint): string {
  const strip = PHASES.map((code) => (code === status.phase ? paint.bold(paint.cyan(`[${code}]`)) : paint.dim(` ${code} `))).join("")
  const lines = [`${paint.bold("Phase")}  ${strip}  ${status.phaseName}`, `${paint.bold("State")}  ${paintState(status.state, paint)}`]
  if (status.blocked) lines.push(`       ${paint.yellow("blocked until 'tsk os clear'")}`)
  if (status.plan) lines.push(...formatPlan(status.plan, status.currentTask?.id ?? null, paint))
  else lines.push(`${paint.bold("Plan")}   ${paint.dim("none")}`)
  if (status.currentTask) lines.push(`${paint.bold("Task")}   ${status.currentTask.id}: ${status.currentTask.title} (${status.currentTask.state})`)
  if (status.activeIssues.length > 0) {
    lines.push(`${paint.bold("Issues")} ${status.activeIssues.map((issue) => `${issue.id}${issue.artifact ? ` (${issue.artifact})` : ""}: ${issue.message}`).join("; ")}`)
  }
  if (status.lastError) lines.push(`${paint.bold("Error")}  ${paint.red(status.lastError)}`)
  for (const problem of status.problems) lines.push(`${paint.bold("Problem")} ${paint.red(problem)}`)
  if (status.sessions.length > 0) {
    lines.push(paint.bold("Sessions"))
    for (const session of status.sessions.slice(0, SESSIONS_SHOWN)) {
      const label = SESSION_STATUS_LABELS[session.status]
      const shown = session.status === "needs_input" ? paint.yellow(label) : label
      const source = session.shownBecause ?? (session.since ? `${session.since.event} at ${session.since.at}` : null)
      lines.push(`  ${session.id.slice(0, 8)}  ${shown}${source ? paint.dim(`  (${source})`) : ""}${session.cwd ? paint.dim(`  ${session.cwd}`) : ""}`)
    }
    const more = status.sessions.length - SESSIONS_SHOWN
    if (more > 0) lines.push(paint.dim(`  +${more} more (tsk os status --json lists them all)`))
  }
  if (status.log.length > 0) {
    lines.push(paint.bold("Log"))
    for (const line of status.log) lines.push(`  ${formatLogLine(line, paint)}`)
  }
  return lines.join("\n")
}

export function formatCheck(report: CheckReport, paint: Paint): string {
  const { plans, artifacts, issues } = report.counts
  if (report.ok) return `${paint.green("✓")} consistent: ${plans} plans, ${artifacts} artifacts, ${issues} issues`
  const lines = report.findings.map((f) => {
    const mark = f.repaired ? paint.green("fixed") : f.fix ? paint.yellow("found") : paint.red("manual")
    const fix = !f.repaired && f.fix ? paint.dim(` (repair: ${f.fix})`) : ""
    return `  ${mark}  ${f.kind}: ${f.message}${fix}`
  })
  const head = report.repair
    ? `${report.findings.length} problems, ${report.repaired} repaired, ${report.unrepaired} need a person`
    : `${report.findings.length} problems; run 'tsk os check --repair' to fix what can be fixed`
  const offers = report.suggestions.map((suggestion) => `  ${paint.yellow("offer")}  ${suggestion}`)
  return [head, ...lines, ...offers].join("\n")
}
