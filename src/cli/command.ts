// The shape of every CLI command. Commands are data (name, options, help) plus a `run` that
// returns machine-readable `data` and a human `text`; the runner prints one or the other.
import type { TextStyle } from "../domain/text-style.ts"

export interface OptionSpec {
  type: "string" | "boolean"
  short?: string
  description: string
  /** The value's name in help, e.g. `duration` in `--every <duration>`. */
  valueName?: string
  multiple?: boolean
}

export type OptionValues = Record<string, string | boolean | string[] | undefined>

export interface CommandInput {
  positionals: string[]
  options: OptionValues
}

export interface CommandOutput {
  /** Printed as JSON under `--json`. */
  data: unknown
  /** Printed for people otherwise (may contain colour from `ctx.style`). */
  text: string
  /** Exit code; 0 when absent. */
  exitCode?: number
}

export type Style = TextStyle

export interface CommandContext {
  env: NodeJS.ProcessEnv
  /** TSK_HOME, resolved. */
  home: string
  json: boolean
  color: boolean
  style: Style
  /** Write a line to stdout right away (long-running commands: progress, streamed events). */
  print(line: string): void
  /** Write a line to stderr right away. */
  printErr(line: string): void
  /** Aborted on Ctrl+C / SIGTERM, for long-running commands. */
  signal: AbortSignal
}

export interface CommandSpec {
  name: string
  aliases?: string[]
  summary: string
  /** e.g. `tsk add <title> [options]` */
  usage: string
  description?: string
  examples?: string[]
  options?: Record<string, OptionSpec>
  subcommands?: CommandSpec[]
  /** Absent on a pure group (then the group's help is shown). */
  run?: (ctx: CommandContext, input: CommandInput) => Promise<CommandOutput | void>
  /**
   * A heavy command (the bridge, the C64, the TUI…) is listed by name and summary and its module
   * is imported only when it is run, so every other command starts fast.
   */
  load?: () => Promise<CommandSpec>
  /**
   * Adds what this command's refusals carry to any error met on its way (an unknown subcommand, a
   * bad option, a failure of `run`), e.g. the state an operating-state refusal leaves behind.
   */
  refineError?: (ctx: CommandContext, error: unknown) => Promise<unknown>
}

/** A table entry whose module is imported when the command is used. */
export function lazyCommand(name: string, summary: string, load: () => Promise<CommandSpec>, aliases?: string[]): CommandSpec {
  return { name, summary, usage: `tsk ${name}`, load, ...(aliases ? { aliases } : {}) }
}
