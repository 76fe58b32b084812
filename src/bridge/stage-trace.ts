// Where the bridge's time goes, unit by unit. With TSK_BRIDGE_TRACE=<file> set when the runner
// starts, each processed unit appends one JSON line to that file: the milliseconds spent in each
// stage (claim, read, plan; batch: lock, execute, prepare and the rest, the journal line and its
// fsync; remember, outbox, memory, finish, emit), the number of commands and files, and when the
// unit ended; each memory refresh after a pass adds a "settle" line. Unset (always, but when
// measuring), a stage costs one test of a flag.
//
//   TSK_BRIDGE_TRACE=/tmp/trace.jsonl tsk serve
import { appendFileSync } from "node:fs"

export interface StageTrace {
  readonly on: boolean
  /** Run `work`, adding its time to `stage` of the unit under way. */
  time<T>(stage: string, work: () => Promise<T>): Promise<T>
  timeSync<T>(stage: string, work: () => T): T
  /** Add the time since `startedAt` (performance.now()) to `stage`. */
  since(stage: string, startedAt: number): void
  /** Close the unit under way: one line with its stages and `counts`. */
  unit(counts: Record<string, number>): void
  /** A line of its own (a memory refresh, which follows the pass). */
  event(kind: string, ms: number, fields?: Record<string, unknown>): void
}

export function createStageTrace(file: string | undefined): StageTrace {
  if (!file) {
    return {
      on: false,
      time: (_stage, work) => work(),
      timeSync: (_stage, work) => work(),
      since() {},
      unit() {},
      event() {},
    }
  }
  let stages: Record<string, number> = {}
  const add = (stage: string, started: number) => {
    stages[stage] = (stages[stage] ?? 0) + performance.now() - started
  }
  const write = (line: Record<string, unknown>) => {
    try {
      appendFileSync(file, `${JSON.stringify({ at: new Date().toISOString(), ...line })}\n`)
    } catch {
      // A trace that cannot be written changes nothing of what the runner does.
    }
  }
  const round = (ms: number) => Math.round(ms * 100) / 100
  return {
    on: true,
    async time(stage, work) {
      const started = performance.now()
      try {
        return await work()
      } finally {
        add(stage, started)
      }
    },
    timeSync(stage, work) {
      const started = performance.now()
      try {
        return work()
      } finally {
        add(stage, started)
      }
    },
    since: add,
    unit(counts) {
      const ms = Object.fromEntries(Object.entries(stages).map(([stage, value]) => [stage, round(value)]))
      stages = {}
      write({ kind: "unit", ...counts, ms })
    },
    event(kind, ms, fields = {}) {
      write({ kind, ms: round(ms), ...fields })
    },
  }
}

/** The runner's trace, as TSK_BRIDGE_TRACE says when this module loads. */
export const bridgeTrace: StageTrace = createStageTrace(process.env.TSK_BRIDGE_TRACE)
