// The runner role (DESIGN 5.6): one process at a time runs the agent bridge and the C64
// scheduler. The holder is written in runner.json (pid, host, start, heartbeat, counters) and
// re-confirms it every second; a holder whose pid is gone or whose heartbeat is older than five
// seconds is dead, and the next candidate takes over. Every change of runner.json is a locked
// read-modify-write, so two candidates never both win, and a holder that was taken over while it
// stalled learns it at its next heartbeat and stands down.
import { existsSync, readFileSync, renameSync } from "node:fs"
import { randomUUID } from "node:crypto"
import { hostname } from "node:os"
import * as z from "zod"
import { readJsonFile, writeFileAtomic, writeFileAtomicSync, writeFileDurableSync, writeJsonDurable } from "./durable-file.ts"
import { lockGuard, lockSync, tryLock, unlock, withFileLock } from "./file-lock.ts"
import { homePaths } from "./paths.ts"
import { TskError } from "../domain/errors.ts"
import { processIsAlive } from "./process-alive.ts"
import { everyTick } from "./shared-ticker.ts"

export const RUNNER_HEARTBEAT_MS = 1000
export const RUNNER_STALE_MS = 5000

export const RunnerFile = z.object({
  version: z.literal(1),
  revision: z.number().int().nonnegative(),
  state: z.enum(["running", "stopped"]),
  /** `one-shot`: a `tsk agent send` processing the inbox once because no runner was up. */
  mode: z.enum(["runner", "one-shot"]),
  token: z.string(),
  pid: z.number().int(),
  host: z.string(),
  started: z.string(),
  heartbeat: z.string(),
  pollIntervalMs: z.number().int().positive(),
  processed: z.number().int().nonnegative(),
  errors: z.number().int().nonnegative(),
  stopRequested: z.boolean(),
  stoppedAt: z.string().nullable(),
})
export type RunnerFile = z.infer<typeof RunnerFile>
export type RunnerMode = RunnerFile["mode"]

export interface RunnerStatus {
  /** A live bridge runner (`tsk agent start`, `tsk serve` or the TUI) holds the role. */
  running: boolean
  /** Any live holder, including a one-shot `tsk agent send`. */
  live: boolean
  /** runner.json names a running holder that is dead (pid gone or heartbeat stale). */
  stale: boolean
  mode: RunnerMode | null
  pid: number | null
  host: string | null
  started: string | null
  heartbeat: string | null
  pollIntervalMs: number | null
  processed: number
  errors: number
}

export type RoleLossReason = "taken-over" | "stop-requested"

export interface RunnerRole {
  readonly home: string
  readonly token: string
  readonly mode: RunnerMode
  /** True while this process holds the role, as far as the last heartbeat knows. */
  held(): boolean
  /** Re-read runner.json: is the role still ours? Use before a commit after a long pause. */
  confirm(): Promise<boolean>
  /** Counters written with the next heartbeat. */
  setCounters(counters: { processed: number; errors: number }): void
  onLost(listener: (reason: RoleLossReason) => void): void
  release(): Promise<void>
}

/** Roles held by this process, by home: a second candidate here never touches the lock. */
const heldHere = new Map<string, string>()


export function isLiveHolder(file: RunnerFile, now: number, staleMs = RUNNER_STALE_MS): boolean {
  if (file.state !== "running") return false
  if (now - Date.parse(file.heartbeat) > staleMs) return false
  if (file.host !== hostname()) return true
  if (file.pid === process.pid) return [...heldHere.values()].includes(file.token)
  return processIsAlive(file.pid)
}

function parseRunnerText(text: string): RunnerFile | null {
  try {
    const parsed = RunnerFile.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

function readRunnerFileSync(path: string): RunnerFile | null {
  try {
    return parseRunnerText(readFileSync(path, "utf8"))
  } catch {
    return null
  }
}

const runnerText = (file: RunnerFile) => JSON.stringify(file, null, 2) + "\n"

export function readRunnerStatus(home: string): RunnerStatus {
  const file = readRunnerFileSync(homePaths(home).runner)
  if (!file) {
    return { running: false, live: false, stale: false, mode: null, pid: null, host: null, started: null, heartbeat: null, pollIntervalMs: null, processed: 0, errors: 0 }
  }
  const live = isLiveHolder(file, Date.now())
  return {
    running: live && file.mode === "runner",
    live,
    stale: file.state === "running" && !live,
    mode: file.mode,
    pid: file.pid,
    host: file.host,
    started: file.started,
    heartbeat: file.heartbeat,
    pollIntervalMs: file.pollIntervalMs,
    processed: file.processed,
    errors: file.errors,
  }
}

/** Take runner.json's lock synchronously, retrying for up to `waitMs` (the lock is held for ms). */
function lockRunnerFileSync(path: string, waitMs = 3000): () => void {
  try {
    return lockSync(path, waitMs)
  } catch {
    throw new TskError("conflict", "could not take the lock on runner.json; try again")
  }
}

export interface AcquireOptions {
  pollIntervalMs: number
  mode?: RunnerMode
  heartbeatMs?: number
  staleMs?: number
}

/**
 * Become the runner for `home`, or return null when a live holder has the role. Synchronous, so a
 * caller knows at once whether it runs the bridge.
 */
export function acquireRunnerRole(home: string, options: AcquireOptions): RunnerRole | null {
  if (heldHere.has(home)) return null
  const path = homePaths(home).runner
  const staleMs = options.staleMs ?? RUNNER_STALE_MS
  const release = lockRunnerFileSync(path)
  let mine: RunnerFile
  try {
    const current = readRunnerFileSync(path)
    if (current && isLiveHolder(current, Date.now(), staleMs)) return null
    // A runner.json that does not parse is kept for inspection, never written over.
    if (!current && existsSync(path)) renameSync(path, `${path}.corrupt-${Date.now()}`)
    const nowIso = new Date().toISOString()
    mine = {
      version: 1,
      revision: (current?.revision ?? 0) + 1,
      state: "running",
      mode: options.mode ?? "runner",
      token: randomUUID(),
      pid: process.pid,
      host: hostname(),
      started: nowIso,
      heartbeat: nowIso,
      pollIntervalMs: options.pollIntervalMs,
      processed: 0,
      errors: 0,
      stopRequested: false,
      stoppedAt: null,
    }
    writeFileDurableSync(path, runnerText(mine))
    heldHere.set(home, mine.token)
  } finally {
    release()
  }
  return startHolding(home, mine, options.heartbeatMs ?? RUNNER_HEARTBEAT_MS, staleMs)
}

function startHolding(home: string, initial: RunnerFile, heartbeatMs: number, staleMs: number): RunnerRole {
  const path = homePaths(home).runner
  const listeners: ((reason: RoleLossReason) => void)[] = []
  let counters = { processed: 0, errors: 0 }
  let confirmedAt = Date.now()
  let lost = false
  let released = false
  let stopSignalled = false

  const loseRole = (reason: RoleLossReason) => {
    if (reason === "taken-over") lost = true
    if (reason === "stop-requested") {
      if (stopSignalled) return
      stopSignalled = true
    }
    for (const listener of listeners) listener(reason)
  }

  /** runner.json as this process last wrote it: that text is not validated again. */
  let written = { text: runnerText(initial), file: initial }
  const nextBeat = (current: RunnerFile): RunnerFile => ({ ...current, revision: current.revision + 1, heartbeat: new Date().toISOString(), ...counters })
  const outcomeOf = (current: RunnerFile | null) => {
    if (!current || current.token !== initial.token || current.state !== "running") return "taken-over" as const
    return current.stopRequested ? ("stop-requested" as const) : ("held" as const)
  }

  /** Locked re-read; with `write`, also records the heartbeat and counters. */
  const check = (write: boolean) =>
    withFileLock(path, async (lock) => {
      const loaded = await readJsonFile(path, RunnerFile, "runner.json").catch(() => ({ status: "missing" as const }))
      const current = loaded.status === "ok" ? loaded.value : null
      const outcome = outcomeOf(current)
      if (outcome === "taken-over") return outcome
      if (write) {
        // The heartbeat is rewritten every second and means nothing after a power cut: atomic is
        // enough, and skipping the fsyncs keeps an idle runner cheap.
        const next = nextBeat(current!)
        const text = runnerText(next)
        await writeFileAtomic(path, text, lockGuard(lock))
        written = { text, file: next }
      }
      confirmedAt = Date.now()
      return outcome
    })

  /**
   * The heartbeat as one synchronous locked read-modify-write (no trips through the thread pool,
   * and no validation of the text this process wrote last); null when another process holds the
   * lock right now, and the waiting `check` does it instead.
   */
  const beatNow = () => {
    const lock = tryLock(path)
    if (!lock) return null
    try {
      let text: string | null
      try {
        text = readFileSync(path, "utf8")
      } catch {
        text = null
      }
      const current = text === null ? null : text === written.text ? written.file : parseRunnerText(text)
      const outcome = outcomeOf(current)
      if (outcome === "taken-over") return outcome
      const next = nextBeat(current!)
      const nextText = runnerText(next)
      writeFileAtomicSync(path, nextText, lockGuard(lock))
      written = { text: nextText, file: next }
      confirmedAt = Date.now()
      return outcome
    } finally {
      unlock(lock)
    }
  }

  let beating = false
  const stopBeating = everyTick(heartbeatMs, () => {
    if (beating || lost || released) return
    beating = true
    Promise.resolve()
      .then(() => beatNow() ?? check(true))
      .then((outcome) => {
        if (outcome !== "held" && !released) loseRole(outcome)
      })
      .catch(() => {
        // A heartbeat that could not be written is retried next second; held() turns false when
        // too many are missed, and commits re-confirm before writing.
      })
      .finally(() => {
        beating = false
      })
  })

  return {
    home,
    token: initial.token,
    mode: initial.mode,
    held: () => !lost && !released && Date.now() - confirmedAt < staleMs - heartbeatMs,
    async confirm() {
      if (lost || released) return false
      const outcome = await check(false)
      if (outcome === "taken-over") loseRole(outcome)
      return outcome !== "taken-over"
    },
    setCounters(next) {
      counters = { ...next }
    },
    onLost(listener) {
      listeners.push(listener)
    },
    async release() {
      if (released) return
      released = true
      stopBeating()
      if (heldHere.get(home) === initial.token) heldHere.delete(home)
      if (lost) return
      await withFileLock(path, async (lock) => {
        const loaded = await readJsonFile(path, RunnerFile, "runner.json").catch(() => ({ status: "missing" as const }))
        if (loaded.status !== "ok" || loaded.value.token !== initial.token) return
        const nowIso = new Date().toISOString()
        await writeJsonDurable(path, { ...loaded.value, ...counters, revision: loaded.value.revision + 1, state: "stopped", heartbeat: nowIso, stoppedAt: nowIso }, true, lockGuard(lock))
      })
    },
  }
}

/** Ask the live runner to stop (it sees the request at its next heartbeat). */
export async function requestRunnerStop(home: string): Promise<RunnerStatus> {
  const path = homePaths(home).runner
  const before = readRunnerStatus(home)
  if (!before.live) return before
  await withFileLock(path, async () => {
    const loaded = await readJsonFile(path, RunnerFile, "runner.json")
    if (loaded.status !== "ok" || !isLiveHolder(loaded.value, Date.now())) return
    await writeJsonDurable(path, { ...loaded.value, revision: loaded.value.revision + 1, stopRequested: true })
  })
  return before
}
