// The runner's sync: the `sync` and `sync-status` bridge commands, and with `sync.auto` a sync
// after the list has been quiet for `sync.quietSeconds` following a change, and at least every
// `sync.everyMinutes`. A failed sync is recorded (tsk sync status, the TUI's header) and tried
// again at the next occasion; nothing is lost meanwhile (see sync-engine.ts).
import { readConfig } from "../store/config-store.ts"
import { fileIdentity } from "../store/file-identity.ts"
import { homePaths } from "../store/paths.ts"
import { everyTick } from "../store/shared-ticker.ts"
import { createSyncBridgeCommands } from "../sync/sync-bridge-commands.ts"
import type { RunnerServiceFactory } from "./runner-services.ts"

export const syncRunnerService =
  (options: { checkMs?: number; onError?: (error: unknown) => void } = {}): RunnerServiceFactory =>
  async ({ home, mode }) => {
    const paths = homePaths(home)
    const listIdentity = () => `${fileIdentity(paths.tasks)}|${fileIdentity(paths.journal)}`
    let stopTicking: (() => void) | null = null
    let busy = false
    let lastSyncAt = Date.now()
    /** The list as the last sync left it, and when it was first seen to differ since. */
    let syncedList = listIdentity()
    let changedAt: number | null = null

    const tick = async () => {
      if (busy) return
      const sync = (await readConfig(home)).sync
      if (!sync.auto || sync.remote === null) return
      const now = Date.now()
      const list = listIdentity()
      if (list !== syncedList && changedAt === null) changedAt = now
      if (list === syncedList) changedAt = null
      const quiet = changedAt !== null && now - changedAt >= sync.quietSeconds * 1000
      const due = now - lastSyncAt >= sync.everyMinutes * 60_000
      if (!quiet && !due) return
      busy = true
      try {
        const { runSync } = await import("../sync/sync-engine.ts")
        await runSync(home)
      } catch (error) {
        options.onError?.(error)
      } finally {
        lastSyncAt = Date.now()
        syncedList = listIdentity()
        changedAt = null
        busy = false
      }
    }
    return {
      name: "sync",
      commands: createSyncBridgeCommands(home),
      async start() {
        if (mode !== "runner") return
        stopTicking = everyTick(options.checkMs ?? 1000, () => void tick().catch((error) => options.onError?.(error)), { keepAlive: false })
      },
      async stop() {
        stopTicking?.()
        stopTicking = null
      },
    }
  }
