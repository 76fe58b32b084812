// `tsk hook`: the Claude Code hook. Reads one hook event as JSON on stdin, records the session's
// status (sessions.json), a session-log line and the event in the session's agent memory, prints nothing and always exits 0: a problem goes
// to `hook-errors.log`, never into the agent's turn. Imports stay minimal (no zod, no lock or
// atomic-write libraries) so a hook answers in a few milliseconds; run this file directly
// (`bun src/cli/hook-command.ts`) for the leanest start.
import { appendFileSync, fstatSync, mkdirSync, renameSync, statSync } from "node:fs"
import { join } from "node:path"
import type { CommandSpec } from "./command.ts"
import { resolveOsSettings } from "../os/os-settings.ts"
import { parseHookEvent, recordHookEvent, type AgentSession } from "../os/sessions.ts"
import { recordHookMessage } from "../memory/hook-messages.ts"
import { tskHome } from "../store/paths.ts"

export { hookSettings, hookSettingsSnippet } from "../os/hook-settings.ts"
export { readAgentSessions, SESSION_STATUS_LABELS, type AgentSession, type SessionStatus } from "../os/sessions.ts"

const STDIN_TIMEOUT_MS = 2000
const ERROR_LOG_MAX_BYTES = 64 * 1024

/** All of stdin, or "" when nothing complete arrived before the timeout (a hook never hangs on an open pipe). */
export function readStdin(timeoutMs = STDIN_TIMEOUT_MS): Promise<string> {
  // A terminal is a character device. Not process.stdin.isTTY or node:tty: either builds node's
  // stdin stream, which costs ~15 ms in Bun.
  if (fstatSync(0).isCharacterDevice()) return Promise.resolve("")
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(""), timeoutMs)
  })
  // Bun's own stdin reader answers in well under a millisecond; node's stream API costs ~20 ms there.
  const read = typeof Bun !== "undefined" ? Bun.stdin.text() : readStream(process.stdin)
  return Promise.race([read, timeout]).finally(() => clearTimeout(timer))
}

function readStream(stream: NodeJS.ReadStream): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    stream.on("data", (chunk: Buffer | string) => chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk))
    stream.once("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
    stream.once("error", () => resolve(Buffer.concat(chunks).toString("utf8")))
  })
}

function logHookError(osRoot: string, message: string, now: Date): void {
  try {
    mkdirSync(osRoot, { recursive: true, mode: 0o700 })
    const path = join(osRoot, "hook-errors.log")
    if ((statSync(path, { throwIfNoEntry: false })?.size ?? 0) > ERROR_LOG_MAX_BYTES) renameSync(path, `${path}.1`)
    appendFileSync(path, `${now.toISOString()} ${message.replace(/\s+/g, " ").slice(0, 500)}\n`, { mode: 0o600 })
  } catch {
    // Nowhere left to report to; the agent's turn must go on regardless.
  }
}

/** Handle one hook event; never throws. Returns the session as recorded, or null on a problem. */
export async function runHook(home: string, readInput: () => Promise<string>, now: () => Date = () => new Date()): Promise<AgentSession | null> {
  let osRoot = join(home, "os")
  try {
    osRoot = resolveOsSettings(home).root
    const raw = await readInput()
    if (raw.trim().length === 0) throw new Error("no hook event on stdin")
    const event = parseHookEvent(raw)
    const session = recordHookEvent(osRoot, event, now())
    // The session's agent memory (its own failure is logged, the session is recorded regardless).
    try {
      recordHookMessage(home, event as unknown as Parameters<typeof recordHookMessage>[1], now())
    } catch (error) {
      logHookError(osRoot, `agent memory: ${error instanceof Error ? error.message : String(error)}`, now())
    }
    return session
  } catch (error) {
    logHookError(osRoot, error instanceof Error ? error.message : String(error), now())
    return null
  }
}

export const hookCommand: CommandSpec = {
  name: "hook",
  summary: "Claude Code hook: record an agent session's status from a hook event on stdin",
  usage: "tsk hook < event.json",
  description:
    "Install with the settings block from 'tsk agent snippet --hooks'. Handles SessionStart, UserPromptSubmit, PreToolUse, PostToolUse, Notification, Stop and SessionEnd; sessions show as working, needs input, idle or ended in 'tsk os status' and the TUI. Prints nothing and always exits 0; problems go to TSK_HOME/os/hook-errors.log.",
  examples: [`echo '{"hook_event_name":"Notification","session_id":"abc","message":"Claude needs your permission"}' | tsk hook`],
  run: async (ctx) => {
    await runHook(ctx.home, () => readStdin())
  },
}

/**
 * The whole `tsk hook` process in one call, for an entry point that dispatches `hook` before it
 * loads the command table (which would cost tens of milliseconds): always resolves to exit code 0.
 */
export async function hookMain(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  await runHook(tskHome(env), () => readStdin())
  return 0
}

if (import.meta.main) process.exit(await hookMain())
