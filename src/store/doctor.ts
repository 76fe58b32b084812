// Health of the files tsk owns, and the repair. The task list is repaired by salvage
// (tasks-salvage.ts): every task that validates is kept, from the damaged file, the journal and
// the backups, what does not is quarantined, and nothing is rolled back to an older backup; a
// missing tasks.json beside a journal, backups or a copy set aside is a lost list, not a new one
// (missing-list.ts). config.json, a bad one moved aside, gets the newest backup that validates.
// Outside changes of tasks.json are merged first (outside-merge.ts) and their conflicts reported.
// Leftovers of crashed writers (see leftovers.ts) are reported and removed.
import { lstatSync, readdirSync, renameSync } from "node:fs"
import { basename, dirname } from "node:path"
import * as z from "zod"
import { homePaths } from "./paths.ts"
import { readTasks, settleOutsideChanges } from "./tasks-repository.ts"
import { readConflicts } from "./conflicts-store.ts"
import { syncCopies } from "./outside-merge.ts"
import { listEvidence, missingListError } from "./missing-list.ts"
import { planSalvage, salvageSteps } from "./tasks-salvage.ts"
import { readJournalBytes, scanJournal, type JournalLine } from "./tasks-journal.ts"
import { backupVersion, listBackups } from "./backups.ts"
import { foldedRecordProblem } from "./folded-lines.ts"
import { findLeftovers, removeLeftovers, type Leftover } from "./leftovers.ts"
import { describeZodIssues, fsyncDirSync, parseJsonText, writeFileDurable } from "./durable-file.ts"
import { lockGuard, withFileLock } from "./file-lock.ts"
import { Task, TasksFile } from "../domain/task.ts"
import { Config } from "../domain/config.ts"
import { toTskError, TskError } from "../domain/errors.ts"
import { oddKindOf, readRegularTextSync } from "./regular-file.ts"
import { MAX_DEPTH } from "../domain/task.ts"
import { depthOf, inBlockerCycle, indexTasks } from "../domain/task-tree.ts"

export interface FileReport {
  file: string
  status: "ok" | "missing" | "corrupt"
  error?: string
  movedTo?: string
  restoredFrom?: string | null
  /** What else the repair did (journal changes replayed, a journal set aside). */
  detail?: string
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
    // A FIFO, a device or a link in its place is reported (and set aside by --repair), never read.
    text = readRegularTextSync(path)
  } catch (error) {
    if (error instanceof TskError) return { file, status: "corrupt", error: error.message }
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

/** Move a bad config.json aside and restore the newest valid backup; returns what was done. */
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
        value = parseJsonText(readRegularTextSync(backup), schema, basename(backup))
      } catch {
        continue
      }
      highest = Math.max(highest, revisionOf(value))
      restored ??= { backup, value: value as Record<string, unknown> }
    }
    if (!restored) return { ...report, movedTo: basename(aside), restoredFrom: null }
    const next = { ...restored.value, revision: highest + 1 }
    const text = JSON.stringify(next, null, 2) + "\n"
    await writeFileDurable(path, text, lockGuard(lock))
    backupVersion(path, backupsDir, text, highest + 1)
    return { ...report, movedTo: basename(aside), restoredFrom: basename(restored.backup) }
  })
}

/**
 * Readers check a journal line's shape only (tsk wrote it, as it wrote a stamped tasks.json); the
 * doctor validates every task in it. The index of the first line with an invalid task, or -1.
 */
function firstInvalidLine(lines: readonly JournalLine[]): { index: number; error: string } | null {
  for (let index = 0; index < lines.length; index++) {
    for (const task of lines[index]!.put) {
      const parsed = Task.safeParse(task)
      if (!parsed.success) return { index, error: `tasks.journal is invalid: revision ${lines[index]!.revision}, task ${task.id}: ${describeZodIssues(parsed.error)}` }
    }
  }
  return null
}

/** When the list is the base + journal: the journal's state (null when there is none). */
function checkJournal(path: string): FileReport | null {
  let whole: ReturnType<typeof readJournalBytes>
  try {
    whole = readJournalBytes(path)
  } catch (error) {
    return { file: basename(path), status: "corrupt", error: toTskError(error).message }
  }
  if (whole === null) return null
  const scan = scanJournal(whole.bytes)
  const error = scan.corrupt ?? firstInvalidLine(scan.lines)?.error
  return error ? { file: basename(path), status: "corrupt", error } : { file: basename(path), status: "ok" }
}

/**
 * Repair the task list by salvage (tasks-salvage.ts): every task that validates is kept, from the
 * damaged file, the journal and the backups; what does not is quarantined; nothing is rolled back.
 */
async function repairTasks(home: string, report: FileReport): Promise<FileReport> {
  const paths = homePaths(home)
  return withFileLock(paths.tasks, async (lock) => {
    const stamp = new Date().toISOString().replace(/[:.]/g, "-")
    const plan = planSalvage(paths)
    for (const step of salvageSteps(paths, lock, plan, stamp)) await step.run()
    const copies = [
      plan.damaged === "tasks.json" ? `tasks.json.corrupt-${stamp}` : plan.damaged,
      plan.quarantined.length > 0 ? `tasks.quarantine-${stamp}.json` : null,
      plan.journal?.damaged ? `tasks.journal.corrupt-${stamp}` : null,
    ].filter((name) => name !== null)
    return {
      ...report,
      movedTo: copies.length > 0 ? copies.join(", ") : "(nothing moved)",
      restoredFrom: `every valid task (${plan.snapshot.tasks.length})`,
      detail: plan.report.join("; "),
    }
  })
}

export async function runDoctor(home: string, repair: boolean): Promise<DoctorReport> {
  const paths = homePaths(home)
  // The ancestor's tasks.json is migrated first (with a backup), so it is never "repaired" away.
  // A FIFO, a device or a link in its place is never opened: checkFile reports it.
  const tasksStat = lstatSync(paths.tasks, { throwIfNoEntry: false })
  const tasksReadable = tasksStat === undefined || oddKindOf(tasksStat) === null
  if (tasksReadable) await readTasks(paths).catch(() => undefined)
  // Named before the merge below takes the tasks lock (which takes over a dead writer's lock).
  const leftovers = findLeftovers(home)
  // An outside change of tasks.json and sync tools' conflict copies are merged first (outside-merge.ts).
  if (tasksReadable) await settleOutsideChanges(paths).catch(() => undefined)
  const files: FileReport[] = []
  const warnings: string[] = []
  const { value: _tasksValue, ...checked } = await checkFile(paths.tasks, TasksFile)
  // Missing beside a journal, backups or a copy set aside: the list is lost, not new (missing-list.ts).
  const evidence = checked.status === "missing" ? listEvidence(paths) : []
  const tasksReport: FileReport = evidence.length > 0 ? { ...checked, status: "corrupt", error: missingListError(evidence).message } : checked
  const journalReport = checkJournal(paths.journal)
  if (tasksReport.status === "corrupt" && repair) files.push(await repairTasks(home, tasksReport))
  else files.push(tasksReport)
  if (journalReport && tasksReport.status !== "corrupt") {
    if (journalReport.status === "corrupt" && repair) files.push(await repairTasks(home, journalReport))
    else files.push(journalReport)
  }
  const { value: _configValue, ...configReport } = await checkFile(paths.config, Config)
  if (configReport.status === "corrupt" && repair) files.push(await repairFile(paths.config, paths.backups, Config, configReport))
  else files.push(configReport)
  if (files.every((f) => f.status !== "corrupt" || f.movedTo !== undefined)) {
    const list = await readTasks(home).catch(() => null)
    if (list) warnings.push(...taskListWarnings(list.tasks))
  }
  let names: string[] = []
  try {
    names = readdirSync(home)
  } catch {
    // no home yet
  }
  for (const name of names.filter((n) => /^tasks\.journal\.(stale|corrupt)-/.test(n)).sort()) {
    warnings.push(`${name} holds task changes that are not in the list (set aside: a journal beside a tasks.json replaced from outside, or a damaged one); look at it before deleting it`)
  }
  for (const name of names.filter((n) => n.startsWith("tasks.journal.folded-")).sort()) {
    warnings.push(`${name} is a journal a compaction was removing when it stopped: its changes are in the list unless another writer had added to it; look at it before deleting it`)
  }
  // What merging outside changes could not keep (conflicts-store.ts), and copies it could not read.
  const conflicts = readConflicts(home)
  if (conflicts.length > 0) {
    const fields = [...new Set(conflicts.map((c) => c.field))].join(", ")
    warnings.push(`${conflicts.length} conflict${conflicts.length === 1 ? "" : "s"} from merging outside changes of tasks.json (${fields}): see tsk conflicts`)
  }
  for (const name of syncCopies(home)) warnings.push(`${name} is a sync tool's conflict copy of tasks.json that is not a valid task list: it was not merged; look at it before deleting it`)
  // Never repaired here: only what it names tells whether a runner's pending batch was saved.
  const folded = foldedRecordProblem(home)
  if (folded) warnings.push(folded)
  removeLeftovers(home, leftovers)
  const healthy = files.every((f) => f.status !== "corrupt" || f.movedTo !== undefined)
  return { healthy, files, leftovers, warnings }
}
