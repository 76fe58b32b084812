// Feeds the phase/state panel, the agent strip and the plan dialog from the agent operating state
// (TSK_HOME/os or config os.root). Another process's change shows within 500 ms: the folder watch
// (watchOsState) answers in ~50 ms, and a cheap stat of state.json and the session log every 200 ms
// is the guarantee (every engine write changes state.json; every hook appends to session_log.jsonl). A full
// re-read every few seconds catches anything else.
import { coalescedRefresh } from "./coalesced-refresh.ts"
import { statSync } from "node:fs"
import { basename, join } from "node:path"
import type { OsStatus } from "../os/engine-status.ts"
import type { AgentSession } from "../os/sessions.ts"
import { createValueFeed, type Feed } from "./monitor-feeds.ts"
import type { OsPanelSession, OsPanelStatus, OsPanelTask, OsSessionStatus } from "./os-panel-status.ts"

export const OS_REFRESH_MS = 5000
export const OS_REVISION_POLL_MS = 200
/** More than the tallest panel shows; it shows as many as fit. */
export const OS_LOG_LINES = 100

export interface OsReader {
  status(options: { logLines: number }): Promise<OsStatus>
  /** Call `onChange` when the state's files change; returns the stop function. */
  watch(onChange: () => void): () => Promise<void>
  /** A cheap token that changes whenever the state changes (without reading it); polled. */
  revision?(): string
}

const SESSION_ORDER: Record<OsSessionStatus, number> = { needs_input: 0, working: 1, idle: 2, stale: 3, ended: 4 }

/** "Notification (permission_prompt) 10:00:01", or why the status was derived ("process 4242 is gone"). */
export function sessionSource(session: AgentSession): string | null {
  if (session.shownBecause) return session.shownBecause
  if (!session.since) return null
  const time = new Date(session.since.at)
  const clock = Number.isNaN(time.getTime()) ? session.since.at : time.toTimeString().slice(0, 8)
  return `${session.since.event} ${clock}`
}

function sessionDetail(session: AgentSession): string | null {
  const what =
    session.status === "needs_input" ? session.message : session.status === "working" ? (session.tool ?? session.prompt) : session.status === "idle" ? session.prompt : null
  const folder = session.cwd ? basename(session.cwd) : null
  return [folder, what].filter((part): part is string => part !== null && part.length > 0).join(" · ") || null
}

export function toOsPanelSessions(sessions: readonly AgentSession[]): OsPanelSession[] {
  return [...sessions]
    .sort((a, b) => SESSION_ORDER[a.status] - SESSION_ORDER[b.status] || b.updated.localeCompare(a.updated))
    .map((session) => ({ id: session.id, status: session.status, detail: sessionDetail(session), source: sessionSource(session) }))
}

export function toOsPanelStatus(status: OsStatus): OsPanelStatus {
  const tasks: OsPanelTask[] = (status.plan?.tasks ?? []).map((task) => ({
    id: task.id,
    title: task.title,
    state: task.state,
    retries: task.retries,
    artifact: task.artifact,
    error: task.error,
  }))
  const current = status.currentTask ? (tasks.find((task) => task.id === status.currentTask!.id) ?? null) : null
  return {
    phase: status.phase,
    state: status.state,
    plan: status.plan
      ? { id: status.plan.id, dom: status.plan.dom, goal: status.plan.goal, done: status.plan.done, total: status.plan.total, maxRetries: status.plan.maxRetries, tasks }
      : null,
    task: current,
    retries: current ? (status.retries[current.id] ?? current.retries) : null,
    maxRetries: status.maxRetries,
    activeIssues: status.activeIssues.map((issue) => ({ id: issue.id, title: issue.message })),
    lastError: status.lastError ?? (status.problems.length > 0 ? status.problems.join("; ") : null),
    log: status.log.map((line) => ({ level: line.L, msg: line.msg })),
    sessions: toOsPanelSessions(status.sessions),
  }
}

export interface OsFeed extends Feed<OsPanelStatus | null> {
  refresh(): Promise<void>
  close(): Promise<void>
}

/** `refreshMs`: the full re-read; `revisionPollMs`: how often the reader's revision is checked. */
export function createOsFeed(reader: OsReader, refreshMs = OS_REFRESH_MS, revisionPollMs = OS_REVISION_POLL_MS): OsFeed {
  const feed = createValueFeed<OsPanelStatus | null>(null)
  let last = "null"
  let lastFullAt = 0
  let revision: string | null = null
  let closed = false
  const read = async () => {
    lastFullAt = Date.now()
    revision = reader.revision?.() ?? null
    const next = toOsPanelStatus(await reader.status({ logLines: OS_LOG_LINES }))
    const text = JSON.stringify(next)
    if (text !== last) {
      last = text
      feed.set(next)
    }
  }
  // A change noticed while a read runs is read again right after it, so the last write is never missed.
  const refreshing = coalescedRefresh(read, () => closed)
  const refresh = refreshing.run
  let stopWatch: () => Promise<void> = async () => {}
  // The first status lays out the state's folder, which the watcher then watches.
  void refresh().then(() => {
    if (!closed) stopWatch = reader.watch(() => void refresh())
  })
  const tick = () => {
    if (refreshing.busy()) return
    if (Date.now() - lastFullAt >= refreshMs) return void refresh()
    if (reader.revision && reader.revision() !== revision) void refresh()
  }
  const timer = setInterval(tick, reader.revision ? Math.min(revisionPollMs, refreshMs) : refreshMs)
  return {
    get: feed.get,
    subscribe: feed.subscribe,
    refresh,
    async close() {
      closed = true
      clearInterval(timer)
      await refreshing.settled()
      await stopWatch()
    },
  }
}

/** Identity of a file's current content without reading it (atomic writes replace the inode). */
function fileStamp(path: string): string {
  const info = statSync(path, { throwIfNoEntry: false })
  return info ? `${info.ino}:${info.size}:${info.mtimeMs}` : "-"
}

/** The agent operating state of `home`, read through the os engine. */
export async function openOsReader(home: string): Promise<OsReader> {
  const [{ createOsEngine }, { resolveOsSettings }, { watchOsState }] = await Promise.all([import("../os/engine.ts"), import("../os/os-settings.ts"), import("../os/watch.ts")])
  const engine = createOsEngine({ root: resolveOsSettings(home).root, home })
  // Hooks append to the session log; a compaction rewrites sessions.json (and may rotate the log).
  const watched = [join(engine.root, "state.json"), join(engine.root, "session_log.jsonl"), join(engine.root, "sessions.json")]
  return {
    status: (options) => engine.status(options),
    watch(onChange) {
      const watcher = watchOsState(engine.root, () => onChange())
      return () => watcher.close()
    },
    revision: () => watched.map(fileStamp).join("|"),
  }
}
