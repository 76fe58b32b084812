// `tsk import <file>`: tasks from another tsk home, from `tsk export --format json`, or from the
// ancestor's tasks.json, added to this list. Ids already here are skipped (importing twice adds
// nothing); text is cleaned of control characters like every other write.
import type { Task } from "./task.ts"
import type { Mutation } from "./task-operations.ts"
import { normaliseTags } from "./task-fields.ts"
import { stripControls, stripControlsLine } from "./text-safety.ts"

export interface ImportResult {
  added: Task[]
  skipped: number
}

function cleaned(task: Task): Task {
  return {
    ...task,
    title: stripControlsLine(task.title).trim() || "(untitled)",
    description: stripControls(task.description),
    project: task.project === null ? null : stripControlsLine(task.project).trim() || null,
    tags: normaliseTags(task.tags),
    notes: task.notes.map((n) => ({ ...n, content: stripControls(n.content) || " ", source: stripControlsLine(n.source) || "import" })),
  }
}

export function importTasks(tasks: readonly Task[], incoming: readonly Task[]): Mutation<ImportResult> {
  const present = new Set(tasks.map((t) => t.id))
  const base = tasks.reduce((max, t) => Math.max(max, t.order), 0)
  const fresh = incoming.filter((t) => !present.has(t.id))
  const added = fresh.map((t, i) => ({ ...cleaned(t), order: base + i + 1 }))
  return { tasks: [...tasks, ...added], result: { added, skipped: incoming.length - fresh.length } }
}
