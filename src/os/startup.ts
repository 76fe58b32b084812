// The startup sequence of the specification, in order: (1) load state.json or create the
// defaults, (2) ensure the folders and summaries, (3) load the active issues into `state.iss`,
// (4) re-sync the counters from the newest log unit (`g` from its last line, `ln` from its line
// count), (5) log the session start and set READY. A blocked state (BLK_*, ERROR) is kept: it
// stays until cleared, even across restarts.
import { withCommitLock, writeStateWithLogs } from "./commit.ts"
import type { EngineContext } from "./engine-context.ts"
import { activeIssueCache } from "./issue-ledger.ts"
import { syncCountersFromLog } from "./log-writer.ts"
import { LedgerFile, type OsState, type StateFile } from "./schemas.ts"
import { ensureLayout, isBlocked, logEntry, readState } from "./state-store.ts"
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
}

export async function runStartup(ctx: EngineContext, options: { logMax?: number } = {}): Promise<StartupReport> {
  const created = await ensureLayout(ctx.paths, ctx.logMax)
  return withCommitLock(ctx.paths, async () => {
    const state = await readState(ctx.paths)
    const ledger = await readVersioned(ctx.paths.ledger, LedgerFile, "known_issues.json")
    const iss = ledger ? activeIssueCache(ledger) : {}
    const synced = await syncCountersFromLog(ctx.paths.logs)
    const g = synced?.g ?? state.g
    const ln = synced?.ln ?? 0
    const st = isBlocked(state.st) ? state.st : "READY"
    const next: StateFile = { ...state, iss, g, ln, st, max: options.logMax ?? state.max }
    const kept = isBlocked(state.st) ? ` (kept ${state.st} until cleared)` : ""
    const saved = await writeStateWithLogs(ctx.paths, state.v, next, [logEntry("I", `session start${kept}`, next)])
    return {
      created,
      activeIssues: Object.keys(iss).length,
      counters: { g: [state.g, g], ln: [state.ln, ln] },
      state: saved.st,
      keptBlocked: isBlocked(saved.st),
    }
  })
}
