// A missing tasks.json is "not created yet" only in a home that never had a list. With backups of
// it, a journal or a copy set aside beside it, the list is missing, not new: readers and writers
// refuse to start a fresh one over it (the next write would set the journal aside and begin
// empty), and `tsk doctor --repair` salvages it (tasks-salvage.ts).
import { readdirSync } from "node:fs"
import { pathsOf, type HomePaths } from "./paths.ts"
import { nothingAt } from "./bun-files.ts"
import { TskError } from "../domain/errors.ts"

/** What beside a missing tasks.json shows there was a list (none in a new home). */
export function listEvidence(home: string | HomePaths): string[] {
  const paths = pathsOf(home)
  const found: string[] = []
  if (!nothingAt(paths.journal)) found.push("tasks.journal")
  const names = (dir: string) => {
    try {
      return readdirSync(dir)
    } catch {
      return []
    }
  }
  if (names(paths.backups).some((n) => n.startsWith("tasks.json.") && n.endsWith(".bak"))) found.push("backups of tasks.json")
  const aside = names(paths.home).filter((n) => n.startsWith("tasks.json.corrupt-"))
  if (aside.length > 0) found.push(aside.sort().at(-1)!)
  return found
}

export function missingListError(evidence: readonly string[]): TskError {
  return new TskError("corrupt", `tasks.json is missing, but ${evidence.join(", ")} ${evidence.length === 1 ? "is" : "are"} beside it: run 'tsk doctor --repair' to restore the list`, { file: "tasks.json" })
}
