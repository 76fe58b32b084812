// Keeps tasks.json whole for tools that read it alone. Changes go to tasks.journal (see
// store/tasks-journal.ts) and a one-shot writer folds them into tasks.json only once the journal
// outgrows its share; the runner folds them in as soon as the journal has been quiet for a moment,
// and once more when it stops, so with a runner up (the TUI, `tsk serve`) tasks.json is current
// within seconds of the last change.
import { statSync } from "node:fs"
import { homePaths } from "../store/paths.ts"
import { compactTasks } from "../store/tasks-repository.ts"
import { everyTick, TICK_MS } from "../store/shared-ticker.ts"
import type { RunnerServiceFactory } from "./runner-services.ts"

/**
 * The journal is folded in once it has not changed for this long, checked once a second on the
 * process's shared timer (no wake-up of its own): tasks.json is current within 1.5 s of the last
 * change, plus the fold itself.
 */
export const JOURNAL_QUIET_MS = 500

export const journalCompactionService =
  (options: { quietMs?: number; checkMs?: number; onError?: (error: unknown) => void } = {}): RunnerServiceFactory =>
  async ({ home, mode }) => {
    const quietMs = options.quietMs ?? JOURNAL_QUIET_MS
    const journal = homePaths(home).journal
    let stopTicking: (() => void) | null = null
    let running: Promise<unknown> = Promise.resolve()

    const quietSince = (): { mtimeMs: number; key: string } | null => {
      try {
        const stat = statSync(journal)
        return { mtimeMs: stat.mtimeMs, key: `${stat.ino}:${stat.size}:${stat.mtimeMs}` }
      } catch {
        return null
      }
    }
    // A journal with nothing to fold in (only a torn tail, or lines that apply to nothing until a
    // writer settles them) is not looked at again, under the lock, until it changes.
    let nothingIn: string | null = null
    const compact = (key: string | null) => {
      running = running
        .then(async () => {
          if (!(await compactTasks(home))) nothingIn = key
        })
        .catch((error) => options.onError?.(error))
      return running
    }
    let busy = false
    const tick = () => {
      const now = quietSince()
      if (busy || now === null || now.key === nothingIn || Date.now() - now.mtimeMs < quietMs) return
      busy = true
      void compact(now.key).finally(() => {
        busy = false
      })
    }
    return {
      name: "journal-compaction",
      commands: [],
      async start() {
        if (mode !== "runner") return
        stopTicking = everyTick(options.checkMs ?? TICK_MS, tick, { keepAlive: false })
      },
      async stop() {
        if (stopTicking === null) return
        stopTicking()
        stopTicking = null
        const now = quietSince()
        if (now !== null && now.key !== nothingIn) await compact(now.key)
        else await running
      },
    }
  }
