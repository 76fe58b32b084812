// Plan files: building one from an agent's request, and the pure task updates the phases make.
import type * as z from "zod"
import { TskError } from "../domain/errors.ts"
import type { PlanFile, PlanInput, PlanTask, SummaryFile } from "./schemas.ts"

function freshId(prefix: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n++) {
    const id = `${prefix}${n}`
    if (!taken.has(id)) return id
  }
}

/** A new plan (version 0: not written yet) from validated input; ids are given or assigned. */
export function buildPlanFile(input: z.infer<typeof PlanInput>, summary: SummaryFile, maxRetries: number): PlanFile {
  const id = input.id ?? freshId("p", new Set(Object.keys(summary.items)))
  if (summary.items[id]) throw new TskError("invalid", `plan ${id} already exists; choose another id`, { planId: id })
  const given = input.tasks.flatMap((task) => (task.id ? [task.id] : []))
  const duplicate = given.find((taskId, index) => given.indexOf(taskId) !== index)
  if (duplicate) throw new TskError("invalid", `task id ${duplicate} appears twice in the plan`, { taskId: duplicate })
  const taken = new Set(given)
  const tasks: PlanTask[] = input.tasks.map((task) => {
    const taskId = task.id ?? freshId("t", taken)
    taken.add(taskId)
    return { id: taskId, title: task.title, desc: task.desc ?? null, st: "pending", rt: 0, art: null, err: null }
  })
  return { v: 0, id, dom: input.dom, goal: input.goal, max: maxRetries, tasks }
}

export function findTask(plan: PlanFile, taskId: string): PlanTask {
  const task = plan.tasks.find((candidate) => candidate.id === taskId)
  if (!task) {
    throw new TskError("not_found", `task ${taskId} is not in plan ${plan.id} (tasks: ${plan.tasks.map((t) => t.id).join(", ")})`, {
      taskId,
    })
  }
  return task
}

export function nextPendingTask(plan: PlanFile): PlanTask | null {
  return plan.tasks.find((task) => task.st === "pending") ?? null
}

export function updateTask(plan: PlanFile, taskId: string, patch: Partial<Omit<PlanTask, "id">>): PlanFile {
  return { ...plan, tasks: plan.tasks.map((task) => (task.id === taskId ? { ...task, ...patch } : task)) }
}

export function planProgress(plan: PlanFile): { done: number; total: number } {
  return { done: plan.tasks.filter((task) => task.st === "done").length, total: plan.tasks.length }
}
