// The parts of the task model that need no schema library, so read-only paths (tsk list, the
// TUI's rendering) load without zod. The schemas in task.ts use these same constants.
export const TASK_STATUSES = ["todo", "in_progress", "done", "archived"] as const
export const PRIORITIES = ["none", "low", "medium", "high", "urgent"] as const
export const MAX_DEPTH = 3
export const MAX_TITLE = 200
export const TASKS_FILE_VERSION = 1

/** `a1b2c3d4` — the prefix people see and type. */
export function shortId(id: string): string {
  return id.slice(0, 8)
}

export function isOpen(task: { status: string }): boolean {
  return task.status === "todo" || task.status === "in_progress"
}
