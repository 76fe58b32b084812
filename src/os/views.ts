// The JSON shapes the engine returns for plans and tasks (plain data for the CLI, bridge and TUI).
import { planProgress } from "./plans.ts"
import type { PlanFile, PlanTask, PlanTaskState } from "./schemas.ts"

export interface TaskView {
  id: string
  title: string
  desc: string | null
  state: PlanTaskState
  retries: number
  artifact: string | null
  error: string | null
}

export interface PlanView {
  id: string
  dom: string
  goal: string
  maxRetries: number
  done: number
  total: number
  tasks: TaskView[]
}

export function taskView(task: PlanTask): TaskView {
  return { id: task.id, title: task.title, desc: task.desc, state: task.st, retries: task.rt, artifact: task.art, error: task.err }
}

export function planView(plan: PlanFile): PlanView {
  const { done, total } = planProgress(plan)
  return { id: plan.id, dom: plan.dom, goal: plan.goal, maxRetries: plan.max, done, total, tasks: plan.tasks.map(taskView) }
}
