// A runner started on demand (`tsk serve --on-demand`, by a C64 command with no runner up) stops on
// its own once nothing needs it for `runner.idleStopMinutes` (config.json, read at every check):
// no C64 task running, no live client (runner-clients.ts) and no command through the inbox.
import { readFileSync } from "node:fs"
import { readConfig } from "../store/config-store.ts"
import { liveRunnerClients } from "../store/runner-clients.ts"
import { resolveC64StatePaths } from "../c64/state/state-paths.ts"

export interface IdleWatchOptions {
  home: string
  env: NodeJS.ProcessEnv
  /** Commands the runner has processed so far (inbox traffic moves it). */
  processed: () => number
  onIdle: () => void
  /** How often to look (default: a tenth of the idle time, between 50 ms and 30 s). */
  checkMs?: number
  now?: () => number
}

/** True when the C64 task registry lists a running task. */
export function c64TaskRunning(env: NodeJS.ProcessEnv): boolean {
  try {
    const registry = JSON.parse(readFileSync(resolveC64StatePaths(env).registry, "utf8")) as { tasks?: Array<{ status?: string }> }
    return (registry.tasks ?? []).some((task) => task.status === "running")
  } catch {
    return false
  }
}

export function watchIdle(options: IdleWatchOptions): { stop(): void } {
  const now = options.now ?? Date.now
  let lastBusy = now()
  let lastProcessed = options.processed()
  let timer: ReturnType<typeof setTimeout> | null = null
  let stopped = false
  const check = async () => {
    if (stopped) return
    const minutes = (await readConfig(options.home).catch(() => null))?.runner.idleStopMinutes ?? 10
    const processed = options.processed()
    const busy = processed !== lastProcessed || liveRunnerClients(options.home) > 0 || c64TaskRunning(options.env)
    lastProcessed = processed
    if (busy) lastBusy = now()
    if (now() - lastBusy >= minutes * 60_000) {
      stopped = true
      options.onIdle()
      return
    }
    timer = setTimeout(() => void check(), options.checkMs ?? Math.min(30_000, Math.max(50, (minutes * 60_000) / 10)))
    timer.unref?.()
  }
  void check()
  return {
    stop() {
      stopped = true
      if (timer) clearTimeout(timer)
    },
  }
}
