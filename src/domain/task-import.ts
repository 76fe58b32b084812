// `tsk import <file>`: tasks from another tsk home, from `tsk export --format json`, or from the
// ancestor's tasks.json, added to this list. Ids already here are skipped (importing twice adds
// nothing); text is cleaned of control characters like every other write. An import is held to
// the rules of `tsk add`: a field too long is refused (never cut), subtasks nest at most
// MAX_DEPTH levels, a parent must exist, and blockers never form a cycle. One bad task refuses
// the whole file, naming the task, so nothing is half imported.
import type { Task } from "./task.ts"
import type { Mutation } from "./task-operations.ts"
import { MAX_DEPTH, MAX_TITLE } from "./task-constants.ts"
import { MAX_DESCRIPTION, MAX_PROJECT, normaliseTags } from "./task-fields.ts"
import { stripControls, stripControlsLine } from "./text-safety.ts"
import { invalid } from "./errors.ts"
import { indexTasks, inBlockerCycle } from "./task-tree.ts"

export interface ImportResult {
  added: Task[]
  skipped: number
}

const label = (task: Pick<Task, "id" | "title">) => `task ${task.id.slice(0, 8)} ('${stripControlsLine(task.title).slice(0, 40)}')`

/** The size rules of `tsk add`, for one incoming task: refused when too long, never cut. */
function checkSizes(task: Task): void {
  const title = stripControlsLine(task.title).trim()
  if (title.length > MAX_TITLE) throw invalid(`${label(task)}: the title is ${title.length} characters; the limit is ${MAX_TITLE}`)
  if (task.description.length > MAX_DESCRIPTION) throw invalid(`${label(task)}: the description is ${task.description.length} characters; the limit is ${MAX_DESCRIPTION}`)
  if (task.project !== null && stripControlsLine(task.project).trim().length > MAX_PROJECT) throw invalid(`${label(task)}: the project is longer than ${MAX_PROJECT} characters`)
  const long = task.notes.find((n) => n.content.length > MAX_DESCRIPTION)
  if (long) throw invalid(`${label(task)}: a note is ${long.content.length} characters; the limit is ${MAX_DESCRIPTION}`)
  try {
    normaliseTags(task.tags)
  } catch (error) {
    throw invalid(`${label(task)}: ${(error as Error).message}`)
  }
}

/** The structure rules of `tsk add` and `tsk block`, for the tasks added to `all`. */
function checkStructure(all: readonly Task[], added: readonly Task[]): void {
  const index = indexTasks(all)
  for (const task of added) {
    let depth = 0
    const seen = new Set<string>()
    for (let current: Task | undefined = task; current; current = current.parentId === null ? undefined : index.get(current.parentId)) {
      if (seen.has(current.id)) throw invalid(`${label(task)}: its parents form a cycle`)
      seen.add(current.id)
      if (current.parentId !== null && !index.has(current.parentId)) throw invalid(`${label(current)}: its parent ${current.parentId.slice(0, 8)} is neither in the file nor in this list`)
      depth++
    }
    if (depth > MAX_DEPTH) throw invalid(`${label(task)}: subtasks nest at most ${MAX_DEPTH} levels; this one is at level ${depth}`)
    if (task.blockedBy.includes(task.id)) throw invalid(`${label(task)}: a task cannot block itself`)
    if (inBlockerCycle(index, task)) throw invalid(`${label(task)}: its blockers form a cycle (it waits, through them, on itself)`)
  }
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
  for (const task of fresh) checkSizes(task)
  const added = fresh.map((t, i) => ({ ...cleaned(t), order: base + i + 1 }))
  const all = [...tasks, ...added]
  checkStructure(all, added)
  return { tasks: all, result: { added, skipped: incoming.length - fresh.length } }
}
