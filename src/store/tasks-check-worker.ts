// The body of the worker that checks tasks.json on another thread while the TUI loads its modules
// (see tasks-read-ahead.ts): it reads the file as readBase does for an identity tsk does not
// know, and records the validation stamp when the file passes the fast check
// (canonical-tasks-read.ts), only if the path still holds the identity it read. It changes no
// task and writes nothing else: the stamp is only a cache, which the main thread's read then
// trusts as it trusts one a `tsk list` wrote. A file that fails the check is left to the main
// thread's read, which validates it with the schema and says what is wrong.
import { readCanonicalTasks } from "./canonical-tasks-read.ts"
import { readRegularFileIdentity } from "./file-identity.ts"
import { MAX_STATE_FILE_BYTES, readRegularFileSync } from "./regular-file.ts"

/** Checks `file` and stamps it when it passes; true when it did. Never throws. */
export async function checkAndStamp(file: string): Promise<boolean> {
  try {
    const before = await readRegularFileIdentity(file)
    if (before === null) return false
    const read = readRegularFileSync(file, MAX_STATE_FILE_BYTES)
    if (read.kind !== "ok") return false
    return (await readCanonicalTasks(file, read.bytes.toString("utf8"), before)) !== null
  } catch {
    return false
  }
}
