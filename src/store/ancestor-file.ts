// A tasks.json in the ancestor's format (a bare array) is recognised, never "repaired" into an
// empty list: the original is kept next to it as tasks.ancestor-<time>.json, and the migrated
// tasks (domain/ancestor-migration.ts) are written in our format, inside the tasks lock.
import { readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { pathsOf, type HomePaths } from "./paths.ts"
import { writeFileDurable } from "./durable-file.ts"
import { withFileLock } from "./file-lock.ts"
import { isAncestorTaskArray, migrateAncestorTasks } from "../domain/ancestor-migration.ts"
import type { Task } from "../domain/task.ts"

export interface MigratedSnapshot {
  revision: number
  tasks: Task[]
}

/** The ancestor's array in `text`, migrated and checked against our schema; null if it is not one. */
export async function migrateAncestorText(text: string, now = new Date()): Promise<Task[] | null> {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return null
  }
  if (!isAncestorTaskArray(raw)) return null
  const tasks = migrateAncestorTasks(raw, now, () => crypto.randomUUID())
  const { TasksFile } = await import("../domain/task.ts")
  const checked = TasksFile.safeParse({ version: 1, revision: 1, tasks })
  return checked.success ? checked.data.tasks : null
}

/**
 * If tasks.json holds the ancestor's array: back it up, write it migrated, return the snapshot.
 * `locked` says the caller already holds the tasks lock (a change in progress).
 */
export async function migrateAncestorFile(home: string | HomePaths, locked: boolean, serialize: (s: MigratedSnapshot) => string): Promise<MigratedSnapshot | null> {
  const file = pathsOf(home).tasks
  const run = async (): Promise<MigratedSnapshot | null> => {
    let text: string
    try {
      text = readFileSync(file, "utf8")
    } catch {
      return null
    }
    const tasks = await migrateAncestorText(text)
    if (!tasks) return null
    const stamp = new Date().toISOString().replace(/[:.]/g, "-")
    await writeFileDurable(join(dirname(file), `tasks.ancestor-${stamp}.json`), text)
    const snapshot = { revision: 1, tasks }
    await writeFileDurable(file, serialize(snapshot))
    return snapshot
  }
  if (locked) return run()
  // Only the ancestor's array is worth the lock: any other bad file stays an error, at once.
  try {
    if ((await migrateAncestorText(readFileSync(file, "utf8"))) === null) return null
  } catch {
    return null
  }
  return withFileLock(file, run)
}
