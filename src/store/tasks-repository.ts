// tasks.json on disk: validated reads, and read-modify-write inside the cross-process lock with
// the re-read on disk, a revision bump, a backup of the previous good version, the no-wipe rule
// and a durable atomic write. A file that fails to validate is never written over.
import { homePaths } from "./paths.ts"
import { readJsonFile, writeFileDurable } from "./durable-file.ts"
import { withFileLock } from "./file-lock.ts"
import { backupBeforeReplace } from "./backups.ts"
import { enqueue } from "./serial-queue.ts"
import { TasksFile, TASKS_FILE_VERSION, type Task } from "../domain/task.ts"
import type { Mutation } from "../domain/task-operations.ts"
import { conflict } from "../domain/errors.ts"

export interface TasksSnapshot {
  revision: number
  tasks: Task[]
}

export async function readTasks(home: string): Promise<TasksSnapshot> {
  const loaded = await readJsonFile(homePaths(home).tasks, TasksFile, "tasks.json")
  if (loaded.status === "missing") return { revision: 0, tasks: [] }
  return { revision: loaded.value.revision, tasks: loaded.value.tasks }
}

export function serializeTasksFile(snapshot: TasksSnapshot): string {
  const file: TasksFile = { version: TASKS_FILE_VERSION, revision: snapshot.revision, tasks: snapshot.tasks }
  return JSON.stringify(file, null, 1) + "\n"
}

export interface MutationOutcome<T> {
  snapshot: TasksSnapshot
  result: T
}

/**
 * Apply `operation` to the tasks as they are on disk now, inside the lock, and write the result
 * durably. Returns the new snapshot and the operation's result.
 */
export function mutateTasks<T>(home: string, operation: (tasks: Task[]) => Mutation<T>): Promise<MutationOutcome<T>> {
  const paths = homePaths(home)
  return enqueue(paths.tasks, () =>
    withFileLock(paths.tasks, async () => {
      const current = await readTasks(home)
      const mutation = operation(current.tasks)
      if (current.tasks.length > 0 && mutation.tasks.length === 0 && !mutation.explicitDelete) {
        throw conflict("refusing to replace a non-empty task list with an empty one; delete tasks explicitly instead")
      }
      const snapshot: TasksSnapshot = { revision: current.revision + 1, tasks: mutation.tasks }
      if (current.revision > 0) await backupBeforeReplace(paths.tasks, paths.backups, current.revision)
      await writeFileDurable(paths.tasks, serializeTasksFile(snapshot))
      return { snapshot, result: mutation.result }
    }),
  )
}
