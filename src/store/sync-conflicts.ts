// What a merge kept and what it set aside (`sync-conflicts.json`): each field conflict's losing
// value and each link dropped to keep the tree sound, recorded by `tsk sync` and by the git merge
// driver, so nothing a merge decides against is lost without a copy. Open until resolved; a
// locked read-modify-write like every owned file, written durably.
import * as z from "zod"
import { join } from "node:path"
import { readJsonFile, writeFileDurable } from "./durable-file.ts"
import { lockGuard, withFileLockRetrying } from "./file-lock.ts"
import { enqueue } from "./serial-queue.ts"
import type { FieldConflict, DroppedLink } from "../domain/task-merge.ts"

export const SyncConflict = z.object({
  id: z.string().min(1),
  at: z.string().min(1),
  /** `sync` (tsk sync) or `merge-driver` (a plain git merge). */
  source: z.string().min(1),
  kind: z.enum(["field", "link"]),
  taskId: z.string().min(1),
  title: z.string().default(""),
  field: z.string().min(1),
  kept: z.unknown(),
  lost: z.unknown(),
  keptUpdatedAt: z.string().default(""),
  lostUpdatedAt: z.string().default(""),
  /** For a dropped link: missing, cycle or depth. */
  reason: z.string().optional(),
  resolvedAt: z.string().nullable().default(null),
})
export type SyncConflict = z.infer<typeof SyncConflict>

const ConflictsFile = z.object({
  version: z.literal(1),
  revision: z.number().int().nonnegative(),
  conflicts: z.array(SyncConflict),
})

/** Resolved records are kept for a while; the file never grows past this many. */
const KEEP = 2000

export const syncConflictsPath = (home: string) => join(home, "sync-conflicts.json")

export async function readSyncConflicts(home: string): Promise<SyncConflict[]> {
  const loaded = await readJsonFile(syncConflictsPath(home), ConflictsFile, "sync-conflicts.json")
  return loaded.status === "missing" ? [] : loaded.value.conflicts
}

function change(home: string, apply: (conflicts: SyncConflict[]) => SyncConflict[]): Promise<SyncConflict[]> {
  const path = syncConflictsPath(home)
  return enqueue(path, () =>
    withFileLockRetrying(path, async (lock) => {
      const loaded = await readJsonFile(path, ConflictsFile, "sync-conflicts.json")
      const current = loaded.status === "missing" ? { version: 1 as const, revision: 0, conflicts: [] } : loaded.value
      let conflicts = apply(current.conflicts)
      if (conflicts.length > KEEP) {
        const open = conflicts.filter((c) => c.resolvedAt === null)
        const resolved = conflicts.filter((c) => c.resolvedAt !== null)
        conflicts = [...resolved.slice(Math.max(0, resolved.length - Math.max(0, KEEP - open.length))), ...open]
      }
      await writeFileDurable(path, JSON.stringify({ version: 1, revision: current.revision + 1, conflicts }, null, 2) + "\n", lockGuard(lock))
      return conflicts
    }),
  )
}

/** Record what a merge decided against. Nothing is written when there is nothing to record. */
export async function recordMergeOutcome(home: string, source: string, conflicts: readonly FieldConflict[], dropped: readonly DroppedLink[], titles: ReadonlyMap<string, string> = new Map()): Promise<void> {
  if (conflicts.length === 0 && dropped.length === 0) return
  const at = new Date().toISOString()
  const records: SyncConflict[] = [
    ...conflicts.map((c) => ({ id: crypto.randomUUID(), at, source, kind: "field" as const, ...c, resolvedAt: null })),
    ...dropped.map((d) => ({
      id: crypto.randomUUID(),
      at,
      source,
      kind: "link" as const,
      taskId: d.taskId,
      title: titles.get(d.taskId) ?? "",
      field: d.field,
      kept: null,
      lost: d.value,
      keptUpdatedAt: "",
      lostUpdatedAt: "",
      reason: d.reason,
      resolvedAt: null,
    })),
  ]
  await change(home, (existing) => [...existing, ...records])
}

/** Mark open records resolved (all, or those whose id starts with `prefix`); how many were. */
export async function resolveSyncConflicts(home: string, prefix?: string): Promise<number> {
  let count = 0
  const at = new Date().toISOString()
  await change(home, (existing) =>
    existing.map((c) => {
      if (c.resolvedAt !== null || (prefix !== undefined && !c.id.startsWith(prefix))) return c
      count++
      return { ...c, resolvedAt: at }
    }),
  )
  return count
}
