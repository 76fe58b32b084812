// Health of the files tsk owns, and the repair: a bad file is moved aside (never deleted) and the
// newest backup that still validates (backups hold every version tsk wrote, the newest included)
// is put back in its place, with a revision above every one seen so revisions never go back.
// Leftovers of crashed writers (see leftovers.ts) are reported and removed.
import { readFile } from "node:fs/promises"
import { readFileSync, renameSync } from "node:fs"
import { basename, dirname } from "node:path"
import * as z from "zod"
import { homePaths } from "./paths.ts"
import { readTasks } from "./tasks-repository.ts"
import { backupVersion, listBackups } from "./backups.ts"
import { findLeftovers, removeLeftovers, type Leftover } from "./leftovers.ts"
import { fsyncDirSync, parseJsonText, writeFileDurable } from "./durable-file.ts"
import { lockGuard, withFileLock } from "./file-lock.ts"
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
  /** Temp files and dead locks left by crashed writers, removed by this run. */
  leftovers: Leftover[]
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

function revisionOf(value: unknown): number {
  const revision = (value as { revision?: unknown } | null)?.revision
  return typeof revision === "number" ? revision : 0
}

/** Move the bad file aside and restore the newest valid backup; returns what was done. */
async function repairFile(path: string, backupsDir: string, schema: z.ZodType, report: FileReport): Promise<FileReport> {
  return withFileLock(path, async (lock) => {
    const aside = `${path}.corrupt-${new Date().toISOString().replace(/[:.]/g, "-")}`
    renameSync(path, aside)
    fsyncDirSync(dirname(path))
    const backups = listBackups(path, backupsDir)
    let highest = 0
    let restored: { backup: string; value: Record<string, unknown> } | null = null
    for (const backup of backups) {
      let value: unknown
      try {
        value = parseJsonText(readFileSync(backup, "utf8"), schema, basename(backup))
      } catch {
        continue
      }
      highest = Math.max(highest, revisionOf(value))
      restored ??= { backup, value: value as Record<string, unknown> }
    }
    if (!restored) return { ...report, movedTo: basename(aside), restoredFrom: null }
    const next = { ...restored.value, revision: highest + 1 }
    const text = path.endsWith("tasks.json") ? JSON.stringify(next) + "\n" : JSON.stringify(next, null, 2) + "\n"
    await writeFileDurable(path, text, lockGuard(lock))
    backupVersion(path, backupsDir, text, highest + 1)
    return { ...report, movedTo: basename(aside), restoredFrom: basename(restored.backup) }
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
  const leftovers = findLeftovers(home)
  removeLeftovers(home, leftovers)
  const healthy = files.every((f) => f.status !== "corrupt" || f.movedTo !== undefined)
  return { healthy, files, leftovers, warnings }
}
