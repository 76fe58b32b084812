// Health of the files tsk owns, and the repair: a bad file is moved aside (never deleted) and the
// newest backup that still validates is put back in its place, with a revision above every one
// seen so revisions never go back. For the task list, backups hold every base tsk wrote in full
// (the newest included) and tasks.journal the changes since: the repair restores the newest good
// base plus the journal lines that apply to it, and sets aside (never deletes) a journal that is
// corrupt or holds lines that apply to nothing. Leftovers of crashed writers (see leftovers.ts)
// are reported and removed.
import { readdirSync, readFileSync, renameSync } from "node:fs"
import { basename, dirname } from "node:path"
import * as z from "zod"
import { homePaths } from "./paths.ts"
import { afterTasksWrite, readTasks, serializeTasksFile, settleOutsideChanges, type TasksSnapshot } from "./tasks-repository.ts"
import { readConflicts } from "./conflicts-store.ts"
import { syncCopies } from "./outside-merge.ts"
import { applicableLines, applyLines, readJournalBytes, scanJournal, type JournalLine } from "./tasks-journal.ts"
import { backupVersion, listBackups } from "./backups.ts"
import { foldedRecordProblem, recordFoldedLines } from "./folded-lines.ts"
import { findLeftovers, removeLeftovers, type Leftover } from "./leftovers.ts"
import { describeZodIssues, fsyncDirSync, parseJsonText, writeFileDurable } from "./durable-file.ts"
import { lockGuard, withFileLock } from "./file-lock.ts"
import { Task, TasksFile } from "../domain/task.ts"
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
    text = readFileSync(path, "utf8")
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
        value = parseJsonText(readFileSync(backup, "utf8"), schema, basename(backup))
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
 * Repair the task list: the base (tasks.json itself when it validates, else the newest valid
 * backup) plus the journal lines that apply to it (up to a bad line), written as a new base with a
 * revision above every one seen; the bad base and a journal with anything left unapplied are moved
 * aside. A journal with lines left over is set aside before the new base is written, and the new
 * base's revision is above every line's, so a crash in between loses nothing.
 */
async function repairTasks(home: string, report: FileReport, baseBad: boolean): Promise<FileReport> {
  const paths = homePaths(home)
  return withFileLock(paths.tasks, async (lock) => {
    const stamp = new Date().toISOString().replace(/[:.]/g, "-")
    let movedTo: string | undefined
    let restoredFrom: string | null = null
    let base: TasksFile | null = null
    let highest = 0
    if (baseBad) {
      const aside = `${paths.tasks}.corrupt-${stamp}`
      renameSync(paths.tasks, aside)
      fsyncDirSync(home)
      movedTo = basename(aside)
      for (const backup of listBackups(paths.tasks, paths.backups)) {
        let value: TasksFile
        try {
          value = parseJsonText(readFileSync(backup, "utf8"), TasksFile, basename(backup))
        } catch {
          continue
        }
        highest = Math.max(highest, value.revision)
        if (base === null) {
          base = value
          restoredFrom = basename(backup)
        }
      }
    } else {
      base = parseJsonText(readFileSync(paths.tasks, "utf8"), TasksFile, "tasks.json")
      highest = base.revision
    }
    // The revision of the base on disk (or, for a damaged one, the newest a backup holds).
    const onDisk = highest
    const whole = readJournalBytes(paths.journal)
    const scan = whole ? scanJournal(whole.bytes) : null
    const invalid = scan ? firstInvalidLine(scan.lines) : null
    const good = scan ? (invalid ? scan.lines.slice(0, invalid.index) : scan.lines) : []
    const lines = base ? applicableLines(good, base.revision) : []
    // Revisions never go back: count every line that still parses, past a bad one too.
    for (const text of whole ? whole.bytes.toString("utf8").split("\n") : []) {
      try {
        const revision = (JSON.parse(text) as { revision?: unknown }).revision
        if (typeof revision === "number" && Number.isFinite(revision)) highest = Math.max(highest, revision)
      } catch {
        // torn or bad: nothing to count
      }
    }
    const damaged = scan !== null && (scan.corrupt !== null || invalid !== null)
    const keepJournal = scan !== null && (damaged || scan.lines.length > lines.length)
    let journalMovedTo: string | null = null
    if (base !== null) {
      const snapshot: TasksSnapshot = { revision: highest + 1, tasks: applyLines(base.tasks, lines) }
      const text = serializeTasksFile(snapshot)
      // Aside first: a crash after the base is written must not leave lines that the next writer
      // would remove as folded in (the base's revision is above theirs).
      if (keepJournal) journalMovedTo = setJournalAside(paths.journal, damaged ? "corrupt" : "stale", stamp)
      // A runner's batch among the lines stays provable once they are folded in (folded-lines.ts).
      recordFoldedLines(home, lines, snapshot.revision, onDisk)
      await writeFileDurable(paths.tasks, text, lockGuard(lock))
      afterTasksWrite(home, text, snapshot, { lock, journal: !keepJournal && whole ? { ino: whole.ino, size: whole.size } : null })
    } else if (keepJournal || scan !== null) {
      journalMovedTo = setJournalAside(paths.journal, damaged ? "corrupt" : "stale", stamp)
    }
    const replayed = `${lines.length} journal change${lines.length === 1 ? "" : "s"} replayed on it`
    return {
      ...report,
      movedTo: movedTo ?? journalMovedTo ?? undefined,
      restoredFrom: baseBad ? restoredFrom : "tasks.json",
      detail: [base !== null && scan !== null ? replayed : null, baseBad && journalMovedTo ? `tasks.journal moved to ${journalMovedTo}` : null].filter((d) => d !== null).join("; ") || undefined,
    }
  })
}

function setJournalAside(journal: string, why: "corrupt" | "stale", stamp: string): string {
  const aside = `${journal}.${why}-${stamp}`
  renameSync(journal, aside)
  fsyncDirSync(dirname(journal))
  return basename(aside)
}

export async function runDoctor(home: string, repair: boolean): Promise<DoctorReport> {
  const paths = homePaths(home)
  // The ancestor's tasks.json is migrated first (with a backup), so it is never "repaired" away.
  await readTasks(home).catch(() => undefined)
  // Named before the merge below takes the tasks lock (which takes over a dead writer's lock).
  const leftovers = findLeftovers(home)
  // An outside change of tasks.json and sync tools' conflict copies are merged first (outside-merge.ts).
  await settleOutsideChanges(home).catch(() => undefined)
  const files: FileReport[] = []
  const warnings: string[] = []
  const { value: _tasksValue, ...tasksReport } = await checkFile(paths.tasks, TasksFile)
  const journalReport = checkJournal(paths.journal)
  if (tasksReport.status === "corrupt" && repair) files.push(await repairTasks(home, tasksReport, true))
  else files.push(tasksReport)
  if (journalReport && tasksReport.status !== "corrupt") {
    if (journalReport.status === "corrupt" && repair) files.push(await repairTasks(home, journalReport, false))
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
