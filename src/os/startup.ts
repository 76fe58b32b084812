// The startup sequence of the specification, in order: (1) load state.json or create the
// defaults, (2) ensure the folders and summaries, (3) load the active issues into `state.iss`,
// (4) re-sync the counters from the log (`g` never goes back: the higher of the state's and the
// newest log id; `ln` from the newest unit's line count), (5) log the session start and settle the
// state (READY, or BUSY while a task is checked out). A blocked state (BLK_*, ERROR) is kept: it
// stays until cleared, even across restarts. When nothing but the counters would change, only the
// session-start line is written: a runner starting up never moves `v` on under an agent's feet.
import { withCommitLock, writeStateWithLogs } from "./commit.ts"
import type { EngineContext } from "./engine-context.ts"
import { activeIssueCache } from "./issue-ledger.ts"
import { appendLogLines, syncCountersFromLog } from "./log-writer.ts"
import { LedgerFile, type OsState, type StateFile } from "./schemas.ts"
import { ensureLayout, isBlocked, logEntry, readState, settledState } from "./state-store.ts"
import { readVersioned } from "./versioned-file.ts"

export interface StartupReport {
  /** Files the startup created (relative to the root). */
  created: string[]
  activeIssues: number
  /** The counters before and after the re-sync from the log. */
  counters: { g: [number, number]; ln: [number, number] }
  state: OsState
  /** True when a blocked state was kept instead of becoming READY. */
  keptBlocked: boolean
  /** False when state.json was left as it was (only the session-start line was logged). */
  wroteState: boolean
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

export async function runStartup(ctx: EngineContext): Promise<StartupReport> {
  const { logMax } = ctx.settings()
  const created = await ensureLayout(ctx.paths, logMax)
  return withCommitLock(ctx.paths, async () => {
    const state = await readState(ctx.paths)
    const ledger = await readVersioned(ctx.paths.ledger, LedgerFile, "known_issues.json")
    const iss = ledger ? activeIssueCache(ledger) : state.iss
    const synced = await syncCountersFromLog(ctx.paths.logs)
    const g = Math.max(state.g, synced?.g ?? 0)
    const ln = synced?.ln ?? 0
    const st = isBlocked(state.st) ? state.st : settledState(state.ph, state.ct)
    const changed = st !== state.st || state.max !== logMax || !sameJson(iss, state.iss)
    const base = { created, activeIssues: Object.keys(iss).length, counters: { g: [state.g, g], ln: [state.ln, ln] } as StartupReport["counters"] }
    const kept = isBlocked(state.st) ? ` (kept ${state.st} until cleared)` : ""
    const line = logEntry("I", `session start${kept}`, state)
    if (!changed) {
      await appendLogLines(ctx.paths.logs, state, [line])
      return { ...base, state: st, keptBlocked: isBlocked(st), wroteState: false }
    }
    const next: StateFile = { ...state, iss, st, max: logMax }
    const saved = await writeStateWithLogs(ctx.paths, state.v, next, [line])
    return { ...base, state: saved.st, keptBlocked: isBlocked(saved.st), wroteState: true }
  })
}
