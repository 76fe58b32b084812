// tasks.json current within 2 s of the last acknowledged change, with or without a runner. A
// change goes to tasks.journal (fast, one fsynced line); a runner's compaction service folds the
// journal into tasks.json once it has been quiet for a second. Without a runner, a command that
// leaves a journal behind starts one small detached process (`tsk __compact-tasks`, not in the
// command table) that waits until the journal has been quiet for COMPACT_QUIET_MS, folds it in,
// and exits once no journal is left. One at a time: it holds `.tasks.json.compactor` (its pid),
// and a command starts none while that process lives or a runner is up. The command itself pays
// only for the check (two stats) and, when needed, the spawn; the fold is the compactor's.
// TSK_BACKGROUND_COMPACTION=0 turns it off (the test suite does, to keep journals where its
// tests look for them).
import { closeSync, openSync, statSync, unlinkSync, writeSync, constants } from "node:fs"
import { homePaths, hiddenBeside, type HomePaths } from "./paths.ts"
import { nothingAt, readCacheText } from "./bun-files.ts"
import { processIsAlive } from "./process-alive.ts"
import { compactTasks } from "./tasks-repository.ts"

/** The journal is folded in once it has been quiet this long. */
export const COMPACT_QUIET_MS = 500
export const COMPACTOR_ARG = "__compact-tasks"
/** A runner's heartbeat older than this is a dead runner (as runner-role.ts's RUNNER_STALE_MS). */
const RUNNER_STALE_MS = 5000

const compactorPath = (paths: HomePaths) => hiddenBeside(paths.tasks, ".compactor")

/**
 * A runner whose compaction service keeps tasks.json current: runner.json says one runs and its
 * heartbeat (refreshed every second) is fresh. Read through Bun's file API and without the
 * runner's schema: a listing that asks loads neither node:fs nor zod.
 */
async function runnerKeepsCurrent(paths: HomePaths): Promise<boolean> {
  try {
    const file = JSON.parse((await readCacheText(paths.runner)) ?? "") as { state?: unknown; mode?: unknown; heartbeat?: unknown }
    if (file.state !== "running" || file.mode !== "runner" || typeof file.heartbeat !== "string") return false
    return Date.now() - Date.parse(file.heartbeat) <= RUNNER_STALE_MS
  } catch {
    return false
  }
}

async function compactorAlive(paths: HomePaths): Promise<boolean> {
  const pid = Number(await readCacheText(compactorPath(paths)))
  return Number.isSafeInteger(pid) && pid > 0 && processIsAlive(pid)
}

/** Should a command that just ran start a compactor? (A journal, no runner, no compactor.) */
export async function needsCompactor(home: string, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  if (env.TSK_BACKGROUND_COMPACTION === "0") return false
  const paths = homePaths(home)
  if (nothingAt(paths.journal)) return false
  return !(await runnerKeepsCurrent(paths)) && !(await compactorAlive(paths))
}

/** Start the compactor for `home`, detached: it outlives the command. `commandLine`: how to run tsk. */
export async function startCompactor(home: string, commandLine: string[]): Promise<void> {
  const { spawn } = await import("node:child_process")
  const child = spawn(commandLine[0]!, [...commandLine.slice(1), COMPACTOR_ARG], {
    detached: true,
    stdio: "ignore",
    env: { ...process.env, TSK_HOME: home },
  })
  child.on("error", () => {})
  child.unref()
}

/** Take the compactor's place: false when another live process holds it. */
async function claim(paths: HomePaths): Promise<boolean> {
  const path = compactorPath(paths)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600)
      writeSync(fd, String(process.pid))
      closeSync(fd)
      return true
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || (await compactorAlive(paths))) return false
      try {
        unlinkSync(path)
      } catch {
        // another process removed it first
      }
    }
  }
  return false
}

function journalStamp(paths: HomePaths): { key: string; mtimeMs: number } | null {
  try {
    const s = statSync(paths.journal)
    return { key: `${s.ino}:${s.size}:${s.mtimeMs}`, mtimeMs: s.mtimeMs }
  } catch {
    return null
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The compactor: fold the journal in each time it has been quiet for `quietMs`, until none is
 * left (or a runner takes over); then let go, and look once more (a change made while it let go
 * found it still there and started none).
 */
export async function runCompactor(home: string, quietMs = COMPACT_QUIET_MS): Promise<void> {
  // A journal with nothing to fold (a torn tail, lines that apply to nothing) is not looked at
  // again until it changes.
  const paths = homePaths(home)
  let nothingIn: string | null = null
  const done = async () => {
    const now = journalStamp(paths)
    return now === null || now.key === nothingIn || (await runnerKeepsCurrent(paths))
  }
  while (!(await done()) && (await claim(paths))) {
    try {
      while (!(await done())) {
        const now = journalStamp(paths)!
        const age = Date.now() - now.mtimeMs
        if (age < quietMs) await sleep(quietMs - age + 10)
        else if (!(await compactTasks(paths))) nothingIn = now.key
      }
    } finally {
      try {
        unlinkSync(compactorPath(paths))
      } catch {
        // gone already
      }
    }
  }
}
