// The agent operating state's one core: every surface (CLI `tsk os`, bridge `os-*`, the TUI panel)
// calls these methods, which validate input, enforce phases and blocked states, and persist under
// the optimistic lock. Results are plain JSON-able data; a failure is a TskError that also names
// the state the agent operating state is in afterwards (details `state`, `phase`).
// States: READY waits for the next command; BUSY means a task is checked out (from `next` until
// `complete` or `fail`); BLK_CON/BLK_SUM/BLK_PSUM (lock conflicts), BLK_MAX (retries exceeded) and
// ERROR (an unexpected failure, logged as E) refuse work until `clear`, even across restarts.
// `abort` abandons the current plan from any state.
import { resolve } from "node:path"
import { existsSync } from "node:fs"
import { TskError } from "../domain/errors.ts"
import { abort, type AbortResult } from "./engine-abort.ts"
import { clear, type ClearResult } from "./engine-clear.ts"
import { withResultingState, type EngineContext, type LiveSettings } from "./engine-context.ts"
import { recordIssueCommand, resolveIssueCommand, type IssueResult } from "./engine-issues.ts"
import { readLog, status, type OsStatus } from "./engine-status.ts"
import { complete, fail, validate, type FailResult, type ValidateResult } from "./engine-tasks.ts"
import { analyze, next, plan, type PhaseResult } from "./engine-workflow.ts"
import { runConsistencyCheck, type CheckReport } from "./consistency-check.ts"
import { osPaths } from "./os-paths.ts"
import { DEFAULT_LOG_MAX, DEFAULT_MAX_RETRIES, DEFAULT_SESSION_STALE_MINUTES, resolveOsSettings } from "./os-settings.ts"
import type { ArtifactFile, CompleteInput, IssueInput, LogLine, PlanInput } from "./schemas.ts"
import { runStartup, type StartupReport } from "./startup.ts"
import { defaultState } from "./state-store.ts"
import type { PlanView, TaskView } from "./views.ts"

export interface OsEngineOptions {
  /** The folder holding state.json and the rest (`TSK_HOME/os`, or config `os.root`). */
  root: string
  /** TSK_HOME: its config.json is read again for every command (maxRetries, logMax, projectRoot). */
  home?: string
  /** Retries allowed per task before BLK_MAX (default: config, else 3); fixed in each plan when it is written. */
  maxRetries?: number
  /** Log lines per unit before rolling over (default: config, else 1000). */
  logMax?: number
  /** The agents' project (default: config `os.projectRoot`). */
  projectRoot?: string
  /** The folder commands come from when they carry none: the CLI's working folder. A runner has none. */
  cwd?: string
  /** Runs right before each compare-and-write (after reading and computing): lets tests and demos interleave processes. */
  beforeCommit?: (op: string) => Promise<void> | void
  /** The clock for issue timestamps and names of files moved aside. */
  now?: () => Date
}

export interface OsEngine {
  readonly root: string
  /** The startup sequence; call once in a long-lived process (TUI, runner). */
  start(): Promise<StartupReport>
  status(options?: { logLines?: number }): Promise<OsStatus>
  analyze(input: { goal: string }): Promise<PhaseResult & { goal: string }>
  plan(input: PlanInput): Promise<PhaseResult & { plan: PlanView }>
  next(): Promise<PhaseResult & { plan: string; task: TaskView }>
  complete(input: CompleteInput): Promise<PhaseResult & { task: TaskView; artifact: ArtifactFile }>
  validate(): Promise<ValidateResult>
  fail(input: { taskId: string; error: string }): Promise<FailResult>
  issue(input: IssueInput): Promise<IssueResult>
  resolve(input: { issueId: string }): Promise<IssueResult>
  log(input?: { limit?: number }): Promise<{ lines: LogLine[] }>
  check(input?: { repair?: boolean }): Promise<CheckReport>
  clear(): Promise<ClearResult>
  abort(): Promise<AbortResult>
  /**
   * A refusal made before the engine was called (a CLI usage error, a bridge payload that fails
   * its schema) as every other: with the state and phase it leaves the agent in.
   */
  refusal(error: unknown): Promise<TskError>
}

function liveSettings(options: OsEngineOptions): () => LiveSettings {
  return () => {
    const configured = options.home !== undefined ? resolveOsSettings(options.home) : null
    const projectRoot = options.projectRoot ?? configured?.projectRoot
    return {
      maxRetries: options.maxRetries ?? configured?.maxRetries ?? DEFAULT_MAX_RETRIES,
      logMax: options.logMax ?? configured?.logMax ?? DEFAULT_LOG_MAX,
      sessionStaleMinutes: configured?.sessionStaleMinutes ?? DEFAULT_SESSION_STALE_MINUTES,
      ...(projectRoot !== undefined ? { projectRoot } : {}),
    }
  }
}

export function createOsEngine(options: OsEngineOptions): OsEngine {
  const ctx: EngineContext = {
    paths: osPaths(resolve(options.root)),
    settings: liveSettings(options),
    ...(options.cwd !== undefined ? { cwd: resolve(options.cwd) } : {}),
    ...(options.beforeCommit ? { beforeCommit: options.beforeCommit } : {}),
  }
  const now = options.now ?? (() => new Date())
  // Every failure leaves with the state it left behind.
  const op =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await run(...args)
      } catch (error) {
        throw await withResultingState(ctx, error)
      }
    }
  return {
    root: ctx.paths.root,
    start: op(() => runStartup(ctx)),
    status: op((statusOptions?: { logLines?: number }) => status(ctx, statusOptions)),
    analyze: op((input: { goal: string }) => analyze(ctx, input)),
    plan: op((input: PlanInput) => plan(ctx, input)),
    next: op(() => next(ctx)),
    complete: op((input: CompleteInput) => complete(ctx, input)),
    validate: op(() => validate(ctx)),
    fail: op((input: { taskId: string; error: string }) => fail(ctx, input)),
    issue: op((input: IssueInput) => recordIssueCommand(ctx, input, now)),
    resolve: op((input: { issueId: string }) => resolveIssueCommand(ctx, input, now)),
    log: op((input?: { limit?: number }) => readLog(ctx, input ?? {})),
    check: op((input?: { repair?: boolean }) => runConsistencyCheck(ctx, input ?? {}, now)),
    clear: op(() => clear(ctx)),
    abort: op(() => abort(ctx)),
    async refusal(error) {
      const annotated = await withResultingState(ctx, error)
      if (annotated.details?.state !== undefined || existsSync(ctx.paths.state)) return annotated
      // No state.json yet: the agent is in the state the first command would create.
      const { ph, st } = defaultState(ctx.settings().logMax)
      return new TskError(annotated.kind, annotated.message, { ...annotated.details, state: st, phase: ph })
    },
  }
}
