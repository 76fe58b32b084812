// `tsk merge-driver %O %A %B %P`: git's merge driver for tsk's task files (gitattributes
// `tasks/*.json merge=tsk`, config `merge.tsk.driver`), so a plain `git pull` of a branch that
// holds them merges each task per field instead of leaving conflict markers. git calls it for a
// file both sides changed: %O the common ancestor's version (empty when both added it), %A ours,
// where the result goes, %B theirs, %P the path. One file is one task, so links to other tasks
// cannot be judged here: they are kept as merged (tsk sync checks the whole tree when it imports).
import { readFileSync, writeFileSync } from "node:fs"
import { invalid } from "../domain/errors.ts"
import { mergeTaskLists, type FieldConflict } from "../domain/task-merge.ts"
import { serializeTaskFile } from "../domain/task-file.ts"
import type { Task } from "../domain/task.ts"
import { recordMergeOutcome } from "./sync-conflicts.ts"
import { parseTaskFile } from "./sync-repo.ts"

export interface DriverOutcome {
  path: string
  conflicts: FieldConflict[]
}

async function side(file: string, label: string, path: string): Promise<Task[]> {
  const text = readFileSync(file, "utf8")
  if (text.trim().length === 0) return []
  const task = await parseTaskFile(text)
  if (!task) throw invalid(`${path}: ${label} version is not a tsk task; leaving the file to git`)
  return [task]
}

export async function runMergeDriver(home: string, baseFile: string, oursFile: string, theirsFile: string, path: string): Promise<DriverOutcome> {
  const [base, ours, theirs] = await Promise.all([side(baseFile, "the common", path), side(oursFile, "our", path), side(theirsFile, "their", path)])
  const result = mergeTaskLists(base, ours, theirs)
  const merged = result.tasks[0]
  if (!merged) throw invalid(`${path}: the merge removed the task; leaving the file to git`)
  // The other tasks live in other files: a link to one of them is not "missing".
  const task: Task = { ...merged }
  for (const drop of result.dropped) {
    if (drop.reason !== "missing") continue
    if (drop.field === "parentId") task.parentId = drop.value
    else if (!task.blockedBy.includes(drop.value)) task.blockedBy = [...task.blockedBy, drop.value]
  }
  writeFileSync(oursFile, serializeTaskFile(task))
  await recordMergeOutcome(home, `git merge of ${path}`, result.conflicts, [], [task])
  return { path, conflicts: result.conflicts }
}
