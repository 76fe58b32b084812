// Parses argv against the command table, runs the command, prints data (JSON) or text, and maps
// errors to exit codes. The one formatter of errors for the CLI lives here.
import type { CommandContext, CommandSpec, OptionValues } from "./command.ts"
import { formatHelp, helpData } from "./help.ts"
import { flushOutput, stdoutIsTTY, writeStderr, writeStdout } from "./process-output.ts"
import { parseCommandArgs, type ParseOption } from "./parse-args.ts"
import { createStyle, shouldUseColor } from "./style.ts"
import { TskError, exitCodeFor, sanitizeErrorMessage, toTskError } from "../domain/errors.ts"
import { tskHome } from "../store/paths.ts"
import { escapeControls, escapeJsonControls, terminalSafe } from "../domain/text-safety.ts"
import packageJson from "../../package.json" with { type: "json" }

export interface CliIO {
  stdout(text: string): void
  stderr(text: string): void
  /** A promise for the process's own (asked only when the output needs to know). */
  stdoutIsTTY: boolean | Promise<boolean>
  /** Resolves once what was written reached the reader (lets long output go out in pieces). */
  drain?(): Promise<void>
}

const processIO: CliIO = {
  stdout: writeStdout,
  stderr: writeStderr,
  // Asked when a command runs, or just before (see process-output.ts), not at module load.
  get stdoutIsTTY() {
    return stdoutIsTTY()
  },
  drain: flushOutput,
}

async function findCommand(root: CommandSpec, argv: string[], reached: (spec: CommandSpec) => void = () => {}): Promise<{ spec: CommandSpec; rest: string[]; path: string[] }> {
  let spec = root
  let index = 0
  const path: string[] = []
  while (spec.subcommands && index < argv.length) {
    const word = argv[index]!
    if (word.startsWith("-")) break
    const next = spec.subcommands.find((c) => c.name === word || c.aliases?.includes(word))
    if (!next) {
      if (spec.run) break
      throw new TskError("invalid", `unknown command '${[...path, word].join(" ")}'. Run 'tsk ${path.join(" ")}${path.length ? " " : ""}--help' for the list.`)
    }
    spec = next.load ? await next.load() : next
    reached(spec)
    path.push(next.name)
    index++
  }
  return { spec, rest: argv.slice(index), path }
}

function parseInput(spec: CommandSpec, rest: string[]) {
  const options: Record<string, ParseOption> = {
    json: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  }
  for (const [name, opt] of Object.entries(spec.options ?? {})) options[name] = { type: opt.type, short: opt.short, multiple: opt.multiple }
  try {
    return parseCommandArgs(rest, options)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    throw new TskError("invalid", `${message}. Run '${spec.usage.split(" ").slice(0, 3).join(" ")} --help' for usage.`)
  }
}

/** The CLI's error object, `{"error": {"kind", "message", ...details}}`. */
export function errorObject(error: TskError): { error: Record<string, unknown> } {
  return { error: { kind: error.kind, message: sanitizeErrorMessage(error), ...(error.details ?? {}) } }
}

export function formatErrorJson(error: TskError): string {
  return escapeJsonControls(JSON.stringify(errorObject(error), null, 2))
}

export const VERSION: string = packageJson.version

export async function runCli(
  root: CommandSpec,
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  io: CliIO = processIO,
): Promise<number> {
  const json = argv.includes("--json")
  const stdoutIsTTY = Promise.resolve(io.stdoutIsTTY)
  const color = !json && shouldUseColor(env, await stdoutIsTTY)
  const style = createStyle(color)
  const abort = new AbortController()
  const onSignal = () => abort.abort()
  process.once("SIGINT", onSignal)
  process.once("SIGTERM", onSignal)
  const ctx: CommandContext = {
    env,
    home: tskHome(env),
    json,
    color,
    style,
    // Everything a command prints passes terminalSafe: stored text never carries a raw control byte out.
    print: (line) => io.stdout(terminalSafe(line, color) + "\n"),
    printErr: (line) => io.stderr(terminalSafe(line, color) + "\n"),
    signal: abort.signal,
  }
  /** The deepest command reached, whose `refineError` shapes a failure. */
  let reached: CommandSpec = root
  try {
    // --json goes anywhere before `--`, before the command too (`tsk --json list`, as agents write it).
    const end = argv.indexOf("--")
    const words = argv.filter((word, i) => word !== "--json" || (end >= 0 && i > end))
    if (words[0] === "--version" || words[0] === "-V") {
      io.stdout(json ? `${JSON.stringify({ name: "tsk", version: VERSION })}\n` : `tsk ${VERSION}\n`)
      return 0
    }
    const found = await findCommand(root, words, (spec) => (reached = spec))
    const spec = found.spec
    const rest = words.length < argv.length ? ["--json", ...found.rest] : found.rest
    const input = parseInput(spec, rest)
    if (input.options.help || !spec.run) {
      if (!spec.run && !input.options.help && input.positionals.length > 0) {
        throw new TskError("invalid", `unknown command '${input.positionals[0]}'. Run '${spec.usage.split(" ").slice(0, 2).join(" ")} --help' for the list.`)
      }
      io.stdout(json ? `${escapeJsonControls(JSON.stringify(helpData(spec), null, (await stdoutIsTTY) ? 2 : undefined))}\n` : `${formatHelp(spec)}\n`)
      return 0
    }
    const output = await spec.run(ctx, input)
    if (output) {
      // Pretty for a person at a terminal; compact for a program reading a pipe (it is much smaller).
      if (json) io.stdout(escapeJsonControls(JSON.stringify(output.data, null, (await stdoutIsTTY) ? 2 : undefined)) + "\n")
      else if (output.text.length > 0) io.stdout(terminalSafe(output.text, color) + "\n")
      return output.exitCode ?? 0
    }
    return 0
  } catch (caught) {
    const error = reached.refineError ? await reached.refineError(ctx, caught).catch(() => caught) : caught
    const tskError = toTskError(error)
    if (json) io.stdout(formatErrorJson(tskError) + "\n")
    else io.stderr(`${style.red("error:")} ${escapeControls(sanitizeErrorMessage(tskError), true)}\n`)
    return exitCodeFor(tskError)
  } finally {
    process.off("SIGINT", onSignal)
    process.off("SIGTERM", onSignal)
  }
}
