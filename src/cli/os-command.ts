// `tsk os ...`: the agent operating state from the command line, the same engine as the `os-*`
// bridge commands. `--json` prints the engine's data; otherwise a short human summary.
import { readFileSync } from "node:fs"
import type { CommandContext, CommandInput, CommandOutput, CommandSpec } from "./command.ts"
import { TskError } from "../domain/errors.ts"
import { describeValidation } from "../os/bridge-commands.ts"
import { createOsEngine, type OsEngine } from "../os/engine.ts"
import { resolveOsSettings } from "../os/os-settings.ts"
import { formatCheck, formatLogLine, formatPlan, formatStatus, paintState } from "../os/status-text.ts"

/** Settings come from config.json for each command; artifact paths start from the working folder. */
function engineFor(ctx: CommandContext): OsEngine {
  return createOsEngine({ root: resolveOsSettings(ctx.home).root, home: ctx.home, cwd: process.cwd() })
}

const str = (input: CommandInput, name: string) => {
  const value = input.options[name]
  return typeof value === "string" ? value : undefined
}

function parseJsonOption(text: string, flag: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new TskError("invalid", `${flag} is not valid JSON (${error instanceof Error ? error.message : String(error)})`)
  }
}

async function readJsonFileOption(path: string): Promise<unknown> {
  let text: string
  try {
    text = readFileSync(path, "utf8")
  } catch {
    throw new TskError("not_found", `cannot read --file ${path}`)
  }
  return parseJsonOption(text, `--file ${path}`)
}

function positiveInt(text: string | undefined, flag: string): number | undefined {
  if (text === undefined) return undefined
  const value = Number(text)
  if (!Number.isSafeInteger(value) || value < 1) throw new TskError("invalid", `${flag} must be a whole number of 1 or more, not '${text}'`)
  return value
}

const list = (text: string | undefined) => (text === undefined ? undefined : text.split(",").map((item) => item.trim()).filter(Boolean))

function requireWords(input: CommandInput, what: string, usage: string): string {
  const text = input.positionals.join(" ").trim()
  if (text.length === 0) throw new TskError("invalid", `${what} is required. Usage: ${usage}`)
  return text
}

async function planRequest(input: CommandInput): Promise<unknown> {
  const file = str(input, "file")
  const fromFile = file ? await readJsonFileOption(file) : undefined
  const base = Array.isArray(fromFile) ? { tasks: fromFile } : ((fromFile ?? {}) as Record<string, unknown>)
  const tasks = str(input, "tasks")
  if (tasks === undefined && base.tasks === undefined) throw new TskError("invalid", "the plan's tasks are required: --tasks '[{\"title\":\"...\"}]' or --file plan.json")
  return {
    ...base,
    ...(str(input, "id") ? { id: str(input, "id") } : {}),
    ...(str(input, "dom") ? { dom: str(input, "dom") } : {}),
    ...(str(input, "goal") ? { goal: str(input, "goal") } : input.positionals.length > 0 ? { goal: input.positionals.join(" ") } : {}),
    ...(tasks !== undefined ? { tasks: parseJsonOption(tasks, "--tasks") } : {}),
  }
}

async function taskOutput(input: CommandInput): Promise<unknown> {
  const json = str(input, "output")
  if (json !== undefined) return parseJsonOption(json, "--output")
  const file = str(input, "file")
  if (file) return readJsonFileOption(file)
  if (!str(input, "artifact")) throw new TskError("invalid", "the task's output is required: --output '<json>', --file output.json, or --artifact ID --dom D --loc PATH --type T")
  return {
    id: str(input, "artifact"),
    dom: str(input, "dom"),
    loc: str(input, "loc"),
    type: str(input, "type"),
    ...(str(input, "purpose") ? { pu: str(input, "purpose") } : {}),
    ...(str(input, "dep") !== undefined ? { dep: list(str(input, "dep")) } : {}),
    ...(str(input, "if") !== undefined ? { if: list(str(input, "if")) } : {}),
  }
}

type Run = (engine: OsEngine, ctx: CommandContext, input: CommandInput) => Promise<CommandOutput>

/** Every refusal, usage errors included, carries the state and phase it leaves the agent in. */
const refineError = (ctx: CommandContext, error: unknown) => engineFor(ctx).refusal(error)

function sub(spec: Omit<CommandSpec, "run">, run: Run): CommandSpec {
  return { ...spec, run: async (ctx, input) => run(engineFor(ctx), ctx, input), refineError }
}

const subcommands: CommandSpec[] = [
  sub(
    { name: "status", summary: "Show phase, state, plan, tasks, issues, sessions and recent log lines", usage: "tsk os status [--lines N]", options: { lines: { type: "string", description: "log lines to show (default 10)", valueName: "n" } }, examples: ["tsk os status", "tsk os status --json"] },
    async (engine, ctx, input) => {
      const lines = positiveInt(str(input, "lines"), "--lines")
      const data = await engine.status(lines !== undefined ? { logLines: lines } : {})
      return { data, text: formatStatus(data, ctx.style) }
    },
  ),
  sub(
    { name: "analyze", summary: "Start ANALYZE (phase A) for a goal, from IDLE", usage: "tsk os analyze <goal>", examples: ["tsk os analyze 'Add a CSV export'"] },
    async (engine, _ctx, input) => {
      const data = await engine.analyze({ goal: requireWords(input, "a goal", "tsk os analyze <goal>") })
      return { data, text: `Phase A (ANALYZE): ${data.goal}` }
    },
  ),
  sub(
    {
      name: "plan",
      summary: "Write the plan (phase B): domain, goal and tasks as JSON",
      usage: "tsk os plan --dom <domain> --goal <goal> (--tasks <json> | --file <plan.json>) [--id <planId>]",
      description: "Tasks are [{\"id\"?, \"title\", \"desc\"?}]; a task without an id gets t1, t2, … The file may hold the tasks array or the whole {dom, goal, tasks} object.",
      options: {
        dom: { type: "string", description: "registry domain of the plan", valueName: "domain" },
        goal: { type: "string", description: "what the plan achieves", valueName: "text" },
        tasks: { type: "string", description: "the tasks as a JSON array", valueName: "json" },
        file: { type: "string", description: "read tasks (or the whole plan) from a JSON file", valueName: "path" },
        id: { type: "string", description: "the plan's id (default p1, p2, …)", valueName: "planId" },
      },
      examples: [`tsk os plan --dom export --goal 'CSV export' --tasks '[{"id":"writer","title":"Write the CSV writer"},{"title":"Document it"}]'`, "tsk os plan --file plan.json"],
    },
    async (engine, ctx, input) => {
      const data = await engine.plan((await planRequest(input)) as Parameters<OsEngine["plan"]>[0])
      return { data, text: [`Phase B (BLUEPRINT): plan ${data.plan.id} written`, ...formatPlan(data.plan, null, ctx.style)].join("\n") }
    },
  ),
  sub(
    { name: "next", summary: "Take the next pending task (phase C)", usage: "tsk os next", examples: ["tsk os next"] },
    async (engine) => {
      const data = await engine.next()
      return { data, text: `Phase C (CONSTRUCT): task ${data.task.id}: ${data.task.title}` }
    },
  ),
  sub(
    {
      name: "complete",
      summary: "Complete the current task with its output; registers the artifact (phase V)",
      usage: "tsk os complete <taskId> (--output <json> | --file <output.json> | --artifact <id> --dom <d> --loc <path> --type <t>)",
      description: "The output is {id, dom, loc, type, pu?, if?, dep?}. loc is a file inside the project (relative to the current folder; config os.projectRoot names the project) or a data reference such as db:users (type data). The type must fit the file: source files are code or test, .md/.txt doc, .yaml/.toml config, .json config or data. Code, test, config and doc files must carry annotations (see 'tsk os validate').",
      options: {
        output: { type: "string", description: "the task output as JSON", valueName: "json" },
        file: { type: "string", description: "read the task output from a JSON file", valueName: "path" },
        artifact: { type: "string", description: "artifact id", valueName: "id" },
        dom: { type: "string", description: "artifact domain", valueName: "domain" },
        loc: { type: "string", description: "the artifact's file (relative to the current folder) or data reference", valueName: "path" },
        type: { type: "string", description: "artifact type: code, test, config, doc, data or asset", valueName: "type" },
        purpose: { type: "string", description: "what the artifact is for", valueName: "text" },
        dep: { type: "string", description: "artifact ids it depends on", valueName: "id,id" },
        if: { type: "string", description: "interfaces it provides", valueName: "name,name" },
        cwd: { type: "string", description: "the folder a relative --loc starts from (default: the current folder)", valueName: "folder" },
      },
      examples: ["tsk os complete writer --artifact csv-writer --dom export --loc src/csv.ts --type code --dep formatter", `tsk os complete t2 --output '{"id":"csv-doc","dom":"export","loc":"docs/csv.md","type":"doc"}'`],
    },
    async (engine, _ctx, input) => {
      const taskId = input.positionals[0]
      if (!taskId) throw new TskError("invalid", "a task id is required. Usage: tsk os complete <taskId> --output <json>")
      const cwd = str(input, "cwd")
      const data = await engine.complete({ taskId, output: (await taskOutput(input)) as Parameters<OsEngine["complete"]>[0]["output"], ...(cwd ? { cwd } : {}) })
      return { data, text: `Phase V (VALIDATE): task ${taskId} → artifact ${data.artifact.id} (${data.artifact.type})` }
    },
  ),
  sub(
    {
      name: "validate",
      summary: "Validate the current task's artifact against the annotation rules",
      usage: "tsk os validate",
      description: "Code, test, config and doc files need, in comments: a purpose ('Purpose: …' or an opening comment that is not a lint pragma or encoding line), a 'Depends on: [ids]' line, an 'Issue: <id>' tag per active linked issue, and a comment on every function over 30 lines. JSON files carry them in a top-level \"$comment\" or a sidecar <file>.md. Exits 1 when the artifact is rejected.",
      examples: ["tsk os validate"],
    },
    async (engine) => {
      const data = await engine.validate()
      const reasons = data.reasons.map((reason) => `  - ${reason}`)
      return { data, text: [describeValidation(data), ...reasons].join("\n"), exitCode: data.ok ? 0 : 1 }
    },
  ),
  sub(
    { name: "fail", summary: "Report that the current task failed (counts a retry)", usage: "tsk os fail <taskId> <error>", examples: ["tsk os fail writer 'tests do not compile'"] },
    async (engine, ctx, input) => {
      const [taskId, ...words] = input.positionals
      if (!taskId || words.length === 0) throw new TskError("invalid", "a task id and an error are required. Usage: tsk os fail <taskId> <error>")
      const data = await engine.fail({ taskId, error: words.join(" ") })
      const tail = data.blocked ? ctx.style.yellow(" — BLK_MAX: run 'tsk os clear' to retry") : ""
      return { data, text: `Task ${taskId} failed (retry ${data.retries}/${data.maxRetries})${tail}` }
    },
  ),
  sub(
    {
      name: "issue",
      summary: "Record a known issue (ACTIVE), linked to an artifact",
      usage: "tsk os issue <message> [--artifact <id>] [--id <issueId>]",
      options: {
        artifact: { type: "string", description: "the artifact the issue belongs to", valueName: "id" },
        id: { type: "string", description: "the issue id (default ISS-1, ISS-2, …)", valueName: "issueId" },
      },
      examples: ["tsk os issue 'lint rule no-explicit-any suppressed' --artifact csv-writer"],
    },
    async (engine, _ctx, input) => {
      const message = requireWords(input, "a message", "tsk os issue <message> [--artifact <id>]")
      const artifactId = str(input, "artifact")
      const issueId = str(input, "id")
      const data = await engine.issue({ message, ...(artifactId ? { artifactId } : {}), ...(issueId ? { issueId } : {}) })
      return { data, text: `Issue ${data.issue.id} recorded${data.issue.art ? ` on ${data.issue.art}` : ""}; tag the file with 'Issue: ${data.issue.id}'` }
    },
  ),
  sub(
    { name: "resolve", summary: "Resolve a known issue (RES) and unlink it from its artifact", usage: "tsk os resolve <issueId>", examples: ["tsk os resolve ISS-1"] },
    async (engine, _ctx, input) => {
      const issueId = input.positionals[0]
      if (!issueId) throw new TskError("invalid", "an issue id is required. Usage: tsk os resolve <issueId>")
      const data = await engine.resolve({ issueId })
      return { data, text: `Issue ${issueId} resolved (${data.activeIssues} active left)` }
    },
  ),
  sub(
    { name: "log", summary: "Show the newest log lines", usage: "tsk os log [--limit N]", options: { limit: { type: "string", description: "how many lines (default 20)", valueName: "n" } }, examples: ["tsk os log --limit 50"] },
    async (engine, ctx, input) => {
      const limit = positiveInt(str(input, "limit"), "--limit")
      const data = await engine.log(limit !== undefined ? { limit } : {})
      return { data, text: data.lines.map((line) => formatLogLine(line, ctx.style)).join("\n") || "(no log lines)" }
    },
  ),
  sub(
    {
      name: "check",
      summary: "Check summaries, files, ids, versions and issue links; --repair fixes what it can",
      usage: "tsk os check [--repair]",
      options: { repair: { type: "boolean", description: "fix what can be fixed (bad files are moved aside, never deleted)" } },
      examples: ["tsk os check", "tsk os check --repair"],
    },
    async (engine, ctx, input) => {
      const data = await engine.check({ repair: input.options.repair === true })
      return { data, text: formatCheck(data, ctx.style), exitCode: data.unrepaired > 0 ? 1 : 0 }
    },
  ),
  sub(
    {
      name: "abort",
      summary: "Abandon the current plan from any state: back to IDLE and READY, the plan file kept",
      usage: "tsk os abort",
      description: "The way out when the plan cannot go on: its file is missing or moved aside, the state names a task the plan does not hold, or the goal is dropped. Logged as a W line; works in blocked states too.",
      examples: ["tsk os abort", "tsk os check --repair || tsk os abort"],
    },
    async (engine, ctx) => {
      const data = await engine.abort()
      if (!data.aborted) return { data, text: "Nothing to abort: the agent is idle" }
      const what = data.plan ? `plan ${data.plan}${data.task ? ` (task ${data.task})` : ""}` : `phase ${data.previous.phase}`
      const kept = data.kept ? `; ${data.kept} kept for reference` : data.missing ? `; its file ${data.missing} was already missing` : ""
      return { data, text: `Aborted ${what}; state is now ${paintState(data.state, ctx.style)} in phase I${kept}` }
    },
  ),
  sub(
    { name: "clear", summary: "Clear a blocked state (BLK_*, ERROR) after dealing with its cause", usage: "tsk os clear", examples: ["tsk os check --repair && tsk os clear"] },
    async (engine, ctx) => {
      const data = await engine.clear()
      const text = data.cleared ? `Cleared ${data.previous}; state is now ${paintState(data.state, ctx.style)}` : `Nothing to clear: state is ${paintState(data.state, ctx.style)}`
      return { data, text }
    },
  ),
]

export const osCommand: CommandSpec = {
  name: "os",
  summary: "Agent operating state: phases A → B → C → V → I, plans, artifacts, issues, logs",
  usage: "tsk os <command> [options]",
  description: "State lives in TSK_HOME/os (config os.root). A blocked state (BLK_CON, BLK_SUM, BLK_PSUM, BLK_MAX, ERROR) refuses work until 'tsk os clear'. The same commands exist for agents as os-* bridge commands, and --json prints the data they answer.",
  examples: ["tsk os analyze 'Add a CSV export'", "tsk os plan --dom export --goal 'CSV export' --tasks '[{\"title\":\"Writer\"}]'", "tsk os next", "tsk os status --json"],
  subcommands,
  refineError,
}
