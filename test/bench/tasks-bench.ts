// `tsk list --json`, `tsk add` and `tsk done` as whole processes on a home with 10,000 tasks.
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { randomUUID } from "node:crypto"
import { mutateTasks } from "../../src/store/tasks-repository.ts"
import { PRIORITIES, type Task } from "../../src/domain/task.ts"
import { median, round, timeTsk, type Figure } from "./bench-helpers.ts"

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

export async function benchTaskCommands(runs = 9): Promise<Figure[]> {
  const { home, tasks, cleanup } = await makeBenchHome(10_000)
  try {
    timeTsk(home, ["list", "--json"]) // warm the file cache and Bun's transpiler cache
    const list = median(Array.from({ length: runs }, () => timeTsk(home, ["list", "--json"])))
    const add = median(Array.from({ length: runs }, (_, i) => timeTsk(home, ["add", `bench task ${i}`, "-p", "high"])))
    const open = tasks.filter((t) => t.status === "todo")
    const done = median(Array.from({ length: runs }, (_, i) => timeTsk(home, ["done", open[i]!.id])))
    return [
      { name: "tsk list --json (10,000 tasks)", value: round(list), unit: "ms", target: "< 100 ms", pass: list < 100 },
      { name: "tsk add (10,000 tasks, fsync)", value: round(add), unit: "ms", target: "< 120 ms", pass: add < 120 },
      { name: "tsk done (10,000 tasks, fsync)", value: round(done), unit: "ms", target: "< 120 ms", pass: done < 120 },
    ]
  } finally {
    cleanup()
  }
}
