// The repair of the task list (`tsk doctor --repair`): it salvages, it never rolls back. Every task
// that validates is kept, from the damaged tasks.json (each task on its own: one bad value costs
// that task, not the list; a torn file gives up only its torn end), from tasks.journal (every line
// that still parses, past a bad one too) and from the backups (a task the damaged file lost, or
// whose copy there is invalid, comes from the newest backup that has it). What does not validate
// is quarantined in `tasks.quarantine-<time>.json` with the reason, and the report says what came
// from where. Links the salvaged tree cannot keep (a missing parent, a cycle, a fourth level) are
// dropped and reported. The list is written one revision above every revision seen.
//
// The steps (salvageSteps) copy before they replace, and replace before they remove: copies of
// the damaged files, the quarantine, the folded-lines record, the new tasks.json (atomic), then its
// backup and the journal's removal. tasks.json is never missing at any point, so a crash between
// two steps leaves the damaged state (the next repair starts again) or the repaired one beside the
// old journal (which the next command merges: outside-merge.ts); test/store/repair-crash-states.test.ts
// stops the repair after each step.
import { readdirSync } from "node:fs"
import { MAX_STATE_FILE_BYTES, readRegularFileSync, readRegularTextSync } from "./regular-file.ts"
import { basename, join } from "node:path"
import { pathsOf, type HomePaths } from "./paths.ts"
import { listBackups } from "./backups.ts"
import { parseJsonText, writeFileDurable, describeZodIssues } from "./durable-file.ts"
import { lockGuard } from "./file-lock.ts"
import { recordFoldedLines } from "./folded-lines.ts"
import type { HeldLock } from "./lock-context.ts"
import { applyLines, readJournalBytes, type JournalLine } from "./tasks-journal.ts"
import { afterTasksWrite, serializeTasksFile, type TasksSnapshot } from "./tasks-repository.ts"
import { settleLinks, type DroppedLink } from "../domain/task-merge-links.ts"
import { Task, TasksFile } from "../domain/task.ts"

export interface Quarantined {
  source: string
  error: string
  raw: unknown
}

export interface SalvagePlan {
  snapshot: TasksSnapshot
  text: string
  /** The damaged tasks.json read (`tasks.json` or a `tasks.json.corrupt-*` beside a missing one), if any. */
  damaged: string | null
  damagedBytes: Buffer | null
  journal: { bytes: Buffer; ino: number; size: number; damaged: boolean } | null
  folded: JournalLine[]
  quarantined: Quarantined[]
  dropped: DroppedLink[]
  /** One line per source: what came from where. */
  report: string[]
  /** The revision on disk before (for the folded-lines record). */
  onDisk: number
}

/** The elements of the `tasks` array of a torn JSON text that are whole objects, as text. */
export function wholeTaskTexts(text: string): string[] {
  const start = /"tasks"\s*:\s*\[/.exec(text)
  if (!start) return []
  const out: string[] = []
  let depth = 0
  let inString = false
  let escaped = false
  let from = -1
  for (let i = start.index + start[0].length; i < text.length; i++) {
    const c = text[i]!
    if (inString) {
      if (escaped) escaped = false
      else if (c === "\\") escaped = true
      else if (c === '"') inString = false
      continue
    }
    if (c === '"') inString = true
    else if (c === "{" || c === "[") {
      if (depth === 0 && c === "{") from = i
      depth++
    } else if (c === "}" || c === "]") {
      depth--
      if (depth < 0) break
      if (depth === 0 && c === "}" && from >= 0) {
        out.push(text.slice(from, i + 1))
        from = -1
      }
    }
  }
  return out
}

function validate(raw: unknown, source: string, quarantined: Quarantined[]): Task | null {
  const parsed = Task.safeParse(raw)
  if (parsed.success) return parsed.data
  quarantined.push({ source, error: describeZodIssues(parsed.error), raw })
  return null
}

/** The tasks of a damaged file that validate, whether the file parses as a whole, and its revision. */
function salvageFile(text: string, source: string, quarantined: Quarantined[]): { tasks: Task[]; whole: boolean; revision: number | null; invalidIds: string[] } {
  let items: unknown[] | null = null
  let revision: number | null = null
  try {
    const value = JSON.parse(text) as { tasks?: unknown; revision?: unknown }
    if (Array.isArray(value.tasks)) items = value.tasks
    if (typeof value.revision === "number" && Number.isSafeInteger(value.revision)) revision = value.revision
  } catch {
    // torn: its whole task objects below
  }
  const whole = items !== null
  if (items === null) {
    items = []
    for (const part of wholeTaskTexts(text)) {
      try {
        items.push(JSON.parse(part))
      } catch {
        quarantined.push({ source, error: "not JSON", raw: part })
      }
    }
    const head = /"revision"\s*:\s*(\d+)/.exec(text.slice(0, 200))
    if (head) revision = Number(head[1])
  }
  const tasks: Task[] = []
  const invalidIds: string[] = []
  for (const item of items) {
    const task = validate(item, source, quarantined)
    if (task) tasks.push(task)
    else if (typeof (item as { id?: unknown } | null)?.id === "string") invalidIds.push((item as { id: string }).id)
  }
  return { tasks, whole, revision, invalidIds }
}

/** Every journal line that parses, its invalid tasks quarantined, in revision order. */
function salvageJournal(bytes: Buffer, quarantined: Quarantined[]): { lines: JournalLine[]; damaged: boolean; highest: number } {
  const lines: JournalLine[] = []
  let damaged = false
  let highest = 0
  const texts = bytes.toString("utf8").split("\n")
  texts.forEach((text, i) => {
    if (text.length === 0) return
    let line: JournalLine
    try {
      line = JSON.parse(text) as JournalLine
    } catch {
      // The last line torn by a crash was never acknowledged; any other is damage.
      if (i < texts.length - 1) damaged = true
      return
    }
    if (!Number.isSafeInteger(line.revision) || !Array.isArray(line.put) || !Array.isArray(line.delete)) {
      damaged = true
      return
    }
    highest = Math.max(highest, line.revision)
    const put: Task[] = []
    for (const raw of line.put) {
      const task = validate(raw, `tasks.journal revision ${line.revision}`, quarantined)
      if (task) put.push(task)
      else damaged = true
    }
    lines.push({ ...line, put, delete: line.delete.filter((id): id is string => typeof id === "string") })
  })
  lines.sort((a, b) => a.revision - b.revision)
  return { lines, damaged, highest }
}

function validBackups(paths: HomePaths): Array<{ name: string; file: TasksFile }> {
  const out: Array<{ name: string; file: TasksFile }> = []
  for (const backup of listBackups(paths.tasks, paths.backups)) {
    try {
      out.push({ name: basename(backup), file: parseJsonText(readRegularTextSync(backup), TasksFile, basename(backup)) })
    } catch {
      // torn or bad: the next one
    }
  }
  return out
}

/** The newest `tasks.json.corrupt-*` beside a missing tasks.json (a repair that stopped after setting it aside). */
function newestSetAside(home: string): string | null {
  let names: string[]
  try {
    names = readdirSync(home)
  } catch {
    return null
  }
  return names.filter((n) => n.startsWith("tasks.json.corrupt-")).sort().at(-1) ?? null
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`

/** Work out the repaired list from everything there is (read only). */
export function planSalvage(home: string | HomePaths): SalvagePlan {
  const paths = pathsOf(home)
  const quarantined: Quarantined[] = []
  const report: string[] = []
  let damaged: string | null = null
  let damagedBytes: Buffer | null = null
  let list: Task[] = []
  let baseRevision: number | null = null
  let highest = 0
  const backups = validBackups(paths)
  for (const b of backups) highest = Math.max(highest, b.file.revision)
  // Only a regular file is read: a FIFO, a device or a link in its place is a damaged list with nothing to salvage.
  const read = readRegularFileSync(paths.tasks, MAX_STATE_FILE_BYTES)
  const current = read.kind === "ok" ? read.bytes : read.kind === "odd" ? Buffer.alloc(0) : null
  if (read.kind === "odd") report.push(`tasks.json: ${read.reason}`)
  const aside = current === null ? newestSetAside(paths.home) : null
  const asideRead = aside ? readRegularFileSync(join(paths.home, aside), MAX_STATE_FILE_BYTES) : null
  const text = current ?? (asideRead?.kind === "ok" ? asideRead.bytes : null)
  if (text !== null) {
    const source = current !== null ? "tasks.json" : aside!
    let fine: TasksFile | null = null
    try {
      fine = parseJsonText(text.toString("utf8"), TasksFile, source)
    } catch {
      fine = null
    }
    if (fine !== null && current !== null) {
      list = fine.tasks
      baseRevision = fine.revision
      report.push(`tasks.json: ${plural(list.length, "task")}, valid`)
    } else {
      damaged = source
      damagedBytes = text
      const salvaged = fine !== null ? { tasks: fine.tasks, whole: true, revision: fine.revision, invalidIds: [] } : salvageFile(text.toString("utf8"), source, quarantined)
      list = salvaged.tasks
      baseRevision = salvaged.revision
      const ids = new Set(list.map((t) => t.id))
      let fromBackups = 0
      // A task whose copy is invalid, or (a torn file) any task of the newest backup it lost.
      const wanted = (id: string) => !ids.has(id) && (!salvaged.whole || salvaged.invalidIds.includes(id))
      for (const b of salvaged.whole ? backups : backups.slice(0, 1)) {
        for (const task of b.file.tasks) {
          if (!wanted(task.id)) continue
          list.push(task)
          ids.add(task.id)
          fromBackups++
        }
      }
      report.push(`${source}: ${plural(salvaged.tasks.length, "task")} kept${salvaged.whole ? "" : " (a torn file: its whole tasks)"}, ${plural(fromBackups, "task")} from backups`)
    }
  } else if (backups.length > 0) {
    list = backups[0]!.file.tasks
    baseRevision = backups[0]!.file.revision
    report.push(`tasks.json missing: ${plural(list.length, "task")} from ${backups[0]!.name}`)
  }
  if (baseRevision !== null) highest = Math.max(highest, baseRevision)
  const whole = readJournalBytes(paths.journal)
  let journal: SalvagePlan["journal"] = null
  let folded: JournalLine[] = []
  if (whole !== null) {
    const salvaged = salvageJournal(whole.bytes, quarantined)
    journal = { bytes: whole.bytes, ino: whole.ino, size: whole.size, damaged: salvaged.damaged }
    highest = Math.max(highest, salvaged.highest)
    // Lines newer than the base they meet (all of them when its revision is unknown), each revision once.
    const seen = new Set<number>()
    folded = salvaged.lines.filter((line) => (baseRevision === null || line.revision > baseRevision) && !seen.has(line.revision) && seen.add(line.revision))
    list = applyLines(list, folded)
    report.push(`tasks.journal: ${plural(folded.length, "change")} replayed${salvaged.damaged ? " (damaged: a copy is kept)" : ""}`)
  }
  const unique: Task[] = []
  const ids = new Set<string>()
  for (const task of list) if (!ids.has(task.id)) (ids.add(task.id), unique.push(task))
  const settled = settleLinks(unique, new Map())
  if (settled.dropped.length > 0) report.push(`${plural(settled.dropped.length, "link")} dropped (missing, cycle or depth)`)
  if (quarantined.length > 0) report.push(`${plural(quarantined.length, "invalid item")} quarantined`)
  const snapshot: TasksSnapshot = { revision: highest + 1, tasks: settled.tasks }
  return { snapshot, text: serializeTasksFile(snapshot), damaged, damagedBytes, journal, folded, quarantined, dropped: settled.dropped, report, onDisk: baseRevision ?? 0 }
}

export interface SalvageStep {
  name: string
  run: () => Promise<void>
}

/**
 * The repair's file operations in order (see the top of the file); `stamp` names the copies.
 * The caller holds the tasks lock.
 */
export function salvageSteps(home: string | HomePaths, lock: HeldLock, plan: SalvagePlan, stamp: string): SalvageStep[] {
  const paths = pathsOf(home)
  const guard = lockGuard(lock)
  const steps: SalvageStep[] = []
  if (plan.damaged === "tasks.json" && plan.damagedBytes !== null) {
    const bytes = plan.damagedBytes
    steps.push({ name: "copy the damaged tasks.json", run: () => writeFileDurable(`${paths.tasks}.corrupt-${stamp}`, bytes, guard) })
  }
  if (plan.quarantined.length > 0) {
    const text = JSON.stringify({ version: 1, quarantined: plan.quarantined }, null, 2) + "\n"
    steps.push({ name: "write the quarantine", run: () => writeFileDurable(join(paths.home, `tasks.quarantine-${stamp}.json`), text, guard) })
  }
  if (plan.journal?.damaged) {
    const bytes = plan.journal.bytes
    steps.push({ name: "copy the damaged journal", run: () => writeFileDurable(`${paths.journal}.corrupt-${stamp}`, bytes, guard) })
  }
  steps.push({ name: "record the folded lines", run: async () => recordFoldedLines(paths.home, plan.folded, plan.snapshot.revision, plan.onDisk) })
  steps.push({ name: "write tasks.json", run: () => writeFileDurable(paths.tasks, plan.text, guard) })
  const journal = plan.journal && { ino: plan.journal.ino, size: plan.journal.size }
  steps.push({ name: "back it up and remove the journal", run: async () => afterTasksWrite(paths, plan.text, plan.snapshot, { lock, journal }) })
  return steps
}
