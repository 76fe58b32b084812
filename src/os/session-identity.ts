// A Claude Code session's identity for its shell commands: on SessionStart, Claude Code hands a
// hook the path of a file (CLAUDE_ENV_FILE) whose `export` lines apply to every Bash command of
// the session. `tsk hook` writes `export TSK_AGENT=<session_id>` there, so each `tsk claim` the
// session runs holds its lease as that session, and the lease is free once the session ends
// (SessionEnd, or its process gone; see lease-judge.ts). A TSK_AGENT already set is left alone.
import { appendFileSync } from "node:fs"
import type { HookEvent } from "./sessions.ts"

/** Session ids that are safe in a shell line unquoted (Claude Code's are UUIDs). */
const SAFE_ID = /^[A-Za-z0-9._-]{1,100}$/

/** Returns the line written, or null when there was nothing to write. */
export function exportSessionIdentity(event: HookEvent, env: NodeJS.ProcessEnv): string | null {
  if (event.hook_event_name !== "SessionStart") return null
  const file = env.CLAUDE_ENV_FILE
  if (!file || (env.TSK_AGENT ?? "").trim().length > 0 || !SAFE_ID.test(event.session_id)) return null
  const line = `export TSK_AGENT=${event.session_id}\n`
  appendFileSync(file, line, { mode: 0o600 })
  return line
}
