// What every engine operation shares: the paths and settings, reading the files it needs (with the
// versions the optimistic lock compares), committing, and recording unexpected failures as ERROR.
import { join } from "node:path"
import type * as z from "zod"
import { TskError, sanitizeErrorMessage, toTskError } from "../domain/errors.ts"
import { commitTransaction, mutateStateLocked, type Transaction } from "./commit.ts"
import type { OsPaths } from "./os-paths.ts"
import { LedgerFile, PlanFile, StateFile, SummaryFile, type PlanTask } from "./schemas.ts"
import { ensureLayout, logEntry, readState } from "./state-store.ts"
import { readVersioned } from "./versioned-file.ts"

/** The settings a command runs with, read when it starts (a changed config applies to the next command). */
export interface LiveSettings {
  maxRetries: number
  logMax: number
  /** `os.projectRoot`, when configured. */
  projectRoot?: string
  /** Minutes without a hook event before a session shows as stale. */
  sessionStaleMinutes: number
}

export interface EngineContext {
  paths: OsPaths
  settings(): LiveSettings
  /** The folder commands come from when they carry none (the CLI's working folder); none in a runner. */
  cwd?: string
  /** Runs after an operation has read and computed, right before its compare-and-write. */
  beforeCommit?: (op: string) => Promise<void> | void
}

export async function loadState(ctx: EngineContext): Promise<StateFile> {
  await ensureLayout(ctx.paths, ctx.settings().logMax)
  return readState(ctx.paths)
}

async function readRequired<S extends z.ZodType>(path: string, schema: S, label: string, hint = "run 'tsk os check --repair'"): Promise<z.infer<S>> {
  const value = await readVersioned(path, schema, label)
  if (value === null) throw new TskError("io", `${label} is missing; ${hint}`, { file: label })
  return value
}

export const readPlanSummary = (ctx: EngineContext) => readRequired(ctx.paths.planSummary, SummaryFile, "plan_summary.json")
export const readRegistrySummary = (ctx: EngineContext) => readRequired(ctx.paths.registrySummary, SummaryFile, "registry_summary.json")
export const readLedger = (ctx: EngineContext) => readRequired(ctx.paths.ledger, LedgerFile, "known_issues.json")

const abortHint = (planId: string) => `run 'tsk os check --repair', or 'tsk os abort' (bridge: os-abort) to abandon plan ${planId}`

/** The plan the state points at, with its path. A plan that is gone points the agent to `abort`. */
export async function readCurrentPlan(ctx: EngineContext, state: StateFile): Promise<{ plan: PlanFile; rel: string; summary: SummaryFile }> {
  if (!state.cp) throw new TskError("invalid", "there is no current plan; run 'tsk os plan' first")
  const summary = await readPlanSummary(ctx)
  const item = summary.items[state.cp]
  if (!item) throw new TskError("corrupt", `plan ${state.cp} is not in plan_summary.json; ${abortHint(state.cp)}`, { file: "plan_summary.json" })
  const plan = await readRequired(join(ctx.paths.root, item.path), PlanFile, item.path, abortHint(state.cp))
  return { plan, rel: item.path, summary }
}

/** The task `taskId` of the current plan; one the plan does not hold is a dead end only `abort` leaves. */
export function currentPlanTask(plan: PlanFile, taskId: string): PlanTask {
  const task = plan.tasks.find((candidate) => candidate.id === taskId)
  if (task) return task
  throw new TskError("corrupt", `task ${taskId} is not in plan ${plan.id} (tasks: ${plan.tasks.map((t) => t.id).join(", ")}); ${abortHint(plan.id)}`, { taskId })
}

/** Commit, or throw `conflict` after the commit recorded the block. */
export async function commit(ctx: EngineContext, tx: Transaction): Promise<StateFile> {
  await ctx.beforeCommit?.(tx.op)
  const result = await commitTransaction(ctx.paths, tx, ctx.settings().logMax)
  if (!result.ok) {
    throw new TskError("conflict", `${result.message}; the agent state is now ${result.blockedAs} until 'tsk os clear'`, {
      state: result.blockedAs,
    })
  }
  return result.state
}

const REFUSALS = new Set(["invalid", "not_found", "ambiguous", "conflict"])

/** Run an operation; an unexpected failure (a bad file, an I/O error) becomes state ERROR + an E line. */
export async function guarded<T>(ctx: EngineContext, action: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof TskError && REFUSALS.has(error.kind)) throw error
    const failure = toTskError(error)
    // Our own messages name files relative to the root; anything else is sanitized.
    const detail = error instanceof TskError ? error.message.split("\n")[0]! : sanitizeErrorMessage(failure)
    const message = `${action}: ${detail}`.slice(0, 300)
    await mutateStateLocked(ctx.paths, (state) => ({
      state: { ...state, st: state.st.startsWith("BLK_") ? state.st : "ERROR", err: message },
      logs: [logEntry("E", message, state)],
    })).catch(() => undefined)
    throw failure
  }
}

/**
 * The error as agents receive it: the same kind and message, with the state the agent operating
 * state is in afterwards (`state`, `phase`), so an agent can tell BLK_CON from BLK_MAX or ERROR.
 */
export async function withResultingState(ctx: EngineContext, error: unknown): Promise<TskError> {
  const failure = toTskError(error)
  const state = await readVersioned(ctx.paths.state, StateFile, "state.json").catch(() => null)
  if (!state) return failure
  const details = { ...failure.details, state: state.st, phase: state.ph }
  const annotated = new TskError(failure.kind, failure.message, details)
  return annotated
}
