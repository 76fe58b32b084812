// One task and what its answer shows (its subtasks and blockers), found in the text of tasks.json
// without parsing the other 10,000 tasks. Only for a base in tsk's own serialization
// (JSON.stringify, no whitespace, every task starting `{"id":…,"title":`): there the sequences
// searched for cannot occur inside a string (a quote in a string is always escaped), so each hit is
// a task's own field. Anything unexpected (a task found twice, a hit whose enclosing object is not
// the task it should be) answers null, and the caller reads the whole list instead.
import type { Task } from "../domain/task.ts"

const QUOTE = 34
const BACKSLASH = 92
const OPEN_BRACE = 123
const CLOSE_BRACE = 125
const OPEN_BRACKET = 91
const CLOSE_BRACKET = 93

/** The index just past the JSON value (object or array) that starts at `start`, or -1. */
export function valueEnd(text: string, start: number): number {
  let depth = 0
  let i = start
  while (i < text.length) {
    const c = text.charCodeAt(i)
    if (c === QUOTE) {
      // To the closing quote: one preceded by an even number of backslashes.
      let from = i + 1
      for (;;) {
        const q = text.indexOf('"', from)
        if (q < 0) return -1
        let slashes = 0
        for (let b = q - 1; text.charCodeAt(b) === BACKSLASH; b--) slashes++
        from = q + 1
        if (slashes % 2 === 0) break
      }
      i = from
      continue
    }
    if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++
    else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--
      if (depth === 0) return i + 1
      if (depth < 0) return -1
    }
    i++
  }
  return -1
}

function objectAt(text: string, start: number): { task: Task; end: number } | null {
  const end = valueEnd(text, start)
  if (end < 0) return null
  try {
    const task = JSON.parse(text.slice(start, end)) as Task
    return typeof task === "object" && task !== null && typeof task.id === "string" ? { task, end } : null
  } catch {
    return null
  }
}

/** Every start of `needle` in `text`. */
function hits(text: string, needle: string): number[] {
  const found: number[] = []
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) found.push(at)
  return found
}

export type Lookup = { task: Task } | { missing: true } | null

/** Where the task `id` starts, as tsk writes a task: its id first, its title next. */
const taskStart = (id: string) => `{"id":${JSON.stringify(id)},"title":`

/** How many times the task `id` starts in the base text (more than once: a hand-edited file). */
export function taskStarts(text: string, id: string): number {
  return hits(text, taskStart(id)).length
}

/** The task `id` in the base text: found once, not there at all, or null (look in the whole list). */
export function findTaskInText(text: string, id: string): Lookup {
  const starts = hits(text, taskStart(id))
  if (starts.length === 0) return text.includes(JSON.stringify(id)) ? null : { missing: true }
  if (starts.length > 1) return null
  const found = objectAt(text, starts[0]!)
  return found && found.task.id === id ? { task: found.task } : null
}

/** The tasks whose parentId is `id`, in the text's order, or null (look in the whole list). */
export function findChildrenInText(text: string, id: string): Task[] | null {
  const children: Task[] = []
  // The value's closing quote ends the match: whatever follows (a comma, or the object's end
  // when parentId is its last key) is not part of it.
  for (const at of hits(text, `"parentId":${JSON.stringify(id)}`)) {
    // The task holding this field starts at the nearest task start before it: between a task's
    // `{"id":` and its parentId come only its title, description, status, priority, project, tags
    // and due date, none of which can hold that sequence.
    const start = text.lastIndexOf('{"id":', at)
    if (start < 0) return null
    const found = objectAt(text, start)
    if (!found || found.end <= at || found.task.parentId !== id || found.task.id === id) return null
    children.push(found.task)
  }
  return children
}
