// The Claude Code settings block that installs `tsk hook` for every event it listens to. Goes into
// `.claude/settings.json` (project) or `~/.claude/settings.json` (user).
export const HOOK_EVENTS = ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Notification", "Stop", "SessionEnd"] as const

const TOOL_EVENTS: ReadonlySet<string> = new Set(["PreToolUse", "PostToolUse"])
/** Seconds Claude Code waits for the hook; tsk answers in milliseconds, this only bounds a stuck disk. */
const HOOK_TIMEOUT_SECONDS = 5

export interface HookSettings {
  hooks: Record<string, Array<{ matcher?: string; hooks: Array<{ type: "command"; command: string; timeout: number }> }>>
}

export function hookSettings(command = "tsk hook"): HookSettings {
  const entry = { type: "command" as const, command, timeout: HOOK_TIMEOUT_SECONDS }
  return {
    hooks: Object.fromEntries(HOOK_EVENTS.map((event) => [event, [{ ...(TOOL_EVENTS.has(event) ? { matcher: "*" } : {}), hooks: [entry] }]])),
  }
}

/** The settings block as pretty JSON, ready to paste (use `npx tsk hook` when tsk is not on PATH). */
export function hookSettingsSnippet(command = "tsk hook"): string {
  return JSON.stringify(hookSettings(command), null, 2)
}
