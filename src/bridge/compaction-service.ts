// Keeps tasks.json whole for tools that read it alone. Changes go to tasks.journal (see
// store/tasks-journal.ts) and a one-shot writer folds them into tasks.json only once the journal
// outgrows its share; the runner folds them in as soon as the journal has been quiet for a moment,
// and once more when it stops, so with a runner up (the TUI, `tsk serve`) tasks.json is current
// within seconds of the last change.
import { statSync } from "node:fs"
import { homePaths } from "../store/paths.ts"
import { compactTasks } from "../store/tasks-repository.ts"
import type { RunnerServiceFactory } from "./runner-services.ts"

/** The journal is folded in once it has not changed for this long. */
export const JOURNAL_QUIET_MS = 2000

export const journalCompactionService =
  (options: { quietMs?: number; checkMs?: number; onError?: (error: unknown) => void } = {}): RunnerServiceFactory =>
  async ({ home, mode }) => {
    const quietMs = options.quietMs ?? JOURNAL_QUIET_MS
    const journal = homePaths(home).journal
    let timer: ReturnType<typeof setInterval> | null = null
    let running: Promise<unknown> = Promise.resolve()

    const quietSince = (): number | null => {
      try {
        return statSync(journal).mtimeMs
      } catch {
        return null
      }
    }
    const compact = () => {
      running = running.then(() => compactTasks(home)).catch((error) => options.onError?.(error))
      return running
    }
    let busy = false
    const tick = () => {
      const changed = quietSince()
      if (busy || changed === null || Date.now() - changed < quietMs) return
      busy = true
      void compact().finally(() => {
        busy = false
      })
    }
    return {
      name: "journal-compaction",
      commands: [],
      async start() {
        if (mode !== "runner") return
        timer = setInterval(tick, options.checkMs ?? Math.max(250, quietMs / 2))
        timer.unref?.()
      },
      async stop() {
        if (timer === null) return
        clearInterval(timer)
        timer = null
        if (quietSince() !== null) await compact()
        else await running
      },
    }
  }
