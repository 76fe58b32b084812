// The agent operating state's one core: every surface (CLI `tsk os`, bridge `os-*`, the TUI panel)
// calls these methods, which validate input, enforce phases and blocked states, and persist under
// the optimistic lock. Results are plain JSON-able data.
// States: READY waits for the next command; BUSY means a task is checked out (from `next` until
// `complete` or `fail`); BLK_CON/BLK_SUM/BLK_PSUM (lock conflicts), BLK_MAX (retries exceeded) and
// ERROR (an unexpected failure, logged as E) refuse work until `clear`, even across restarts.
import { resolve } from "node:path"
import { clear, type ClearResult } from "./engine-clear.ts"
import type { EngineContext } from "./engine-context.ts"
import { recordIssueCommand, resolveIssueCommand, type IssueResult } from "./engine-issues.ts"
import { readLog, status, type OsStatus } from "./engine-status.ts"
import { complete, fail, validate, type FailResult, type ValidateResult } from "./engine-tasks.ts"
import { analyze, next, plan, type PhaseResult } from "./engine-workflow.ts"
import { runConsistencyCheck, type CheckReport } from "./consistency-check.ts"
import { osPaths } from "./os-paths.ts"
import type { ArtifactFile, CompleteInput, IssueInput, LogLine, PlanInput } from "./schemas.ts"
import { runStartup, type StartupReport } from "./startup.ts"
import { DEFAULT_LOG_MAX, DEFAULT_MAX_RETRIES } from "./state-store.ts"
import type { PlanView, TaskView } from "./views.ts"

export interface OsEngineOptions {
  /** The folder holding state.json and the rest (`TSK_HOME/os`, or config `os.root`). */
  root: string
  /** Retries allowed per task before BLK_MAX (default 3); fixed in each plan when it is written. */
  maxRetries?: number
  /** Log lines per unit before rolling over; used when state.json is created, or set at `start()`. */
  logMax?: number
  /** Where relative artifact locations (`loc`) are resolved; defaults to the current directory. */
  workspaceRoot?: string
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
}

export function createOsEngine(options: OsEngineOptions): OsEngine {
  const ctx: EngineContext = {
    paths: osPaths(resolve(options.root)),
    maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
    logMax: options.logMax ?? DEFAULT_LOG_MAX,
    workspaceRoot: resolve(options.workspaceRoot ?? process.cwd()),
    ...(options.beforeCommit ? { beforeCommit: options.beforeCommit } : {}),
  }
  const now = options.now ?? (() => new Date())
  return {
    root: ctx.paths.root,
    start: () => runStartup(ctx, options.logMax !== undefined ? { logMax: options.logMax } : {}),
    status: (statusOptions) => status(ctx, statusOptions),
    analyze: (input) => analyze(ctx, input),
    plan: (input) => plan(ctx, input),
    next: () => next(ctx),
    complete: (input) => complete(ctx, input),
    validate: () => validate(ctx),
    fail: (input) => fail(ctx, input),
    issue: (input) => recordIssueCommand(ctx, input, now),
    resolve: (input) => resolveIssueCommand(ctx, input, now),
    log: (input) => readLog(ctx, input ?? {}),
    check: (input) => runConsistencyCheck(ctx, input ?? {}, now),
    clear: () => clear(ctx),
  }
}
