// tsk's task files are the truth for tsk's tasks. Another program that rewrites tasks.json from an
// older copy (a live c64bridge does, after every iteration of its own tasks: it keeps the tasks it
// loaded, by name, and writes them all back) can drop a tsk task, rewind its count, strip its
// `owner`, turn a foreground task into a background one, or set a finished task `running` again
// with nothing sampling it. Once a heartbeat (and on every iteration of a task running here) the
// registry is compared with what tsk knows, and put back:
// - a task running here: from this runner's own state (background-task.ts `guard`);
// - any other tsk task (its task.json carries an `owner`): a finished one from its task.json; a
//   dropped one from its task.json; a running one whose process is gone is resumed (runner only).
// Each repair is logged in the task's log.txt with the reason. Tasks of other programs (no owner
// in their task.json) are never touched.
import { readdir } from "node:fs/promises"
import type { BackgroundJob } from "./background-task.ts"
import type { RegistryEntry, TaskFile } from "./state/task-schema.ts"
import { readTaskJson } from "./state/task-files.ts"
import { taskFolderFor } from "./state/state-paths.ts"
import { isTaskId } from "./state/task-id.ts"
import { ownedByAnotherLiveProcess, ownerOf } from "./task-owner.ts"
import { logTask, type TaskRuntime } from "./task-runtime.ts"
import { join } from "node:path"
import { everyTick } from "../store/shared-ticker.ts"

/** How often the registry is checked while tsk runs tasks (the runner's heartbeat). */
export const GUARD_EVERY_MS = 1000

export interface RegistryGuard {
  /** One check now. */
  check(): Promise<void>
  /** Puts back tsk tasks whose folders hold a task.json the registry no longer lists (at start). */
  scanFolders(): Promise<void>
  /** Checks once a heartbeat until `stop`; `resume` then runs when a tsk task is left running with nothing sampling it. */
  start(resume?: () => Promise<unknown>): void
  /**
   * Called by a task's iteration: runs the heartbeat's check now when it is due, so a runner whose
   * tasks sample at least once a heartbeat needs no wake-up of its own for it.
   */
  beat(): void
  stop(): void
}

const fileOwned = (file: TaskFile | null): file is TaskFile => file !== null && ownerOf(file) !== null

function entryOf(file: TaskFile): RegistryEntry {
  const { resultPath: _resultPath, ...entry } = file
  return entry
}

/** What differs between a finished tsk task's registry entry and its task.json, or null. */
function driftFrom(entry: RegistryEntry, file: TaskFile): string | null {
  const drift: string[] = []
  if (entry.status !== file.status) drift.push(`status ${entry.status} → ${file.status}`)
  if (entry.type !== file.type) drift.push(`type ${entry.type} → ${file.type}`)
  if ((entry.iterations ?? 0) < (file.iterations ?? 0)) drift.push(`iterations ${entry.iterations ?? 0} → ${file.iterations}`)
  if (ownerOf(entry) === null) drift.push("its owner")
  return drift.length > 0 ? drift.join(", ") : null
}

export function createRegistryGuard(rt: TaskRuntime, jobs: () => ReadonlyMap<string, BackgroundJob>): RegistryGuard {
  /** Entries as last checked, by id: what a drop is told from. */
  let known = new Map<string, RegistryEntry>()
  /** The part of each entry a repair looks at, as last checked. */
  const checkedKey = new Map<string, string>()
  let stopTicking: (() => void) | null = null
  let started = false
  /** When the last check began (performance.now()). */
  let lastCheck = -Infinity

  function tick(): Promise<void> {
    lastCheck = performance.now()
    return check()
  }
  let running: Promise<void> | null = null
  let resume: (() => Promise<unknown>) | undefined

  const keyOf = (e: RegistryEntry) => JSON.stringify([e.status, e.type, e.iterations ?? 0, ownerOf(e), e.updatedAt])

  async function putBack(file: TaskFile, why: string): Promise<boolean> {
    const entry = entryOf(file)
    if (!(await rt.registry.restore(entry))) return false
    await logTask(rt, entry, `restored to tasks.json from task.json: ${why}`)
    return true
  }

  async function mend(seen: RegistryEntry, file: TaskFile): Promise<void> {
    let drift: string | null = null
    const fixed = await rt.registry.update(seen.id, (e) => {
      drift = driftFrom(e, file)
      if (drift === null) return e
      return { ...e, status: file.status, type: file.type, iterations: Math.max(e.iterations ?? 0, file.iterations ?? 0) || e.iterations, stoppedAt: file.stoppedAt ?? null, lastError: file.lastError ?? null, owner: (file as Record<string, unknown>).owner, updatedAt: file.updatedAt }
    })
    if (drift !== null) await logTask(rt, fixed, `restored in tasks.json from task.json (${String(drift)}): another program had rewritten the registry from an older copy`)
  }

  async function checkOnce(): Promise<void> {
    const tasks = rt.registry.peekAll()
    if (tasks === null) return
    const here = jobs()
    const byId = new Map(tasks.map((t) => [t.id, t]))
    for (const [id, job] of here) await job.guard(byId.get(id))
    let orphaned = false
    for (const [id, was] of known) {
      if (byId.has(id) || here.has(id)) continue
      checkedKey.delete(id)
      const file = await readTaskJson(rt.home, was).catch(() => null)
      if (fileOwned(file) && (await putBack(file, "another program had dropped this task from the registry")) && file.status === "running") orphaned = true
    }
    for (const seen of tasks) {
      if (here.has(seen.id)) continue
      const key = keyOf(seen)
      if (checkedKey.get(seen.id) === key) continue
      checkedKey.set(seen.id, key)
      const file = await readTaskJson(rt.home, seen).catch(() => null)
      if (!fileOwned(file)) continue
      if (file.status === "running") {
        // Left running: resumed when its process (the owner in task.json counts) is gone. One of
        // this process's own (a foreground task under way) is never taken from itself.
        const owner = ownerOf(seen) ?? ownerOf(file)
        const mine = owner !== null && owner.pid === rt.owner.pid && owner.host === rt.owner.host
        if (seen.status === "running" && !mine && !ownedByAnotherLiveProcess({ ...seen, owner }, rt.owner, rt.now())) orphaned = true
        continue
      }
      await mend(seen, file)
    }
    known = byId
    if (orphaned && resume) await resume()
  }

  function check(): Promise<void> {
    running ??= checkOnce()
      .catch(() => {})
      .finally(() => (running = null))
    return running
  }

  return {
    check,
    async scanFolders() {
      const listed = new Set((rt.registry.peekAll() ?? []).map((t) => t.id))
      for (const type of ["foreground", "background"] as const) {
        const dir = type === "background" ? join(rt.home, "tasks", "background") : join(rt.home, "tasks")
        const names = await readdir(dir).catch(() => [] as string[])
        for (const id of names) {
          if (!isTaskId(id) || listed.has(id)) continue
          const file = await readTaskJson(rt.home, { folder: taskFolderFor(type, id) } as RegistryEntry).catch(() => null)
          if (fileOwned(file) && file.id === id) await putBack(file, "the registry no longer listed this task")
        }
      }
    },
    start(onOrphan) {
      resume = onOrphan ?? resume
      started = true
      // A check every tick of the process's shared one-second timer (the runner's heartbeat
      // wakes the process then anyway); an iteration a heartbeat after the last check runs one too.
      stopTicking ??= everyTick(GUARD_EVERY_MS, () => void tick(), { keepAlive: false })
    },
    beat() {
      if (started && performance.now() - lastCheck >= GUARD_EVERY_MS) void tick()
    },
    stop() {
      started = false
      stopTicking?.()
      stopTicking = null
    },
  }
}
