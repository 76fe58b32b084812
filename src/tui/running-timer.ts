// The running timer, found once per change of the task list (the header asks every second).
import type { Task } from "../domain/task.ts"
import { findRunningTimer, type RunningTimer } from "../domain/time-tracking.ts"

let lastTasks: readonly Task[] | null = null
let lastTimer: RunningTimer | null = null

export function runningTimer(tasks: readonly Task[]): RunningTimer | null {
  if (tasks !== lastTasks) {
    lastTimer = findRunningTimer(tasks)
    lastTasks = tasks
  }
  return lastTimer
}
