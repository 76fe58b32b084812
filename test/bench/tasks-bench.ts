// The CLI as whole processes through the launcher, each beside the floor (a bare Bun process
// reading and parsing the same tasks.json): list, add, done, start-up, a lost stamp, 50,000 tasks.
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { randomUUID } from "node:crypto"
import { mutateTasks } from "../../src/store/tasks-repository.ts"
import { PRIORITIES, type Task } from "../../src/domain/task.ts"
import { floorFigure, pairedFigure, pairedWithFloor, peakRssBesideFloor, round, type Figure } from "./bench-helpers.ts"

/** Realistic tasks: projects, tags, due dates, some subtasks, notes and time entries. */
export function generateTasks(count: number): Task[] {
  const tasks: Task[] = []
  const projects = ["web", "api", "docs", "infra", "mobile", null]
  const now = Date.now()
  for (let i = 0; i < count; i++) {
    const created = new Date(now - (count - i) * 60_000).toISOString()
    const parent = i % 10 >= 7 ? tasks[i - (i % 10) + 0]! : null
    const status = i % 5 === 0 ? "done" : i % 7 === 0 ? "in_progress" : "todo"
    tasks.push({
      id: randomUUID(),
      title: `Task ${i}: ${["Fix", "Write", "Review", "Plan", "Ship"][i % 5]} the ${["login flow", "release notes", "cache layer", "onboarding", "billing page"][i % 5]}`,
      description: i % 3 === 0 ? "Some longer description of what needs doing and why it matters." : "",
      status,
      priority: PRIORITIES[i % PRIORITIES.length]!,
      project: projects[i % projects.length]!,
      tags: i % 4 === 0 ? ["bug", "p1"] : i % 4 === 1 ? ["feature"] : [],
      dueDate: i % 3 === 0 ? new Date(now + ((i % 60) - 20) * 86_400_000).toISOString().slice(0, 10) : null,
      parentId: parent?.id ?? null,
      blockedBy: [],
      recurrence: null,
      nextOccurrenceId: null,
      estimateMinutes: i % 6 === 0 ? 90 : null,
      timeEntries: i % 8 === 0 ? [{ start: created, end: new Date(Date.parse(created) + 1_800_000).toISOString() }] : [],
      notes: i % 9 === 0 ? [{ id: randomUUID(), content: "Checked with the team.", createdAt: created, source: "cli" }] : [],
      externalId: null,
      externalSource: null,
      createdAt: created,
      updatedAt: created,
      completedAt: status === "done" ? created : null,
      order: i + 1,
    })
  }
  return tasks
}

/** A home whose tasks.json the store itself wrote, as every home a person uses is. */
export async function makeBenchHome(count: number): Promise<{ home: string; tasks: Task[]; cleanup: () => void }> {
  const home = mkdtempSync(join(tmpdir(), "tsk-bench-"))
  const tasks = generateTasks(count)
  await mutateTasks(home, () => ({ tasks, result: null }))
  return { home, tasks, cleanup: () => rmSync(home, { recursive: true, force: true }) }
}

/** Pairs for the start-up row (the others take `runs`). */
const STARTUP_PAIRS = 31

/** The rows of issue 11's table for the CLI, each beside the floor on the same file. */
export async function benchTaskCommands(runs = 9): Promise<Figure[]> {
  const small = await makeBenchHome(100)
  const home = await makeBenchHome(10_000)
  const big = await makeBenchHome(50_000)
  try {
    // A difference of two processes of ~20 ms that differ by ~10, on a shared machine: its median
    // needs more pairs than a ratio does (9 pairs gave 9.5–12 ms from one run to the next).
    const startUp = pairedWithFloor(small.home, () => ["list", "--json"], Math.max(runs, STARTUP_PAIRS))
    const list = pairedWithFloor(home.home, () => ["list", "--json"], runs)
    const open = home.tasks.filter((t) => t.status === "todo")
    const add = pairedWithFloor(home.home, (i) => ["add", `bench task ${i}`, "-p", "high"], runs)
    const done = pairedWithFloor(home.home, (i) => ["done", open[i]!.id], runs)
    // A copy, a restore or an edit by hand leaves tasks.json without its validation stamp.
    const stamp = join(home.home, ".tasks.json.validated")
    const unstamped = pairedWithFloor(home.home, () => ["list", "--json"], runs, () => rmSync(stamp, { force: true }))
    const bigList = peakRssBesideFloor(big.home, ["list", "--json"], 3)
    const bigText = peakRssBesideFloor(big.home, ["list"], 3)
    const bigAdd = pairedWithFloor(big.home, (i) => ["add", `bench task ${i}`], Math.ceil(runs / 2))
    return [
      floorFigure("floor: bun reads + parses tasks.json (10,000 tasks)", list),
      pairedFigure("tsk list --json (10,000 tasks)", list, 2),
      pairedFigure("tsk add (10,000 tasks, fsync)", add, 2),
      pairedFigure("tsk done (10,000 tasks, fsync)", done, 2),
      { name: "start-up cost above bare Bun (list --json, 100 tasks)", value: round(startUp.above), unit: "ms", spread: [round(startUp.aboveSpread[0]), round(startUp.aboveSpread[1])], ratio: round(startUp.ratio, 2), cpuRatio: round(startUp.cpuRatio, 2), target: "< 10 ms", pass: startUp.above < 10 },
      { name: "start-up CPU above bare Bun (list --json, 100 tasks)", value: round(startUp.cpuAbove), unit: "ms" },
      pairedFigure("tsk list --json, validation stamp lost (10,000 tasks)", unstamped, 3),
      { ...pairedFigure("tsk add (50,000 tasks, fsync)", bigAdd), target: "< 100 ms", pass: bigAdd.command.median < 100 },
      { name: "memory, floor (50,000 tasks), peak RSS", value: round(bigList.floor), unit: "MiB", ratio: 1 },
      { name: "memory, tsk list --json (50,000 tasks), peak RSS", value: round(bigList.command), unit: "MiB", ratio: round(bigList.command / bigList.floor, 2), target: "< 150 MiB", pass: bigList.command < 150 },
      { name: "memory, tsk list (50,000 tasks), peak RSS", value: round(bigText.command), unit: "MiB", ratio: round(bigText.command / bigText.floor, 2), target: "< 150 MiB", pass: bigText.command < 150 },
    ]
  } finally {
    small.cleanup()
    home.cleanup()
    big.cleanup()
  }
}
