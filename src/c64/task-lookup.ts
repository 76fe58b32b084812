// Finds a task from what a person or agent types: the exact id, its counter (`2` or `0002`), a
// unique prefix, or a unique name. Several matches are ambiguous and say which.
import { ambiguous, notFound } from "../domain/errors.ts"
import type { RegistryEntry } from "./state/task-schema.ts"
import { taskCounterOf } from "./state/task-id.ts"

export function resolveTaskEntry(entries: readonly RegistryEntry[], query: string): RegistryEntry {
  const text = query.trim()
  const exact = entries.find((e) => e.id === text)
  if (exact) return exact
  const matches = /^\d+$/.test(text)
    ? entries.filter((e) => taskCounterOf(e.id) === Number(text))
    : unique([...entries.filter((e) => e.id.toLowerCase().startsWith(text.toLowerCase())), ...entries.filter((e) => e.name === text)])
  if (matches.length === 1) return matches[0]!
  if (matches.length === 0) throw notFound(`no C64 task matches '${query}'`)
  const candidates = matches.map((e) => e.id)
  throw ambiguous(`'${query}' matches several C64 tasks: ${candidates.join(", ")}`, { candidates })
}

const unique = (entries: RegistryEntry[]) => [...new Map(entries.map((e) => [e.id, e])).values()]
