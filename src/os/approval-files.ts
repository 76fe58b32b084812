// Permission requests from agents' PermissionRequest hooks, as files under TSK_HOME/approvals/:
// `requests/<id>.json` (what the agent asks), `decisions/<id>.json` (the one answer: written once,
// by a hard link that fails when an answer is already there, so two answers can never both win),
// `rules/<session>--<tool>.json` (allow this tool in this session), `watchers/<pid>.json` (a TUI
// that shows requests: pid, host and a heartbeat) and `audit.jsonl` (every request and answer).
// Synchronous node:fs, no zod: `tsk hook` reads these on every permission request.
import { closeSync, linkSync, openSync, readdirSync, renameSync, rmSync, statSync, writeSync } from "node:fs"
import { hostname } from "node:os"
import { join } from "node:path"
import { processIsAlive } from "../store/process-alive.ts"
import { replaceFileSync } from "../store/atomic-file.ts"
import { appendNoFollow, makeFolderSync, refuseLinkedFolders } from "../store/home-links.ts"
import { MAX_INBOX_FILE_BYTES, readRegularFileSync } from "../store/regular-file.ts"

export type ApprovalAgent = "claude-code" | "codex"

export interface ApprovalRequest {
  id: string
  session: string
  agent: ApprovalAgent
  tool: string
  /** One line for lists and toasts: the command, the file, the URL or the description. */
  summary: string
  /** The tool's input, bounded (shown whole with Enter). */
  input: unknown
  /** The agent's own suggestions (Claude Code's permission_suggestions), bounded. */
  suggestions: unknown[]
  cwd: string | null
  createdAt: string
  /** When the hook stops waiting and lets the agent ask in its own terminal. */
  expiresAt: string
  /** The hook process waiting for the answer, on `host`. */
  pid: number
  host: string
}

/** `terminal`: tsk did not answer; the agent asked in its own terminal. */
export type DecisionBehavior = "allow" | "deny" | "terminal"

export interface ApprovalDecision {
  id: string
  behavior: DecisionBehavior
  /** A denial's reason, sent to the agent. */
  message?: string
  /** Who answered: tui, cli, bridge, mcp, rule, hook. */
  by: string
  /** Why: the rule that answered, or why the terminal asks (no tsk watching, timed out, tsk closed). */
  why?: string
  at: string
}

export interface ApprovalRule {
  id: string
  session: string
  agent: ApprovalAgent
  tool: string
  createdAt: string
  by: string
}

export const DEFAULT_TIMEOUT_SECONDS = 45
/** The hook's own timeout in the agents' settings; tsk's wait stays below it. */
export const MAX_TIMEOUT_SECONDS = 55
/** A watcher whose heartbeat is older than this is gone (it beats every WATCHER_BEAT_MS). */
export const WATCHER_STALE_MS = 6000
export const WATCHER_BEAT_MS = 2000

export const approvalsRoot = (home: string) => join(home, "approvals")
const dir = (home: string, name: "requests" | "decisions" | "rules" | "watchers") => join(approvalsRoot(home), name)
export const requestsDir = (home: string) => dir(home, "requests")
export const decisionsDir = (home: string) => dir(home, "decisions")
export const auditPath = (home: string) => join(approvalsRoot(home), "audit.jsonl")

/** The folders, made once (cheap when they exist). */
export function ensureApprovalDirs(home: string): void {
  for (const name of ["requests", "decisions", "rules", "watchers"] as const) makeDir(home, dir(home, name))
}

/** A folder of approvals/, made as a real folder: a link planted below the home is refused (home-links.ts). */
function makeDir(home: string, path: string): void {
  makeFolderSync(path, home)
}

function readJson<T>(path: string): T | null {
  try {
    // Only a regular file, never a FIFO or a link planted among the requests (regular-file.ts).
    const read = readRegularFileSync(path, MAX_INBOX_FILE_BYTES)
    return read.kind === "ok" ? (JSON.parse(read.bytes.toString("utf8")) as T) : null
  } catch {
    return null
  }
}

/** `approvals.timeoutSeconds` from config.json (nested or flat key), within (0, MAX]; the default otherwise. */
export function approvalTimeoutSeconds(home: string): number {
  const config = readJson<Record<string, unknown>>(join(home, "config.json")) ?? {}
  const nested = config.approvals
  const value = nested && typeof nested === "object" && "timeoutSeconds" in nested ? (nested as Record<string, unknown>).timeoutSeconds : config["approvals.timeoutSeconds"]
  return typeof value === "number" && value > 0 && value <= MAX_TIMEOUT_SECONDS ? value : DEFAULT_TIMEOUT_SECONDS
}

/** 12 random hex digits, from the global Web Crypto (importing node:crypto would cost a hook ~15 ms). */
export function newApprovalId(): string {
  return Array.from(globalThis.crypto.getRandomValues(new Uint8Array(6)), (b) => b.toString(16).padStart(2, "0")).join("")
}

const ID_PATTERN = /^[a-z0-9]{4,40}$/

export function writeRequest(home: string, request: ApprovalRequest): void {
  // Written by the hook: atomic, not fsynced; write-file-atomic is loaded on this first write (atomic-file.ts).
  replaceFileSync(join(requestsDir(home), `${request.id}.json`), JSON.stringify(request) + "\n", false)
}

export function readRequest(home: string, id: string): ApprovalRequest | null {
  return ID_PATTERN.test(id) ? readJson<ApprovalRequest>(join(requestsDir(home), `${id}.json`)) : null
}

export function readDecision(home: string, id: string): ApprovalDecision | null {
  return ID_PATTERN.test(id) ? readJson<ApprovalDecision>(join(decisionsDir(home), `${id}.json`)) : null
}

/**
 * Write the answer to request `decision.id` unless one is there already. Returns the answer that
 * stands: this one, or the one written first (then `won` is false).
 */
export function writeDecisionOnce(home: string, decision: ApprovalDecision): { decision: ApprovalDecision; won: boolean } {
  const path = join(decisionsDir(home), `${decision.id}.json`)
  const temp = `${path}.tmp-${process.pid}-${Math.random().toString(36).slice(2, 8)}`
  const fd = openSync(temp, "w", 0o600)
  try {
    writeSync(fd, JSON.stringify(decision) + "\n")
  } finally {
    closeSync(fd)
  }
  try {
    linkSync(temp, path)
    return { decision, won: true }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error
    return { decision: readDecision(home, decision.id) ?? decision, won: false }
  } finally {
    rmSync(temp, { force: true })
  }
}

/** Every recorded request (newest first), without the files being written just now. */
export function readRequests(home: string): ApprovalRequest[] {
  let names: string[]
  try {
    names = readdirSync(requestsDir(home)).filter((n) => n.endsWith(".json"))
  } catch {
    return []
  }
  return names
    .map((name) => readJson<ApprovalRequest>(join(requestsDir(home), name)))
    .filter((r): r is ApprovalRequest => r !== null && typeof r.id === "string")
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
}

/** Drop requests and answers older than `maxAgeMs` (the audit log keeps them). */
export function pruneApprovals(home: string, now: number, maxAgeMs = 24 * 60 * 60 * 1000): number {
  let removed = 0
  for (const request of readRequests(home)) {
    if (now - Date.parse(request.createdAt) < maxAgeMs) continue
    rmSync(join(requestsDir(home), `${request.id}.json`), { force: true })
    rmSync(join(decisionsDir(home), `${request.id}.json`), { force: true })
    removed++
  }
  return removed
}

const safeName = (text: string) => text.replace(/[^A-Za-z0-9_.-]/g, "_").slice(0, 100)
const ruleName = (session: string, tool: string) => `${safeName(session)}--${safeName(tool)}.json`

/** The rule allowing `tool` in `session`, if there is one (its stored names must match exactly). */
export function findRule(home: string, session: string, tool: string): ApprovalRule | null {
  const rule = readJson<ApprovalRule>(join(dir(home, "rules"), ruleName(session, tool)))
  return rule && rule.session === session && rule.tool === tool ? rule : null
}

export function writeRule(home: string, rule: ApprovalRule): void {
  makeDir(home, dir(home, "rules"))
  replaceFileSync(join(dir(home, "rules"), ruleName(rule.session, rule.tool)), JSON.stringify(rule) + "\n", false)
}

export function readRules(home: string): ApprovalRule[] {
  let names: string[]
  try {
    names = readdirSync(dir(home, "rules")).filter((n) => n.endsWith(".json"))
  } catch {
    return []
  }
  return names
    .map((name) => readJson<ApprovalRule>(join(dir(home, "rules"), name)))
    .filter((r): r is ApprovalRule => r !== null && typeof r.id === "string")
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
}

export function removeRule(home: string, rule: ApprovalRule): void {
  rmSync(join(dir(home, "rules"), ruleName(rule.session, rule.tool)), { force: true })
}

interface WatcherBeat {
  pid: number
  host: string
  at: number
}

/** Say that this process (a TUI) shows requests; call every WATCHER_BEAT_MS. */
export function beatWatcher(home: string, pid = process.pid, now = Date.now()): void {
  makeDir(home, dir(home, "watchers"))
  replaceFileSync(join(dir(home, "watchers"), `${pid}.json`), JSON.stringify({ pid, host: hostname(), at: now } satisfies WatcherBeat), false)
}

export function removeWatcher(home: string, pid = process.pid): void {
  rmSync(join(dir(home, "watchers"), `${pid}.json`), { force: true })
}

/** Whether a TUI shows requests now: a fresh heartbeat whose process (on this host) still runs. */
export function watcherPresent(home: string, now = Date.now()): boolean {
  let names: string[]
  try {
    names = readdirSync(dir(home, "watchers"))
  } catch {
    return false
  }
  const host = hostname()
  for (const name of names) {
    if (!name.endsWith(".json")) continue
    const beat = readJson<WatcherBeat>(join(dir(home, "watchers"), name))
    if (!beat || typeof beat.at !== "number" || now - beat.at > WATCHER_STALE_MS) continue
    if (beat.host !== host || processIsAlive(beat.pid)) return true
  }
  return false
}

const AUDIT_MAX_BYTES = 1024 * 1024

/** One line of the audit log: a request, or the answer it got. */
export function appendAudit(home: string, entry: Record<string, unknown>): void {
  const path = auditPath(home)
  if ((statSync(path, { throwIfNoEntry: false })?.size ?? 0) > AUDIT_MAX_BYTES) renameSync(path, path.replace(/\.jsonl$/, ".1.jsonl"))
  refuseLinkedFolders(approvalsRoot(home), home)
  appendNoFollow(path, JSON.stringify(entry) + "\n")
}
