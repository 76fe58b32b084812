// tsk c64 …: C64 tasks (run, start, stop, list, show) and the machine itself (peek, poke, screen,
// backend, reset, run-prg). The backend comes from the `c64.*` settings; the task state lives in
// C64BRIDGE_HOME (or the file C64_TASK_STATE_FILE names). Commands that touch the machine go to
// the runner that owns it when a machine route is wired (the real CLI: src/bridge/c64-machine-route.ts).
import { readFileSync } from "node:fs"
import { join } from "node:path"
import type { CommandContext, CommandSpec, OptionValues } from "./command.ts"
import { requirePositional } from "./cli-store.ts"
import { invalid } from "../domain/errors.ts"
import { readConfig } from "../store/config-store.ts"
import { readRunnerStatus } from "../store/runner-role.ts"
import type { BackendStatus } from "../c64/backend.ts"
import { createC64Service, checkStartRequest, type C64Service } from "../c64/c64-service.ts"
import { backendConfigFromSettings, createBackend } from "../c64/backends/create-backend.ts"
import { createLazyBackend } from "../c64/backends/lazy-backend.ts"
import { resolveC64StatePaths } from "../c64/state/state-paths.ts"
import type { RegistryEntry } from "../c64/state/task-schema.ts"
import { C64TaskStatus, C64TaskType } from "../c64/state/task-schema.ts"
import { formatDetails, formatHexDump, formatProgress, formatRun, formatTaskTable, statusText } from "../c64/c64-text.ts"
import { formatInterval, parseInterval } from "../c64/interval-text.ts"
import { BACKGROUND_OPERATIONS, FOREGROUND_OPERATIONS } from "../c64/operations/operation-table.ts"
import { runStartInForeground, type C64StartRequest } from "../c64/foreground-start.ts"

/** A background start that another process (the runner) could take over. */
/** Hands a start to a running runner; resolves null when none is up (then it runs here). */
export type C64StartHandOff = (request: C64StartRequest, ctx: CommandContext) => Promise<{ task: RegistryEntry; runner?: string } | null>

let startHandOff: C64StartHandOff | null = null

/** The bridge wires this once a runner can take work; until then `start` runs in the foreground. */
export function setC64StartHandOff(handOff: C64StartHandOff | null): void {
  startHandOff = handOff
}

/** Sends machine commands to the runner that owns the machine (starting one for the sim). */
export interface C64MachineRoute {
  /** True when this command's machine work belongs to the runner (now up). */
  toRunner(ctx: CommandContext): Promise<boolean>
  send(ctx: CommandContext, command: string, payload: Record<string, unknown>, timeoutMs?: number): Promise<unknown>
}

let machineRoute: C64MachineRoute | null = null

/** Wired by the command table; without it (tests of the formatting) the machine is made here. */
export function setC64MachineRoute(route: C64MachineRoute | null): void {
  machineRoute = route
}

/** The runner's answer to `command`, or `local` run on a machine of this process when no runner owns it. */
async function onMachine<T>(ctx: CommandContext, command: string, payload: Record<string, unknown>, local: (service: C64Service) => Promise<T>, timeoutMs?: number): Promise<T> {
  if (machineRoute && (await machineRoute.toRunner(ctx))) return (await machineRoute.send(ctx, command, payload, timeoutMs)) as T
  return withService(ctx, local)
}

async function openService(ctx: CommandContext): Promise<C64Service> {
  const paths = resolveC64StatePaths(ctx.env)
  const settings = backendConfigFromSettings((await readConfig(ctx.home)).c64)
  const backend = createLazyBackend(settings.backend, () => createBackend(settings))
  return createC64Service({ home: paths.home, registryFile: paths.registry, backend })
}

async function withService<T>(ctx: CommandContext, fn: (service: C64Service) => Promise<T>): Promise<T> {
  const service = await openService(ctx)
  try {
    return await fn(service)
  } finally {
    await service.close()
  }
}

/** `address=0x0400 length=256 verify=true` → arguments (values stay text; the schemas read them). */
export function parseKeyValues(words: string[], json?: string): Record<string, unknown> {
  const args: Record<string, unknown> = {}
  if (json) {
    try {
      Object.assign(args, JSON.parse(json))
    } catch {
      throw invalid(`--args is not JSON: ${json}`)
    }
  }
  for (const word of words) {
    const eq = word.indexOf("=")
    if (eq <= 0) throw invalid(`'${word}' is not key=value (e.g. address=0x0400 length=256)`)
    const value = word.slice(eq + 1)
    args[word.slice(0, eq)] = value === "true" ? true : value === "false" ? false : value
  }
  return args
}

const folderOf = (ctx: CommandContext, task: RegistryEntry) => join(resolveC64StatePaths(ctx.env).home, task.folder)
const stringOpt = (options: OptionValues, name: string) => (typeof options[name] === "string" ? (options[name] as string) : undefined)

function positiveCount(text: string | undefined): number | undefined {
  if (text === undefined) return undefined
  if (!/^\d+$/.test(text) || Number(text) < 1) throw invalid(`--count must be a whole number of at least 1 (got '${text}')`)
  return Number(text)
}

const ARGS_OPTIONS = {
  name: { type: "string", description: "task name (the part of the id after the number)", valueName: "name" },
  args: { type: "string", description: "arguments as a JSON object, besides key=value words", valueName: "json" },
} as const

const run: CommandSpec = {
  name: "run",
  summary: "Run a foreground task once",
  usage: "tsk c64 run <operation> [key=value ...] [options]",
  description: `Operations: ${FOREGROUND_OPERATIONS.map((o) => `${o.name} (${o.summary})`).join("; ")}.`,
  examples: ["tsk c64 run extract_sprites_from_ram", "tsk c64 run extract_ram address=0x0400 length=1000 format=hex", "tsk c64 run read address=0xd020 length=2"],
  options: ARGS_OPTIONS,
  async run(ctx, { positionals, options }) {
    const operation = requirePositional(positionals, 0, "operation", run.usage)
    const args = parseKeyValues(positionals.slice(1), stringOpt(options, "args"))
    const name = stringOpt(options, "name")
    const payload = { operation, args, ...(name === undefined ? {} : { name }) }
    // A dump of all 64 KiB over the Ultimate, or sprites as PNGs, can take a while.
    const done = await onMachine(ctx, "c64-run", payload, (s) => s.run(operation, args, { name }), 120_000)
    return { data: done, text: formatRun(done, folderOf(ctx, done.task), ctx.style) }
  },
}

const start: CommandSpec = {
  name: "start",
  summary: "Start a background task that repeats every interval",
  usage: "tsk c64 start <operation> --every <duration> [--count N] [key=value ...]",
  description:
    `Operations: ${BACKGROUND_OPERATIONS.map((o) => `${o.name} (${o.summary})`).join("; ")}. ` +
    "With a runner up (the TUI, tsk serve) the task goes to it; otherwise it runs here with progress lines until done or Ctrl+C.",
  examples: ["tsk c64 start read --every 1s --count 60 address=0x0400 length=256", "tsk c64 start wait_for_text --every 500ms text=READY."],
  options: {
    every: { type: "string", description: "interval: 500ms, 1s, 90s, 1h30m", valueName: "duration" },
    count: { type: "string", description: "stop after N iterations (default: until stopped)", valueName: "N" },
    ...ARGS_OPTIONS,
  },
  async run(ctx, { positionals, options }) {
    const operation = requirePositional(positionals, 0, "operation", start.usage)
    const every = stringOpt(options, "every")
    if (!every) throw invalid(`an interval is needed: --every 1s. Usage: ${start.usage}`)
    const request: C64StartRequest = {
      operation,
      args: parseKeyValues(positionals.slice(1), stringOpt(options, "args")),
      everyMs: parseInterval(every),
      count: positiveCount(stringOpt(options, "count")),
      name: stringOpt(options, "name"),
    }
    checkStartRequest(request.operation, request.args, { everyMs: request.everyMs, count: request.count, name: request.name })
    // With the sim, the task samples the runner's machine: a runner is started for it if needed.
    if (machineRoute) await machineRoute.toRunner(ctx)
    const handed = startHandOff ? await startHandOff(request, ctx) : null
    if (handed) {
      const where = handed.runner ? ` on the runner (${handed.runner})` : " on the runner"
      return { data: handed.task, text: `${ctx.style.green("✓")} Started ${ctx.style.bold(handed.task.id)}${where}: ${operation} every ${formatInterval(request.everyMs)}` }
    }
    return withService(ctx, (service) => runStartInForeground(ctx, service, request, formatProgress))
  },
}

const stop: CommandSpec = {
  name: "stop",
  summary: "Stop a background task (by id, number or name)",
  usage: "tsk c64 stop <id>",
  examples: ["tsk c64 stop 0002_read", "tsk c64 stop 2"],
  async run(ctx, { positionals }) {
    const id = requirePositional(positionals, 0, "task id", stop.usage)
    const { task, stopped } = await withService(ctx, (s) => s.stop(id))
    const text = stopped
      ? `${ctx.style.yellow("■")} Stopped ${ctx.style.bold(task.id)} after ${task.iterations ?? 0} iterations`
      : `${ctx.style.bold(task.id)} had already ended (${statusText(task.status, ctx.style)})`
    return { data: { task, stopped }, text }
  },
}

const list: CommandSpec = {
  name: "list",
  aliases: ["ls"],
  summary: "List C64 tasks",
  usage: "tsk c64 list [--status s] [--type foreground|background]",
  options: {
    status: { type: "string", description: "running, completed, stopped or error", valueName: "status" },
    type: { type: "string", description: "foreground or background", valueName: "type" },
  },
  async run(ctx, { options }) {
    const status = options.status === undefined ? undefined : C64TaskStatus.safeParse(options.status)
    const type = options.type === undefined ? undefined : C64TaskType.safeParse(options.type)
    if (status && !status.success) throw invalid(`--status must be running, completed, stopped or error`)
    if (type && !type.success) throw invalid(`--type must be foreground or background`)
    const tasks = await withService(ctx, (s) => s.list({ status: status?.data, type: type?.data }))
    return { data: tasks, text: formatTaskTable(tasks, ctx.style) }
  },
}

const show: CommandSpec = {
  name: "show",
  summary: "Show a task: its state, result, last samples and log",
  usage: "tsk c64 show <id> [--samples N]",
  options: { samples: { type: "string", description: "how many of the last samples to show (default 5)", valueName: "N" } },
  async run(ctx, { positionals, options }) {
    const id = requirePositional(positionals, 0, "task id", show.usage)
    const samples = positiveCount(stringOpt(options, "samples")) ?? 5
    const details = await withService(ctx, (s) => s.show(id, { samples }))
    return { data: details, text: formatDetails(details, folderOf(ctx, details.task), ctx.style) }
  },
}

const peek: CommandSpec = {
  name: "peek",
  summary: "Read memory (no task is recorded)",
  usage: "tsk c64 peek <address> [length]",
  examples: ["tsk c64 peek 0x0400 40", "tsk c64 peek 53280 2"],
  async run(ctx, { positionals }) {
    const address = requirePositional(positionals, 0, "address", peek.usage)
    const length = positionals[1]
    const answer = await onMachine(ctx, "c64-peek", { address, ...(length === undefined ? {} : { length }) }, (s) => s.peek(address, length))
    return { data: answer, text: formatHexDump(Number.parseInt(answer.address.slice(1), 16), answer.hex) }
  },
}

const poke: CommandSpec = {
  name: "poke",
  summary: "Write bytes (hex) to memory (no task is recorded)",
  usage: "tsk c64 poke <address> <hex bytes ...>",
  examples: ["tsk c64 poke 0xd020 00", "tsk c64 poke 0x0400 08 05 0c 0c 0f"],
  async run(ctx, { positionals }) {
    const address = requirePositional(positionals, 0, "address", poke.usage)
    const bytes = requirePositional([positionals.slice(1).join(" ")], 0, "bytes", poke.usage)
    const answer = await onMachine(ctx, "c64-poke", { address, bytes }, (s) => s.poke(address, bytes))
    return { data: answer, text: `${ctx.style.green("✓")} Wrote ${answer.length} bytes at ${answer.address}` }
  },
}

const screen: CommandSpec = {
  name: "screen",
  summary: "Show the text screen",
  usage: "tsk c64 screen",
  async run(ctx) {
    const answer = await onMachine(ctx, "c64-screen", {}, (s) => s.screen())
    return { data: answer, text: answer.rows.join("\n") }
  },
}

const backend: CommandSpec = {
  name: "backend",
  summary: "Show which backend is active and whether it answers",
  usage: "tsk c64 backend",
  async run(ctx) {
    const status = await backendStatusOf(ctx)
    const mark = status.ok ? ctx.style.green("✓") : ctx.style.red("✗")
    return { data: status, text: `${mark} Backend: ${ctx.style.bold(status.backend)} — ${status.detail}`, exitCode: status.ok ? 0 : 1 }
  },
}

/**
 * The machine the other commands use: with the sim, the runner's (asked over the bridge), or word
 * that none runs yet (no runner is started just to look); otherwise the device, from the runner
 * when one is up, else from here.
 */
async function backendStatusOf(ctx: CommandContext): Promise<BackendStatus & { runnerPid?: number }> {
  if (machineRoute && (await readConfig(ctx.home)).c64.backend === "sim") {
    const runner = readRunnerStatus(ctx.home)
    if (!runner.running) {
      return { backend: "sim", ok: true, detail: "sim: no machine runs yet (no runner is up); the first command that uses it (peek, poke, screen, reset, run-prg, run, start) starts a runner with it" }
    }
    const status = (await machineRoute.send(ctx, "c64-backend", {})) as BackendStatus
    return { ...status, detail: `${status.detail}, in the runner (pid ${runner.pid})`, runnerPid: runner.pid ?? undefined }
  }
  return onMachine(ctx, "c64-backend", {}, (s) => s.backendStatus())
}

const reset: CommandSpec = {
  name: "reset",
  summary: "Reset the machine",
  usage: "tsk c64 reset",
  async run(ctx) {
    const answer = await onMachine(ctx, "c64-reset", {}, (s) => s.reset())
    return { data: answer, text: `${ctx.style.green("✓")} Reset` }
  },
}

const runPrg: CommandSpec = {
  name: "run-prg",
  summary: "Load a PRG file and run it",
  usage: "tsk c64 run-prg <file.prg>",
  async run(ctx, { positionals }) {
    const file = requirePositional(positionals, 0, "PRG file", runPrg.usage)
    let bytes: Uint8Array
    try {
      bytes = new Uint8Array(readFileSync(file))
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      throw invalid(`cannot read ${file}: ${code === "ENOENT" ? "no such file" : code}`)
    }
    const answer = await onMachine(ctx, "c64-run-prg", { prgBase64: Buffer.from(bytes).toString("base64") }, (s) => s.runPrg(bytes))
    return { data: answer, text: `${ctx.style.green("✓")} Running ${answer.length} bytes loaded at ${answer.loadAddress}` }
  },
}

export const c64Command: CommandSpec = {
  name: "c64",
  summary: "C64 tasks and the machine: run, start, stop, list, show, peek, poke, screen, backend, reset, run-prg",
  usage: "tsk c64 <command> [options]",
  description: "The backend is c64.backend in config (sim, ultimate or vice). Task state lives in C64BRIDGE_HOME (default ~/.c64bridge). Addresses: 0x0400, $0400 (quote it in a shell) or 1024.",
  subcommands: [run, start, stop, list, show, peek, poke, screen, backend, reset, runPrg],
  examples: ["tsk c64 run extract_sprites_from_ram", "tsk c64 start read --every 1s --count 10 address=0x0400", "tsk c64 list", "tsk c64 backend"],
}
