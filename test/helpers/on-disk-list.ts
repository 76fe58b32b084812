// The task list as it is on disk, read independently of the store's reader (so tests and the
// torture suite check the store rather than reuse it): tasks.json (the base) plus the lines of
// tasks.journal that apply to it, i.e. whose `base` is the base's revision and whose revisions
// follow on one from the next. A last line without its newline (a torn write) is left out.
import { readFileSync } from "node:fs"
import { join } from "node:path"
import type { Task } from "../../src/domain/task.ts"

export interface OnDiskList {
  revision: number
  tasks: Task[]
  /** The base's own revision (what tasks.json says). */
  baseRevision: number
  /** Journal lines that applied. */
  applied: number
}

export function readListOnDisk(home: string): OnDiskList {
  const base = JSON.parse(readFileSync(join(home, "tasks.json"), "utf8")) as { revision: number; tasks: Task[] }
  let journal = ""
  try {
    journal = readFileSync(join(home, "tasks.journal"), "utf8")
  } catch {
    // none
  }
  const tasks = new Map(base.tasks.map((t) => [t.id, t]))
  let revision = base.revision
  let applied = 0
  const complete = journal.slice(0, journal.lastIndexOf("\n") + 1)
  for (const text of complete.split("\n")) {
    if (text === "") continue
    let line: { base: number; revision: number; put: Task[]; delete: string[] }
    try {
      line = JSON.parse(text)
    } catch {
      continue
    }
    if (line.base !== base.revision || line.revision !== revision + 1) continue
    for (const t of line.put) tasks.set(t.id, t)
    for (const id of line.delete) tasks.delete(id)
    revision = line.revision
    applied++
  }
  return { revision, tasks: [...tasks.values()], baseRevision: base.revision, applied }
}
