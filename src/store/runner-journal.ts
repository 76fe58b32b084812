// The runner's journal of the unit (claimed inbox files processed together) it is working on
// (agent-journal.json). It holds the responses of commands already executed, and — while a batch of task
// commands is being committed — the name of the temp file that will be renamed over tasks.json.
// After a crash the temp file decides: still there means the rename never happened (the batch was
// not applied and runs again); gone means it happened (the batch's responses stand). Nothing else
// ever removes that temp file, so the answer is exact however many writes came in between.
import { rm, stat } from "node:fs/promises"
import { join } from "node:path"
import * as z from "zod"
import { readJsonFile, writeJsonDurable } from "./durable-file.ts"
import { withFileLock } from "./file-lock.ts"
import { homePaths } from "./paths.ts"
import { enqueue } from "./serial-queue.ts"

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
  /** A task batch between its temp file and the rename over tasks.json. */
  pending: z.object({ temp: z.string(), entries: z.array(JournalEntry) }).nullable(),
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
 */
export async function recoverJournal(home: string, journal: Journal): Promise<RecoveredJournal> {
  const done = new Map(journal.committed.map((entry) => [entry.index, entry]))
  const pending = journal.pending
  if (pending) {
    const tasksFile = homePaths(home).tasks
    const applied = await enqueue(tasksFile, () =>
      withFileLock(tasksFile, async () => {
        const temp = join(home, pending.temp)
        if (!(await fileExists(temp))) return true
        // Forget the batch before its evidence goes, so a crash in between cannot read it as applied.
        await writeJournal(home, { ...journal, pending: null })
        await rm(temp, { force: true })
        return false
      }),
    )
    if (applied) for (const entry of pending.entries) done.set(entry.index, entry)
  }
  return { done, interrupted: journal.running }
}
