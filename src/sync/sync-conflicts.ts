// What a sync merge (or the merge driver) decided against goes where every merge's losses go:
// conflicts.json (store/conflicts-store.ts, shown by `tsk conflicts`), written under the tasks lock
// as the store's own merges write it, never inside a change of the list (the same lock).
import { addConflicts, conflictRecords } from "../store/conflicts-store.ts"
import { lockGuard, withFileLock } from "../store/file-lock.ts"
import { homePaths } from "../store/paths.ts"
import type { DroppedLink, FieldConflict } from "../domain/task-merge.ts"
import type { Task } from "../domain/task.ts"

export async function recordMergeOutcome(home: string, source: string, conflicts: readonly FieldConflict[], dropped: readonly DroppedLink[], tasks: readonly Task[] = []): Promise<void> {
  if (conflicts.length === 0 && dropped.length === 0) return
  const records = conflictRecords(source, conflicts, dropped, new Map(tasks.map((t) => [t.id, t])))
  await withFileLock(homePaths(home).tasks, (lock) => addConflicts(home, records, lockGuard(lock)))
}
