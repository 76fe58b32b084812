// `tsk hook`: the Claude Code hook. Reads one hook event as JSON on stdin, appends it to the
// session log (the session rows are folded from it) and to the session's agent memory, prints
// nothing (a PermissionRequest aside) and always exits 0: a problem goes
// to `hook-errors.log`, never into the agent's turn. Imports stay minimal (no zod, no lock or
// atomic-write libraries) so a hook answers in a few milliseconds; run this file directly
// (`bun src/cli/hook-command.ts`) for the leanest start.
import { closeSync, constants, fstatSync, openSync, readSync, renameSync, statSync } from "node:fs"
import { join } from "node:path"
import type { CommandSpec } from "./command.ts"
import { resolveOsSettings } from "../os/os-settings.ts"
import { hookOwnerPid } from "../os/session-liveness.ts"
import { parseHookEvent, recordHookEvent, type HookEvent } from "../os/sessions.ts"
import type { SessionLogLine } from "../os/session-log.ts"
import { appendNoFollow, makeFolderSync } from "../store/home-links.ts"
import { recordHookMessage, recordPermissionMessages } from "../memory/hook-messages.ts"
import type { PermissionAnswer } from "../os/approval-hook.ts"
import { exportSessionIdentity } from "../os/session-identity.ts"
import { tskHome } from "../store/paths.ts"

export { hookSettings, hookSettingsSnippet } from "../os/hook-settings.ts"

/**
 * How long a hook waits for its event when stdin stays open without a whole JSON value. A complete
 * event ends the wait at once, so this only bounds a writer that never sends one; on a loaded
 * machine a writer may take seconds to get to its write, and an event read too early is a row lost.
 */
const STDIN_TIMEOUT_MS = 10_000
const ERROR_LOG_MAX_BYTES = 64 * 1024

/** True once `text` holds a whole JSON value: the event is complete even if stdin stays open. */
export function isCompleteJson(text: string): boolean {
  if (!/[}\]]\s*$/.test(text)) return false
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/**
 * Stdin up to its end or up to the first complete JSON value, whichever comes first; what arrived
 * by the timeout otherwise (a hook never hangs on a pipe its writer leaves open).
 */
export function readStdin(timeoutMs = STDIN_TIMEOUT_MS): Promise<string> {
  // A terminal is a character device. Not process.stdin.isTTY or node:tty: either builds node's
  // stdin stream, which costs ~15 ms in Bun.
  if (fstatSync(0).isCharacterDevice()) return Promise.resolve("")
  const decoder = new TextDecoder()
  const waiting = readWaitingStdin(decoder)
  if (waiting.done) return Promise.resolve(waiting.text)
  return new Promise((resolve) => {
    let text = waiting.text
    const finish = () => {
      clearTimeout(timer)
      resolve(text)
    }
    const timer = setTimeout(finish, timeoutMs)
    const onChunk = (chunk: string) => {
      text += chunk
      if (isCompleteJson(text)) finish()
    }
    // Bun's own stdin reader answers in well under a millisecond; node's stream API costs ~20 ms there.
    if (typeof Bun !== "undefined") void readBunStdin(decoder, onChunk).then(finish, finish)
    else {
      process.stdin.setEncoding("utf8").on("data", onChunk)
      process.stdin.once("end", finish).once("error", finish)
    }
  })
}

/**
 * What stdin holds already, read without waiting: on Linux, through a second open of the same pipe
 * (or file) with O_NONBLOCK, which leaves fd 0 as it is. `done` once it ended or holds a whole
 * JSON value; otherwise the writer has more to send and the caller waits for it. A hook's event is
 * usually all there when the hook starts, and this read costs a fraction of a stream's set-up.
 */
function readWaitingStdin(decoder: TextDecoder): { text: string; done: boolean } {
  if (process.platform !== "linux" || typeof Bun === "undefined") return { text: "", done: false }
  let fd: number
  try {
    fd = openSync("/proc/self/fd/0", constants.O_RDONLY | constants.O_NONBLOCK)
  } catch {
    // A socket, or no /proc: the stream reads it all.
    return { text: "", done: false }
  }
  let text = ""
  try {
    const buffer = new Uint8Array(64 * 1024)
    for (;;) {
      const n = readSync(fd, buffer, 0, buffer.length, null)
      if (n === 0) return { text: text + decoder.decode(), done: true }
      text += decoder.decode(buffer.subarray(0, n), { stream: true })
      if (isCompleteJson(text)) return { text, done: true }
    }
  } catch {
    // EAGAIN: nothing more yet.
    return { text, done: false }
  } finally {
    closeSync(fd)
  }
}

async function readBunStdin(decoder: TextDecoder, onChunk: (chunk: string) => void): Promise<void> {
  for await (const chunk of Bun.stdin.stream()) onChunk(decoder.decode(chunk, { stream: true }))
}

function logHookError(osRoot: string, message: string, now: Date): void {
  try {
    makeFolderSync(osRoot)
    const path = join(osRoot, "hook-errors.log")
    if ((statSync(path, { throwIfNoEntry: false })?.size ?? 0) > ERROR_LOG_MAX_BYTES) renameSync(path, `${path}.1`)
    appendNoFollow(path, `${now.toISOString()} ${message.replace(/\s+/g, " ").slice(0, 500)}\n`)
  } catch {
    // Nowhere left to report to; the agent's turn must go on regardless.
  }
}

/** How a permission request's answer reads in the session's memory. */
function answerNote(answer: PermissionAnswer): string {
  const { request, decision } = answer
  const what = `${request.tool} (${request.summary})`
  switch (decision.behavior) {
    case "allow":
      return `Permission for ${what} allowed in tsk (${decision.by === "rule" ? "by a rule of this session" : `by ${decision.by}`}).`
    case "deny":
      return `Permission for ${what} denied in tsk (by ${decision.by})${decision.message ? `: ${decision.message}` : "."}`
    case "terminal":
      return `Permission for ${what} left to the agent's own prompt (${decision.why ?? "no answer"}).`
  }
}

/**
 * A PermissionRequest: recorded under approvals/, answered by a rule, a person in the TUI (or the
 * CLI, bridge, MCP) or left to the agent's terminal; the answer goes into the session's memory.
 */
async function runPermissionRequest(home: string, osRoot: string, event: HookEvent, now: () => Date, print: (text: string) => void): Promise<void> {
  const askedAt = now()
  // Loaded for a permission request alone: every other event starts without it.
  const { answerPermissionRequest } = await import("../os/approval-hook.ts")
  const answer = await answerPermissionRequest(home, event as unknown as Record<string, unknown>, { now })
  if (answer.output !== null) print(answer.output)
  try {
    recordPermissionMessages(home, event as unknown as Parameters<typeof recordPermissionMessages>[1], askedAt, answerNote(answer), now())
  } catch (error) {
    logHookError(osRoot, `agent memory: ${error instanceof Error ? error.message : String(error)}`, now())
  }
}

const printLine = (text: string) => void process.stdout.write(`${text}\n`)

/**
 * Handle one hook event; never throws. Returns the session-log line recorded, or null on a problem. A
 * PermissionRequest's answer is printed (see approval-hook.ts); every other event prints nothing.
 */
export async function runHook(
  home: string,
  readInput: () => Promise<string>,
  now: () => Date = () => new Date(),
  print: (text: string) => void = printLine,
  env: NodeJS.ProcessEnv = process.env,
): Promise<SessionLogLine | null> {
  let osRoot = join(home, "os")
  try {
    osRoot = resolveOsSettings(home).root
    const raw = await readInput()
    if (raw.trim().length === 0) throw new Error("no hook event on stdin")
    const event = parseHookEvent(raw)
    const recorded = recordHookEvent(osRoot, event, now(), hookOwnerPid())
    // The session's shell commands claim as the session (its own failure is logged likewise).
    try {
      exportSessionIdentity(event, env)
    } catch (error) {
      logHookError(osRoot, `CLAUDE_ENV_FILE: ${error instanceof Error ? error.message : String(error)}`, now())
    }
    // A permission request is answered first; it and its answer then go into memory together.
    if (event.hook_event_name === "PermissionRequest") {
      await runPermissionRequest(home, osRoot, event, now, print)
      return recorded
    }
    // The session's agent memory (its own failure is logged, the session is recorded regardless).
    try {
      recordHookMessage(home, event as unknown as Parameters<typeof recordHookMessage>[1], now())
    } catch (error) {
      logHookError(osRoot, `agent memory: ${error instanceof Error ? error.message : String(error)}`, now())
    }
    return recorded
  } catch (error) {
    logHookError(osRoot, error instanceof Error ? error.message : String(error), now())
    return null
  }
}

export const hookCommand: CommandSpec = {
  name: "hook",
  summary: "Claude Code / Codex hook: record an agent session's status from a hook event on stdin; answer permission requests",
  usage: "tsk hook < event.json",
  description:
    "Install with the settings block from 'tsk agent snippet --hooks'. Handles SessionStart, UserPromptSubmit, PreToolUse, PostToolUse, Notification, Stop, SessionEnd and PermissionRequest (Claude Code and Codex); a Notification needs input only for notification_type permission_prompt, idle_prompt or elicitation_dialog. A PermissionRequest is shown in the TUI and answered there (or with tsk approvals): the answer is printed as the agent's hookSpecificOutput decision; with no TUI open, or after approvals.timeoutSeconds (default 45), nothing is printed and the agent asks in its own terminal (docs/approvals.md). Sessions show as working, needs input, idle, stale (silent past os.sessionStaleMinutes) or ended (SessionEnd, or its Claude Code process is gone) in 'tsk os status' and the TUI. On SessionStart it appends 'export TSK_AGENT=<session_id>' to CLAUDE_ENV_FILE (unless TSK_AGENT is set), so the session's tsk commands claim as that session and its leases end with it. The event is read as soon as a whole JSON value arrived, even if stdin stays open. Always exits 0; problems go to TSK_HOME/os/hook-errors.log.",
  examples: [`echo '{"hook_event_name":"Notification","session_id":"abc","message":"Claude needs your permission"}' | tsk hook`],
  run: async (ctx) => {
    await runHook(ctx.home, () => readStdin(), undefined, undefined, ctx.env)
  },
}

/**
 * The whole `tsk hook` process in one call, for an entry point that dispatches `hook` before it
 * loads the command table (which would cost tens of milliseconds): always resolves to exit code 0.
 */
export async function hookMain(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  await runHook(tskHome(env), () => readStdin(), undefined, undefined, env)
  return 0
}

if (import.meta.main) void hookMain().then((code) => process.exit(code))
