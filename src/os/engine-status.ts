// `status` (everything the phase/state panel shows, in one JSON object) and `log`.
import { join } from "node:path"
import { sanitizeErrorMessage } from "../domain/errors.ts"
import { loadState, readPlanSummary, type EngineContext } from "./engine-context.ts"
import { parseInput } from "./input.ts"
import { readLastLogLines } from "./log-writer.ts"
import { PHASE_NAMES, PHASES, LogInput, PlanFile, type LogLine, type OsState, type Phase, type StateFile } from "./schemas.ts"
import { readAgentSessions } from "./session-fold.ts"
import type { AgentSession } from "./sessions.ts"
import { isBlocked } from "./state-store.ts"
import { readVersioned } from "./versioned-file.ts"
import { planView, type PlanView, type TaskView } from "./views.ts"

export const STATUS_LOG_LINES = 10

export interface OsStatus {
  root: string
  phase: Phase
  phaseName: string
  /** The strip `A B C V I`, with the current one marked. */
  phases: Array<{ code: Phase; name: string; current: boolean }>
  state: OsState
  blocked: boolean
  plan: PlanView | null
  currentTask: TaskView | null
  /** `state.rt`: retries per task id. */
  retries: Record<string, number>
  maxRetries: number
  activeIssues: Array<{ id: string; artifact: string | null; message: string }>
  lastError: string | null
  log: LogLine[]
  counters: { v: number; g: number; ln: number; max: number }
  sessions: AgentSession[]
  /** Files the status could not read (the panel shows them; `tsk os check` explains). */
  problems: string[]
  /** One line for toasts and the CLI, e.g. `phase B: plan p1 (3 tasks)`. */
  summary: string
}

async function loadPlan(ctx: EngineContext, state: StateFile, problems: string[]): Promise<PlanFile | null> {
  if (!state.cp) return null
  try {
    const item = (await readPlanSummary(ctx)).items[state.cp]
    if (!item) {
      problems.push(`plan ${state.cp} is not in plan_summary.json`)
      return null
    }
    const plan = await readVersioned(join(ctx.paths.root, item.path), PlanFile, item.path)
    if (!plan) problems.push(`${item.path} is missing`)
    return plan
  } catch (error) {
    problems.push(sanitizeErrorMessage(error))
    return null
  }
}

export function describeStatus(status: Pick<OsStatus, "phase" | "state" | "plan" | "currentTask">): string {
  const parts = [`phase ${status.phase}`]
  if (status.plan) parts.push(`plan ${status.plan.id} (${status.plan.done}/${status.plan.total} tasks done)`)
  if (status.currentTask) parts.push(`task ${status.currentTask.id}`)
  const head = `${parts[0]}: ${parts.slice(1).join(", ") || PHASE_NAMES[status.phase].toLowerCase()}`
  return status.state === "READY" ? head : `${head} [${status.state}]`
}

export async function status(ctx: EngineContext, options: { logLines?: number } = {}): Promise<OsStatus> {
  const state = await loadState(ctx)
  const problems: string[] = []
  const plan = await loadPlan(ctx, state, problems)
  const view = plan ? planView(plan) : null
  const currentTask = view?.tasks.find((task) => task.id === state.ct) ?? null
  const log = await readLastLogLines(ctx.paths.logs, options.logLines ?? STATUS_LOG_LINES)
  const result: Omit<OsStatus, "summary"> = {
    root: ctx.paths.root,
    phase: state.ph,
    phaseName: PHASE_NAMES[state.ph],
    phases: PHASES.map((code) => ({ code, name: PHASE_NAMES[code], current: code === state.ph })),
    state: state.st,
    blocked: isBlocked(state.st),
    plan: view,
    currentTask,
    retries: state.rt,
    maxRetries: plan?.max ?? ctx.settings().maxRetries,
    activeIssues: Object.entries(state.iss).map(([id, issue]) => ({ id, artifact: issue.art, message: issue.msg })),
    lastError: state.err,
    log,
    counters: { v: state.v, g: state.g, ln: state.ln, max: state.max },
    sessions: readAgentSessions(ctx.paths.root, { staleMs: ctx.settings().sessionStaleMinutes * 60_000 }),
    problems,
  }
  return { ...result, summary: describeStatus(result) }
}

export async function readLog(ctx: EngineContext, input: unknown): Promise<{ lines: LogLine[] }> {
  const { limit } = parseInput(LogInput, input, "os-log")
  await loadState(ctx)
  return { lines: await readLastLogLines(ctx.paths.logs, limit ?? 20) }
}
