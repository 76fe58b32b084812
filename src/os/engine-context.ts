// What every engine operation shares: the paths and settings, reading the files it needs (with the
// versions the optimistic lock compares), committing, and recording unexpected failures as ERROR.
import { join } from "node:path"
import type * as z from "zod"
import { TskError, sanitizeErrorMessage, toTskError } from "../domain/errors.ts"
import { commitTransaction, mutateStateLocked, type Transaction } from "./commit.ts"
import type { OsPaths } from "./os-paths.ts"
import { LedgerFile, PlanFile, StateFile, SummaryFile } from "./schemas.ts"
import { ensureLayout, logEntry, readState } from "./state-store.ts"
import { readVersioned } from "./versioned-file.ts"

export interface EngineContext {
  paths: OsPaths
  maxRetries: number
  logMax: number
  /** Where relative artifact locations are resolved. */
  workspaceRoot: string
  /** Runs after an operation has read and computed, right before its compare-and-write. */
  beforeCommit?: (op: string) => Promise<void> | void
}

export async function loadState(ctx: EngineContext): Promise<StateFile> {
  await ensureLayout(ctx.paths, ctx.logMax)
  return readState(ctx.paths)
}

async function readRequired<S extends z.ZodType>(path: string, schema: S, label: string): Promise<z.infer<S>> {
  const value = await readVersioned(path, schema, label)
  if (value === null) throw new TskError("io", `${label} is missing; run 'tsk os check --repair'`, { file: label })
  return value
}

export const readPlanSummary = (ctx: EngineContext) => readRequired(ctx.paths.planSummary, SummaryFile, "plan_summary.json")
export const readRegistrySummary = (ctx: EngineContext) => readRequired(ctx.paths.registrySummary, SummaryFile, "registry_summary.json")
export const readLedger = (ctx: EngineContext) => readRequired(ctx.paths.ledger, LedgerFile, "known_issues.json")

/** The plan the state points at, with its path. */
export async function readCurrentPlan(ctx: EngineContext, state: StateFile): Promise<{ plan: PlanFile; rel: string; summary: SummaryFile }> {
  if (!state.cp) throw new TskError("invalid", "there is no current plan; run 'tsk os plan' first")
  const summary = await readPlanSummary(ctx)
  const item = summary.items[state.cp]
  if (!item) throw new TskError("corrupt", `plan ${state.cp} is not in plan_summary.json; run 'tsk os check --repair'`, { file: "plan_summary.json" })
  const plan = await readRequired(join(ctx.paths.root, item.path), PlanFile, item.path)
  return { plan, rel: item.path, summary }
}

/** Commit, or throw `conflict` after the commit recorded the block. */
export async function commit(ctx: EngineContext, tx: Transaction): Promise<StateFile> {
  await ctx.beforeCommit?.(tx.op)
  const result = await commitTransaction(ctx.paths, tx)
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
