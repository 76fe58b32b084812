// The runner's journal of the unit (claimed inbox files processed together) it is working on
// (agent-journal.json). It holds the responses of commands already executed, and — while a batch of
// task commands is being committed — what decides after a crash whether the batch was applied
// (see runner-task-commit.ts), recorded before the change is written:
//   - `line`, the id of the tasks.journal line that carries the batch: applied exactly when the
//     line is in the journal's applicable chain or a compaction recorded it as folded into a base
//     (folded-lines.ts keeps that record while this journal names the line). A batch found not
//     applied is fenced off (settleJournalLine) and runs again.
//   - `temp`, the temp file that will be renamed over tasks.json: still there means the rename
//     never happened (the batch was not applied and runs again); gone means it happened. Nothing
//     else ever removes that temp file.
// Either answer is exact however many writes came in between.
import { rm, stat } from "node:fs/promises"
import { join } from "node:path"
import * as z from "zod"
import { readJsonFile, writeJsonDurable } from "./durable-file.ts"
import { withFileLock } from "./file-lock.ts"
import { homePaths } from "./paths.ts"
import { enqueue } from "./serial-queue.ts"
import { settleBatchLine } from "./runner-task-commit.ts"

export const JournalResponse = z.object({
  commandId: z.string(),
  status: z.enum(["ok", "error"]),
  data: z.unknown().optional(),
  error: z.string().optional(),
  timestamp: z.string(),
})

export const JournalEntry = z.object({
  index: z.number().int().nonnegative(),
  id: z.string(),
  command: z.string(),
  summary: z.string(),
  response: JournalResponse,
})
export type JournalEntry = z.infer<typeof JournalEntry>

export const Journal = z.object({
  version: z.literal(1),
  /** The claimed inbox files of the unit, in order; entries are numbered across them. */
  claims: z.array(z.string()).min(1),
  /** Executed, and durable wherever they changed something. */
  committed: z.array(JournalEntry),
  /** A task batch between the record of its evidence (a journal line's id or a temp file) and its write. */
  pending: z
    .object({ temp: z.string().optional(), line: z.string().optional(), entries: z.array(JournalEntry) })
    .refine((p) => (p.temp === undefined) !== (p.line === undefined), "pending names a temp file or a journal line")
    .nullable(),
  /** A non-task command (c64-*, os-*) that started and may or may not have finished. */
  running: z.object({ index: z.number().int().nonnegative(), id: z.string(), command: z.string() }).nullable(),
})
export type Journal = z.infer<typeof Journal>

export const journalPath = (home: string) => join(home, "agent-journal.json")

export async function readJournal(home: string): Promise<Journal | null> {
  const loaded = await readJsonFile(journalPath(home), Journal, "agent-journal.json")
  return loaded.status === "ok" ? loaded.value : null
}

export function writeJournal(home: string, journal: Journal): Promise<void> {
  return writeJsonDurable(journalPath(home), journal, false)
}

export async function deleteJournal(home: string): Promise<void> {
  await rm(journalPath(home), { force: true })
}

export async function fileExists(path: string): Promise<boolean> {
  try {
    await stat(path)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false
    throw error
  }
}

export interface RecoveredJournal {
  /** Responses by index within the claim, of commands that must not run again. */
  done: Map<number, JournalEntry>
  /** A non-task command that was interrupted: answered, never re-run (its effect is unknown). */
  interrupted: { index: number; id: string; command: string } | null
}

/**
 * What a journal left by a crash says about its claim; discards a batch that never committed. The
 * check runs under the tasks.json lock, so it cannot interleave with a commit still under way.
 * `fence` throws when this process no longer holds the runner role (see writeJournal's callers).
 */
export async function recoverJournal(home: string, journal: Journal, fence: () => Promise<void>): Promise<RecoveredJournal> {
  const done = new Map(journal.committed.map((entry) => [entry.index, entry]))
  const pending = journal.pending
  if (pending?.line !== undefined) {
    const applied = await settleBatchLine(home, pending.line)
    // Not applied: the batch runs again under a new line, recorded before it is written.
    if (applied) for (const entry of pending.entries) done.set(entry.index, entry)
  } else if (pending?.temp !== undefined) {
    const temp = pending.temp
    const tasksFile = homePaths(home).tasks
    const applied = await enqueue(tasksFile, () =>
      withFileLock(tasksFile, async () => {
        const path = join(home, temp)
        if (!(await fileExists(path))) return true
        // Forget the batch before its evidence goes, so a crash in between cannot read it as applied.
        // Only while this runner holds the role: a runner paused past its takeover must not write
        // over the journal of the one that took over.
        await fence()
        await writeJournal(home, { ...journal, pending: null })
        await rm(path, { force: true })
        return false
      }),
    )
    if (applied) for (const entry of pending.entries) done.set(entry.index, entry)
  }
  return { done, interrupted: journal.running }
}
