// A read of tasks.json without its validation stamp (after an outside edit, a copy or a restore)
// that still skips zod when the file is exactly what the schema would return: the fast check of
// domain/canonical-tasks.ts. A file that fails it (or is missing, or is not JSON) is left to the
// schema's read in tasks-repository.ts, which reports the problem or migrates an ancestor's file.
import { isCanonicalTasksFile } from "../domain/canonical-tasks.ts"
import type { Task } from "../domain/task.ts"
import { fileIdentity } from "./file-identity.ts"
import { recordValidatedStamp } from "./validated-stamp.ts"

/**
 * The snapshot in `text` (read from `file`) if it passes the fast check, else null. `before` is the file's identity
 * taken before the read: the stamp is recorded for it only if the path still holds it, so later
 * reads of this very file trust it as they trust one tsk wrote (nothing in it is left to defaults).
 */
export async function readCanonicalTasks(file: string, text: string, before: string | null): Promise<{ revision: number; tasks: Task[] } | null> {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return null
  }
  if (!isCanonicalTasksFile(raw)) return null
  if (before !== null && fileIdentity(file) === before) recordValidatedStamp(file, before)
  return { revision: raw.revision, tasks: raw.tasks }
}
