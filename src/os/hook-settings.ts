// The Claude Code settings block that installs `tsk hook` for every event it listens to. Goes into
// `.claude/settings.json` (project) or `~/.claude/settings.json` (user). Codex reads the same shape
// from `~/.codex/hooks.json` for the events it has (codexHookSettings).
export const HOOK_EVENTS = ["SessionStart", "UserPromptSubmit", "PreToolUse", "PermissionRequest", "PostToolUse", "Notification", "Stop", "SessionEnd"] as const
/** The events Codex sends to command hooks that tsk listens to. */
export const CODEX_HOOK_EVENTS = ["SessionStart", "UserPromptSubmit", "PreToolUse", "PermissionRequest", "PostToolUse", "Stop"] as const

const TOOL_EVENTS: ReadonlySet<string> = new Set(["PreToolUse", "PermissionRequest", "PostToolUse"])
/** Seconds Claude Code waits for the hook; tsk answers in milliseconds, this only bounds a stuck disk. */
const HOOK_TIMEOUT_SECONDS = 5
/**
 * Seconds the agent waits for a PermissionRequest hook: above tsk's own wait
 * (approvals.timeoutSeconds, at most 55), so tsk always falls back to the agent's prompt itself.
 */
export const PERMISSION_HOOK_TIMEOUT_SECONDS = 60

type HookEntry = { type: "command"; command: string; timeout: number }

export interface HookSettings {
  hooks: Record<string, Array<{ matcher?: string; hooks: HookEntry[] }>>
}

function settingsFor(events: readonly string[], command: string): HookSettings {
  const entry = (event: string): HookEntry => ({ type: "command", command, timeout: event === "PermissionRequest" ? PERMISSION_HOOK_TIMEOUT_SECONDS : HOOK_TIMEOUT_SECONDS })
  return {
    hooks: Object.fromEntries(events.map((event) => [event, [{ ...(TOOL_EVENTS.has(event) ? { matcher: "*" } : {}), hooks: [entry(event)] }]])),
  }
}

export function hookSettings(command = "tsk hook"): HookSettings {
  return settingsFor(HOOK_EVENTS, command)
}

/** Codex's `hooks.json`: the same shape, only the events Codex has. */
export function codexHookSettings(command = "tsk hook"): HookSettings {
  return settingsFor(CODEX_HOOK_EVENTS, command)
}

/** The settings block as pretty JSON, ready to paste (use `npx tsk hook` when tsk is not on PATH). */
export function hookSettingsSnippet(command = "tsk hook"): string {
  return JSON.stringify(hookSettings(command), null, 2)
}
