// The header's sync state and the key that syncs: what sync-state.json and conflicts.json
// say (looked at every 2 s by their identity, read only when they changed), and `syncNow`, the
// same sync as `tsk sync`, run in this process.
import { fileIdentity } from "../store/file-identity.ts"
import { conflictsPath, readConflicts, type ConflictRecord } from "../store/conflicts-store.ts"
import { syncPaths } from "../sync/sync-repo.ts"
import { readSyncStateFile } from "../sync/sync-state.ts"
import { sanitizeErrorMessage } from "../domain/errors.ts"
import { createValueFeed, type Feed } from "./monitor-feeds.ts"

export interface SyncBadge {
  lastSyncAt: string | null
  failed: boolean
  ahead: number
  behind: number
  openConflicts: number
  /** The conflict records with both values, newest first (at most MAX_SHOWN). */
  conflicts: readonly ConflictRecord[]
  syncing: boolean
}

const MAX_SHOWN = 200

export interface SyncFeed extends Feed<SyncBadge> {
  /** Sync now; what to tell the person. */
  syncNow(): Promise<{ ok: boolean; message: string }>
  close(): void
}

export function openSyncFeed(home: string, pollMs = 2000): SyncFeed {
  const read = (syncing: boolean): SyncBadge => {
    const state = readSyncStateFile(home)
    const conflicts = readConflicts(home)
    return {
      lastSyncAt: state.lastSyncAt,
      failed: state.lastError !== null,
      ahead: state.ahead,
      behind: state.behind,
      openConflicts: conflicts.length,
      conflicts: conflicts.slice(-MAX_SHOWN).reverse(),
      syncing,
    }
  }
  const identity = () => `${fileIdentity(syncPaths(home).state)}|${fileIdentity(conflictsPath(home))}`
  const feed = createValueFeed<SyncBadge>(read(false))
  let seen = identity()
  let syncing = false
  const refresh = () => {
    const now = identity()
    if (now === seen && feed.get().syncing === syncing) return
    seen = now
    feed.set(read(syncing))
  }
  const timer = setInterval(refresh, pollMs)
  timer.unref?.()
  return {
    get: feed.get,
    subscribe: feed.subscribe,
    async syncNow() {
      if (syncing) return { ok: false, message: "a sync is running already" }
      syncing = true
      refresh()
      try {
        const { runSync } = await import("../sync/sync-engine.ts")
        const result = await runSync(home)
        const conflicts = result.conflicts.length
        return { ok: true, message: `Synced ${result.tasks} task${result.tasks === 1 ? "" : "s"}${conflicts > 0 ? `; ${conflicts} conflict${conflicts === 1 ? "" : "s"} (tsk conflicts)` : ""}` }
      } catch (error) {
        return { ok: false, message: `Sync failed: ${sanitizeErrorMessage(error)}` }
      } finally {
        syncing = false
        seen = ""
        refresh()
      }
    },
    close: () => clearInterval(timer),
  }
}
