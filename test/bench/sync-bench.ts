// tsk sync at 10,000 tasks through a local bare repository, as whole processes beside the floor
// (a bare Bun process reading and parsing the same tasks.json, run just before each sample):
// a first sync that sends the whole list, and a sync that merges 100 changes made on each side.
import { execFileSync } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { mutateTasks } from "../../src/store/tasks-repository.ts"
import { updateConfig } from "../../src/store/config-store.ts"
import { makeBenchHome } from "./tasks-bench.ts"
import { median, round, runFloor, runTskProcess, summarise, type Figure, type ProcessRun } from "./bench-helpers.ts"

const COUNT = 10_000

function figure(name: string, runs: ProcessRun[], floors: ProcessRun[], targetMs: number): Figure {
  const s = summarise(runs.map((r) => r.ms))
  return {
    name,
    value: round(s.median),
    unit: "ms",
    spread: [round(s.min), round(s.max)],
    ratio: round(median(runs.map((r, i) => r.ms / floors[i]!.ms)), 2),
    cpuRatio: round(median(runs.map((r, i) => r.cpuMs / floors[i]!.cpuMs)), 2),
    target: `< ${targetMs / 1000} s`,
    pass: s.median < targetMs,
  }
}

/** Change `count` tasks of a home, spread over the list, as edits made on that machine would. */
async function changeSome(home: string, count: number, offset: number, label: string): Promise<void> {
  await mutateTasks(home, (tasks) => {
    const step = Math.floor(tasks.length / count)
    const now = new Date().toISOString()
    const out = tasks.slice()
    for (let i = 0; i < count; i++) {
      const at = (offset + i * step) % out.length
      out[at] = { ...out[at]!, title: `${label} ${i}`, updatedAt: now }
    }
    return { tasks: out, result: null }
  })
}

export async function benchSync(runs = 5): Promise<Figure[]> {
  const root = mkdtempSync(join(tmpdir(), "tsk-sync-bench-"))
  try {
    const a = await makeBenchHome(COUNT)
    const first: ProcessRun[] = []
    const firstFloors: ProcessRun[] = []
    for (let i = 0; i < 3; i++) {
      const remote = join(root, `first-${i}.git`)
      execFileSync("git", ["init", "-q", "--bare", remote])
      rmSync(join(a.home, "sync"), { recursive: true, force: true })
      rmSync(join(a.home, "sync-state.json"), { force: true })
      await updateConfig(a.home, "sync.remote", remote)
      firstFloors.push(runFloor(a.home))
      first.push(runTskProcess(a.home, ["sync"]))
    }
    // The last first sync's remote is the one both homes share from here.
    const b = mkdtempSync(join(tmpdir(), "tsk-bench-"))
    await updateConfig(b, "sync.remote", join(root, "first-2.git"))
    runTskProcess(b, ["sync"])
    const merges: ProcessRun[] = []
    const mergeFloors: ProcessRun[] = []
    for (let i = 0; i < runs; i++) {
      await changeSome(b, 100, i * 7, `b${i}`)
      runTskProcess(b, ["sync"])
      await changeSome(a.home, 100, i * 7 + 3, `a${i}`)
      mergeFloors.push(runFloor(a.home))
      merges.push(runTskProcess(a.home, ["sync"]))
    }
    a.cleanup()
    rmSync(b, { recursive: true, force: true })
    return [
      figure("tsk sync, first sync of 10,000 tasks", first, firstFloors, 10_000),
      figure("tsk sync, 10,000 tasks, 100 changes each side", merges, mergeFloors, 2_000),
      { name: "floor (bare Bun reads and parses tasks.json, 10,000)", value: round(median(mergeFloors.map((f) => f.ms))), unit: "ms", ratio: 1, cpuRatio: 1 },
    ]
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}

if (import.meta.main) {
  for (const f of await benchSync()) console.log(`${f.name}: ${f.value} ${f.unit} (${f.spread?.join("–") ?? "-"}), ${f.ratio}× floor, target ${f.target ?? "-"} ${f.pass === undefined ? "" : f.pass ? "met" : "MISSED"}`)
}
