// The cost of keeping tasks.json current within 2 s without a runner (store/background-compaction.ts),
// beside the floor: a `tsk add` that starts the detached compactor (the check and the spawn are
// all the command pays), and the compactor's own process folding one change into 10,000 tasks.
import { existsSync, utimesSync } from "node:fs"
import { join } from "node:path"
import { makeBenchHome } from "./tasks-bench.ts"
import { floorFigure, pairedFigure, pairedWithFloor, runTskProcess, type Figure } from "./bench-helpers.ts"

/** Wait (without a time limit a load could trip) until no compactor is left. */
function compactorGone(home: string): void {
  const marker = join(home, ".tasks.json.compactor")
  while (existsSync(marker)) Bun.sleepSync(10)
}

export async function benchKeepCurrent(runs = 9): Promise<Figure[]> {
  const home = await makeBenchHome(10_000)
  try {
    const on = { TSK_BACKGROUND_COMPACTION: "1" }
    // Each add finds no compactor (the last one has finished) and starts one.
    const add = pairedWithFloor(home.home, (i) => ["add", `bench task ${i}`], runs, () => compactorGone(home.home), on)
    const addOff = pairedWithFloor(home.home, (i) => ["add", `bench task off ${i}`], runs, () => compactorGone(home.home))
    // One change in the journal, quiet for long enough: the compactor folds it in at once and exits.
    const journal = join(home.home, "tasks.journal")
    let n = 0
    const fold = pairedWithFloor(
      home.home,
      () => ["__compact-tasks"],
      runs,
      () => {
        compactorGone(home.home)
        runTskProcess(home.home, ["add", `bench change ${n++}`])
        const past = new Date(Date.now() - 60_000)
        utimesSync(journal, past, past)
      },
    )
    if (existsSync(journal)) throw new Error("the compactor left the journal in place")
    return [
      floorFigure("floor: bun reads + parses tasks.json (10,000 tasks)", add),
      pairedFigure("tsk add, starting the background compactor (10,000 tasks)", add),
      pairedFigure("tsk add, compactor off (10,000 tasks)", addOff),
      pairedFigure("background compactor: fold one change into tasks.json (10,000 tasks)", fold),
    ]
  } finally {
    compactorGone(home.home)
    home.cleanup()
  }
}
