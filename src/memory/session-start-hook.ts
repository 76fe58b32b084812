// The SessionStart hook entry that hands a session its working context back after a compaction
// or a resume: `tsk memory restore --session-start` prints bounded Markdown, which Claude Code
// adds to the session's context (and prints nothing for a session without memory).
/** The arguments after the entry point (the snippet names the entry point by absolute path). */
export const SESSION_START_RESTORE_ARGS = "memory restore --session-start --max-tokens 2000"
export const SESSION_START_RESTORE = `tsk ${SESSION_START_RESTORE_ARGS}`

interface HookEntry {
  type: "command"
  command: string
  timeout: number
}
interface HookSettingsShape {
  hooks: Record<string, Array<{ matcher?: string; hooks: HookEntry[] }>>
}

/** `settings` with the restore command added to its SessionStart hooks. */
export function withMemoryRestore<T extends HookSettingsShape>(settings: T, command = SESSION_START_RESTORE): T {
  const groups = settings.hooks.SessionStart ?? [{ hooks: [] }]
  const [first, ...rest] = groups
  const timeout = first?.hooks[0]?.timeout ?? 5
  const updated = [{ ...first, hooks: [...(first?.hooks ?? []), { type: "command" as const, command, timeout }] }, ...rest]
  return { ...settings, hooks: { ...settings.hooks, SessionStart: updated } }
}
