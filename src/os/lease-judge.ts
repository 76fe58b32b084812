// The I/O behind a LeaseJudge (domain/task-claim.ts): a lease's holder is gone when its process
// (an MCP server) is no longer running on this host, or was replaced by another one with the same
// pid, or when the holder is a Claude Code session (its name is the hook's session_id) that ended:
// a SessionEnd hook, or its Claude Code process is gone (session-liveness.ts). The sessions are
// folded from their log at most once per judge, and only when a lease without a live process needs it.
import { hostname } from "node:os"
import type { LeaseJudge } from "../domain/task-claim.ts"
import type { Task } from "../domain/task.ts"
import { processStartTime } from "../store/file-lock.ts"
import { processIsAlive } from "../store/process-alive.ts"
import { resolveOsSettings } from "./os-settings.ts"
import { readAgentSessions } from "./session-fold.ts"

function processGone(pid: number, start: string | undefined): boolean {
  if (!processIsAlive(pid)) return true
  if (start === undefined || start === "") return false
  const now = processStartTime(pid)
  return now !== "" && now !== start
}

export function createLeaseJudge(home: string, now: Date = new Date()): LeaseJudge {
  let ended: Set<string> | null = null
  const endedSessions = () => {
    if (ended) return ended
    ended = new Set<string>()
    try {
      const root = resolveOsSettings(home).root
      for (const session of readAgentSessions(root, { now })) if (session.status === "ended") ended.add(session.id)
    } catch {
      // No readable sessions: only time and processes decide.
    }
    return ended
  }
  // Asked only for a lease with a process: node:os is not loaded by a `tsk next` that needs none.
  let host: string | undefined
  return {
    now,
    holderGone(task: Task): boolean {
      const lease = task.lease
      if (!lease || !task.assignee) return false
      if (lease.pid !== undefined && lease.host === (host ??= hostname()) && processGone(lease.pid, lease.start)) return true
      return endedSessions().has(task.assignee)
    },
  }
}
