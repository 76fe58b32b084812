// Health of the files tsk owns, and the repair: a bad file is moved aside (never deleted) and the
// newest backup that still validates is put back in its place.
import { readFile, rename } from "node:fs/promises"
import { basename, dirname } from "node:path"
import * as z from "zod"
import { homePaths } from "./paths.ts"
import { readTasks } from "./tasks-repository.ts"
import { listBackups } from "./backups.ts"
import { fsyncDirSync, parseJsonText, writeFileDurable } from "./durable-file.ts"
import { withFileLock } from "./file-lock.ts"
import { TasksFile, type Task } from "../domain/task.ts"
import { Config } from "../domain/config.ts"
import { toTskError } from "../domain/errors.ts"
import { MAX_DEPTH } from "../domain/task.ts"
import { depthOf, inBlockerCycle, indexTasks } from "../domain/task-tree.ts"

export interface FileReport {
  file: string
  status: "ok" | "missing" | "corrupt"
  error?: string
  movedTo?: string
  restoredFrom?: string | null
}

export interface DoctorReport {
  healthy: boolean
  files: FileReport[]
  /** Problems inside a valid tasks.json (dangling references, depth, cycles). */
  warnings: string[]
}

async function checkFile(path: string, schema: z.ZodType): Promise<FileReport & { value?: unknown }> {
  const file = basename(path)
  let text: string
  try {
    text = await readFile(path, "utf8")
  } catch {
    return { file, status: "missing" }
  }
  try {
    return { file, status: "ok", value: parseJsonText(text, schema, file) }
  } catch (error) {
    return { file, status: "corrupt", error: toTskError(error).message }
  }
}

export function taskListWarnings(tasks: readonly Task[]): string[] {
  const warnings: string[] = []
  const index = indexTasks(tasks)
  if (index.size !== tasks.length) warnings.push(`${tasks.length - index.size} duplicate task id(s)`)
  for (const task of tasks) {
    if (task.parentId && !index.has(task.parentId)) warnings.push(`task ${task.id} has a missing parent ${task.parentId}`)
    if (depthOf(index, task.id) > MAX_DEPTH) warnings.push(`task ${task.id} nests deeper than ${MAX_DEPTH} levels`)
    for (const blocker of task.blockedBy) {
      if (!index.has(blocker)) warnings.push(`task ${task.id} is blocked by a missing task ${blocker}`)
    }
    if (inBlockerCycle(index, task)) warnings.push(`task ${task.id} is part of a blocker cycle`)
  }
  return warnings
}

/** Move the bad file aside and restore the newest valid backup; returns what was done. */
async function repairFile(path: string, backupsDir: string, schema: z.ZodType, report: FileReport): Promise<FileReport> {
  return withFileLock(path, async () => {
    const aside = `${path}.corrupt-${new Date().toISOString().replace(/[:.]/g, "-")}`
    await rename(path, aside)
    fsyncDirSync(dirname(path))
    for (const backup of await listBackups(path, backupsDir)) {
      const text = await readFile(backup, "utf8")
      try {
        parseJsonText(text, schema, basename(backup))
      } catch {
        continue
      }
      await writeFileDurable(path, text)
      return { ...report, movedTo: basename(aside), restoredFrom: basename(backup) }
    }
    return { ...report, movedTo: basename(aside), restoredFrom: null }
  })
}

export async function runDoctor(home: string, repair: boolean): Promise<DoctorReport> {
  const paths = homePaths(home)
  // The ancestor's tasks.json is migrated first (with a backup), so it is never "repaired" away.
  await readTasks(home).catch(() => undefined)
  const targets: Array<[string, z.ZodType]> = [
    [paths.tasks, TasksFile],
    [paths.config, Config],
  ]
  const files: FileReport[] = []
  const warnings: string[] = []
  for (const [path, schema] of targets) {
    const { value, ...report } = await checkFile(path, schema)
    if (report.status === "corrupt" && repair) files.push(await repairFile(path, paths.backups, schema, report))
    else files.push(report)
    if (path === paths.tasks && report.status === "ok") warnings.push(...taskListWarnings((value as TasksFile).tasks))
  }
  const healthy = files.every((f) => f.status !== "corrupt" || f.movedTo !== undefined)
  return { healthy, files, warnings }
}
