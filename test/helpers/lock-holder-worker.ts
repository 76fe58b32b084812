// A separate process that changes tasks through the store and stays inside the lock for a while,
// so a test can pause it (SIGSTOP) or kill it there. It writes "inside" to stdout (synchronously)
// when it holds the lock and has read the tasks.
// Usage: bun lock-holder-worker.ts <home> <holdMs> edit <id> <title>
//        bun lock-holder-worker.ts <home> <holdMs> add-subtask <parentId> <title>
import { writeSync } from "node:fs"
import { mutateTasks } from "../../src/store/tasks-repository.ts"
import { createTask, updateTask } from "../../src/domain/task-operations.ts"
import type { OperationContext } from "../../src/domain/task-operations.ts"

const [home, holdMs, mode, id, title] = process.argv.slice(2)
const ctx: OperationContext = { now: new Date(), newId: () => crypto.randomUUID() }
const pause = new Int32Array(new SharedArrayBuffer(4))
let announced = false
await mutateTasks(home!, (tasks) => {
  if (!announced) writeSync(1, "inside\n")
  announced = true
  Atomics.wait(pause, 0, 0, Number(holdMs))
  return mode === "edit" ? updateTask(tasks, id!, { title: title! }, ctx) : createTask(tasks, { title: title!, parentId: id! }, ctx)
})
writeSync(1, "written\n")
