// Whether a recorded session is still what its last hook said. Claude Code sends no event when it
// is killed or its terminal closes, so a session would stay "working" for days. When reading: a
// session whose Claude Code process is gone (same host, pid no longer running) is ended; one that
// reported nothing for `staleMs` is stale, except a live process that is waiting for the person
// (idle, needs input), which may wait as long as it likes. `shownBecause` says why.
import { readFileSync } from "node:fs"
import { hostname } from "node:os"
import type { AgentSession } from "./sessions.ts"
import { processIsAlive } from "../store/process-alive.ts"

export const DEFAULT_STALE_MS = 30 * 60 * 1000

export interface LivenessOptions {
  now?: Date
  staleMs?: number
  /** Whether a pid on this host is running (injectable for tests). */
  isAlive?: (pid: number) => boolean
}


/** Processes between Claude Code and the hook: shells it starts hooks in, launchers and package runners. */
const WRAPPER = /^(sh|bash|dash|zsh|fish|ksh|tsk|env|timeout|nice|npm|npx|bunx|pnpm|yarn)\b/

/** Linux: a process's parent and command name, from /proc; null elsewhere or when it is gone. */
function procInfo(pid: number): { ppid: number; comm: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    const close = stat.lastIndexOf(")")
    const comm = stat.slice(stat.indexOf("(") + 1, close)
    const ppid = Number(stat.slice(close + 2).split(" ")[1])
    return Number.isInteger(ppid) ? { ppid, comm } : null
  } catch {
    return null
  }
}

/**
 * The process that ran this hook (Claude Code): the nearest ancestor that is not a shell, launcher
 * or package runner. Null without /proc (then only silence makes a session stale).
 */
export function hookOwnerPid(parent: number = process.ppid): number | null {
  let pid = parent
  for (let hop = 0; hop < 5 && pid > 1; hop++) {
    const info = procInfo(pid)
    if (!info) return null
    if (!WRAPPER.test(info.comm)) return pid
    pid = info.ppid
  }
  return null
}

export function applyLiveness(session: AgentSession, options: LivenessOptions = {}): AgentSession {
  if (session.status === "ended") return session
  const now = options.now ?? new Date()
  const staleMs = options.staleMs ?? DEFAULT_STALE_MS
  const isAlive = options.isAlive ?? processIsAlive
  const local = typeof session.pid === "number" && session.host === hostname()
  if (local && !isAlive(session.pid!)) return { ...session, status: "ended", shownBecause: `process ${session.pid} is gone` }
  const silentMs = now.getTime() - Date.parse(session.updated)
  if (silentMs <= staleMs) return session
  if (local && (session.status === "idle" || session.status === "needs_input")) return session
  return { ...session, status: "stale", shownBecause: `no hook event for ${Math.round(silentMs / 60_000)} min (was ${session.status})` }
}
