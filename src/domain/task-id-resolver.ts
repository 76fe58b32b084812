// One resolver of partial ids for every surface: an exact id wins, otherwise a case-insensitive
// unique prefix. No match is "not found"; several are "ambiguous" with the candidates listed.
import { ambiguous, invalid, notFound } from "./errors.ts"
import type { Task } from "./task.ts"
import { shortId } from "./task-constants.ts"

export function resolveTaskId(tasks: readonly Task[], query: string): Task {
  const wanted = query.trim()
  if (wanted.length === 0) throw invalid("a task id is required")
  const exact = tasks.find((t) => t.id === wanted)
  if (exact) return exact
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
