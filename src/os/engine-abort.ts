// `abort`: the way out when the current plan cannot go on (its file is missing or moved aside, the
// state names a task the plan does not hold, or the agent simply gives up). From any phase and any
// state, blocked ones included, it abandons the plan: back to IDLE and READY with no current plan or
// task, logged as a W line. The plan file stays where it is, for reference.
import { existsSync } from "node:fs"
import { join } from "node:path"
import { withCommitLock, writeStateWithLogs } from "./commit.ts"
import { loadState, type EngineContext } from "./engine-context.ts"
import { SummaryFile, type OsState, type Phase, type StateFile } from "./schemas.ts"
import { logEntry, readState } from "./state-store.ts"
import { readVersioned } from "./versioned-file.ts"

export interface AbortResult {
  aborted: boolean
  /** The plan and task abandoned. */
  plan: string | null
  task: string | null
  previous: { phase: Phase; state: OsState }
  phase: Phase
  state: OsState
  /** Where the abandoned plan's file is kept (relative to the root), when that file still exists. */
  kept: string | null
  /** The abandoned plan's file when it was already gone (named in the summary, absent on disk). */
  missing: string | null
  /** What abort did, in words: the plan abandoned, its file kept or missing, the state now. */
  did: string
}

export async function abort(ctx: EngineContext): Promise<AbortResult> {
  await loadState(ctx)
  return withCommitLock(ctx.paths, async () => {
    const current = await readState(ctx.paths)
    const previous = { phase: current.ph, state: current.st }
    if (current.ph === "I" && current.st === "READY" && current.ct === null) {
      return { aborted: false, plan: null, task: null, previous, phase: current.ph, state: current.st, kept: null, missing: null, did: "nothing: the agent is idle" }
    }
    const summary = await readVersioned(ctx.paths.planSummary, SummaryFile, "plan_summary.json").catch(() => null)
    const named = current.cp ? (summary?.items[current.cp]?.path ?? null) : null
    const onDisk = named !== null && existsSync(join(ctx.paths.root, named))
    const kept = onDisk ? named : null
    const missing = named !== null && !onDisk ? named : null
    const next: StateFile = { ...current, ph: "I", st: "READY", cp: null, ct: null, rt: {}, err: null }
    const what = current.cp ? `plan ${current.cp}${current.ct ? ` at task ${current.ct}` : ""}` : `goal (phase ${current.ph})`
    const where = current.cp ? (kept ? `; ${kept} kept for reference` : missing ? `; its file ${missing} was already missing` : "; its file is missing") : ""
    // Stamped with the new state, so a rebuild from the log does not bring the plan back.
    const line = logEntry("W", `aborted ${what} from ${current.ph}/${current.st}${where}`, next)
    const saved = await writeStateWithLogs(ctx.paths, current.v, next, [line])
    const did = `abandoned ${what} from ${current.ph}/${current.st}${where}; now ${saved.st} in phase ${saved.ph}`
    return { aborted: true, plan: current.cp, task: current.ct, previous, phase: saved.ph, state: saved.st, kept, missing, did }
  })
}
