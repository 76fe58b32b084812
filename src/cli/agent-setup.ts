// What `tsk agent snippet --mcp` and `--hooks` print: configuration that starts this checkout's
// tsk by the absolute path of its launcher (bin/tsk), found at run time, so it works for agents
// whose PATH has no `tsk`. A TSK_HOME set when the snippet is made is passed on.
import { existsSync } from "node:fs"
import { dirname, join } from "node:path"
import { codexHookSettings, hookSettings, type HookSettings } from "../os/hook-settings.ts"
import { SESSION_START_RESTORE_ARGS, withMemoryRestore } from "../memory/session-start-hook.ts"

/** Seconds Claude Code waits for `tsk prime`: it reads tasks.json once, in milliseconds. */
const PRIME_TIMEOUT_SECONDS = 10

/** The launcher `bin/tsk` of the checkout this code runs from (searched upwards, bundled or not). */
export function launcherPath(from: string = import.meta.dirname): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, "bin", "tsk")
    if (existsSync(candidate) && existsSync(join(dir, "package.json"))) return candidate
    if (dirname(dir) === dir) return "tsk"
  }
}

/** A word safe in a POSIX shell command line. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_\/.:=@%+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`
}

export interface SetupTarget {
  launcher: string
  /** TSK_HOME to pass to the server, when one is set. */
  home?: string
}

export function mcpServerEntry(target: SetupTarget): { command: string; args: string[]; env?: Record<string, string> } {
  return { command: target.launcher, args: ["mcp"], ...(target.home ? { env: { TSK_HOME: target.home } } : {}) }
}

/**
 * The `.mcp.json` entry: Claude Code expands `${VAR}` and `${VAR:-default}` in its command, args
 * and env, so the launcher and TSK_HOME are variables with this machine's values as defaults.
 */
export function sharedMcpEntry(target: SetupTarget): { command: string; args: string[]; env?: Record<string, string> } {
  return { command: `\${TSK_BIN:-${target.launcher}}`, args: ["mcp"], ...(target.home ? { env: { TSK_HOME: `\${TSK_HOME:-${target.home}}` } } : {}) }
}

export function mcpSnippet(target: SetupTarget): string {
  const entry = mcpServerEntry(target)
  const env = target.home ? ` -e TSK_HOME=${shellWord(target.home)}` : ""
  const fence = "```"
  const codexEnv = target.home ? `\nenv = { TSK_HOME = ${JSON.stringify(target.home)} }` : ""
  return [
    "## tsk MCP server",
    "",
    "Claude Code (this project only; `--scope user` for every project):",
    "",
    `${fence}bash`,
    `claude mcp add tsk${env} -- ${shellWord(entry.command)} mcp      # add --tools standard or --tools all for more tools`,
    fence,
    "",
    "Or commit `.mcp.json` at the project root. Claude Code expands `${VAR:-default}` in it, so whoever shares",
    "the file sets TSK_BIN (the tsk launcher) and TSK_HOME in their environment instead of editing it:",
    "",
    `${fence}json`,
    JSON.stringify({ mcpServers: { tsk: sharedMcpEntry(target) } }, null, 2),
    fence,
    "",
    "Codex (`~/.codex/config.toml`):",
    "",
    `${fence}toml`,
    `[mcp_servers.tsk]\ncommand = ${JSON.stringify(entry.command)}\nargs = ["mcp"]${codexEnv}`,
    fence,
    "",
    "Tiers: `--tools core` (default: find, claim, block, log time, note, complete, memory restore and remember),",
    "`standard` (+ list, delete, bulk create, timers, projects, tags, stats, os_status, C64 reads), `all` (+ C64 runs,",
    "memory_append and the os-* workflow), or tool names: `--tools core,timer_start`. Lists answer pages of",
    "50 compact tasks with `total` and `nextOffset`; errors are JSON `{\"error\":{\"kind\",\"message\"}}`.",
  ].join("\n")
}

/**
 * The Claude Code settings block: `tsk hook` on every event (session status for the TUI), and
 * `tsk prime` at session start (also after a compaction, `source: compact`), so the agent has the
 * work in its context. Not on PreCompact: Claude Code shows that hook's output to nobody.
 */
export function agentHookSettings(target: SetupTarget): HookSettings {
  const base = target.home ? `TSK_HOME=${shellWord(target.home)} ${shellWord(target.launcher)}` : shellWord(target.launcher)
  const settings = hookSettings(`${base} hook`)
  const prime = { type: "command" as const, command: `${base} prime`, timeout: PRIME_TIMEOUT_SECONDS }
  settings.hooks.SessionStart = [...(settings.hooks.SessionStart ?? []), { hooks: [prime] }]
  return withMemoryRestore(settings, `${base} ${SESSION_START_RESTORE_ARGS}`)
}

/** Codex's `~/.codex/hooks.json` (or `<repo>/.codex/hooks.json`): `tsk hook` on the events Codex has. */
export function codexAgentHookSettings(target: SetupTarget): HookSettings {
  const base = target.home ? `TSK_HOME=${shellWord(target.home)} ${shellWord(target.launcher)}` : shellWord(target.launcher)
  return codexHookSettings(`${base} hook`)
}
