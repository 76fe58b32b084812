// Checkpoints written while a runner holds the role: after state changes (debounced: a cheap stat
// fingerprint of the files that own the work is compared every `checkMs`, and a checkpoint is
// written at most every `minGapMs`) and once more on a clean stop.
import { statSync, readdirSync } from "node:fs"
import { join } from "node:path"
import { homePaths } from "../store/paths.ts"
import { everyTick } from "../store/shared-ticker.ts"
import { resolveOsSettings } from "../os/os-settings.ts"
import { osPaths } from "../os/os-paths.ts"
import { resolveC64StatePaths } from "../c64/state/state-paths.ts"
import { collectCheckpoint, CLAIMED_DIR, INBOX_DIR, INBOX_FILE } from "./collect-state.ts"
import { writeCheckpoint } from "./checkpoint-store.ts"

export interface CheckpointWriter {
  /** Write one now (if anything changed since the last, unless `force`). */
  flush(reason: string, force?: boolean): Promise<void>
  stop(): Promise<void>
}

function fingerprint(home: string, env: NodeJS.ProcessEnv): string {
  const os = osPaths(resolveOsSettings(home).root)
  const files = [homePaths(home).tasks, homePaths(home).journal, resolveC64StatePaths(env).registry, os.state, os.planSummary, os.registrySummary, join(home, INBOX_FILE), join(home, INBOX_DIR), join(home, CLAIMED_DIR), join(home, "agent-journal.json")]
  const parts = files.map((f) => {
    const s = statSync(f, { throwIfNoEntry: false })
    return s ? `${s.ino}:${s.size}:${s.mtimeMs}` : "-"
  })
  // Plan files change without their summary when only a task's state moves.
  try {
    for (const dom of readdirSync(os.plans)) for (const name of readdirSync(join(os.plans, dom))) parts.push(String(statSync(join(os.plans, dom, name)).mtimeMs))
  } catch {
    // no plans yet
  }
  return parts.join("|")
}

export function startCheckpointWriter(home: string, env: NodeJS.ProcessEnv, options: { checkMs?: number; minGapMs?: number; onError?: (error: unknown) => void } = {}): CheckpointWriter {
  const checkMs = options.checkMs ?? 1000
  // 15 s: a sampling C64 task changes the registry every second, and each checkpoint collects the
  // whole hierarchy (at 5 s apart they cost an idle runner ~0.2% of a core, a tenth of its budget).
  // Recovery takes the files as the truth (the higher iteration count of the registry and the
  // checkpoint), so an older checkpoint loses nothing; a clean stop always writes a fresh one.
  const minGapMs = options.minGapMs ?? 15_000
  let written = ""
  let lastAt = 0
  let running: Promise<void> | null = null
  let stopped = false

  const flush = async (reason: string, force = false) => {
    while (running) await running
    const print = fingerprint(home, env)
    if (!force && print === written) return
    running = (async () => {
      await writeCheckpoint(home, await collectCheckpoint(home, env, reason))
      written = print
      lastAt = Date.now()
    })().finally(() => {
      running = null
    })
    await running
  }

  const stopTicking = everyTick(
    checkMs,
    () => {
      if (stopped || running || Date.now() - lastAt < minGapMs) return
      flush("state-change").catch((error) => options.onError?.(error))
    },
    { keepAlive: false },
  )

  return {
    flush,
    async stop() {
      if (stopped) return
      stopped = true
      stopTicking()
      await flush("clean-exit", true)
    },
  }
}
