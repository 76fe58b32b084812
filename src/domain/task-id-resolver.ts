// One resolver of partial ids for every surface: an exact id wins, otherwise a case-insensitive
// unique prefix of at least MIN_PREFIX characters (a one-character prefix such as `1` would pick a
// task by chance). No match is "not found"; several are "ambiguous" with the candidates listed.
import { ambiguous, invalid, notFound } from "./errors.ts"
import type { Task } from "./task.ts"
import { shortId } from "./task-constants.ts"

export const MIN_PREFIX = 4

export function resolveTaskId(tasks: readonly Task[], query: string): Task {
  const wanted = query.trim()
  if (wanted.length === 0) throw invalid("a task id is required")
  for (const task of tasks) if (task.id === wanted) return task
  if (wanted.length < MIN_PREFIX) {
    throw invalid(`id '${wanted}' is too short: give the full id or at least ${MIN_PREFIX} characters of it`, { id: wanted })
  }
  const lower = wanted.toLowerCase()
  const matches = tasks.filter((t) => t.id.toLowerCase().startsWith(lower))
  if (matches.length === 1) return matches[0]!
  if (matches.length === 0) throw notFound(`no task matches id '${wanted}'`, { id: wanted })
  const candidates = matches.slice(0, 10).map((t) => ({ id: t.id, title: t.title }))
  const listed = candidates.map((c) => `${shortId(c.id)} ${c.title}`).join(", ")
  throw ambiguous(`id '${wanted}' matches ${matches.length} tasks: ${listed}${matches.length > 10 ? ", …" : ""}`, {
    id: wanted,
    candidates,
  })
}
