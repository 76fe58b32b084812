// tsk list | ready | next | show — the commands that look at tasks, which cli.js holds (the others
// are in change.js or more.js: see commands.ts). The lists are bounded (50 tasks unless --limit),
// most relevant first, in tree order, and always say what was left out: a last line for people;
// beside --json, the same line on stderr, so stdout stays one JSON array.
import type { CommandContext, CommandOutput, CommandSpec, OptionSpec, OptionValues } from "./command.ts"
import { countOption, listOption, loadTasks, parsePriority, parseStatus, requirePositional, stringOption, today } from "./cli-store.ts"
import { formatTaskDetails, formatTaskRow, taskJson, viewOf } from "./task-format.ts"
import { DUE_FILTERS, SORT_KEYS, type SortKey, type TaskQuery } from "../domain/task-query.ts"
import { listTasks, omittedLine, type TaskPage } from "../domain/task-listing.ts"
import { parseFields, pickFields, SUMMARY_FIELDS, viewOfShown, type TaskField, type TaskView } from "../domain/task-shape.ts"
import type { Task } from "../domain/task.ts"
import { invalid } from "../domain/errors.ts"
import { resolveTaskId } from "../domain/task-id-resolver.ts"
import { parseDateInput } from "../domain/local-date.ts"

export const pagingOptions: Record<string, OptionSpec> = {
  limit: { type: "string", short: "n", valueName: "N", description: "show at most N tasks (default 50; 0 for all)" },
  offset: { type: "string", valueName: "N", description: "skip the first N tasks (the next page)" },
  fields: { type: "string", valueName: "f,f", description: "JSON fields: id,title,status,… or compact, summary (default), all" },
}

const filterOptions: Record<string, OptionSpec> = {
  status: { type: "string", valueName: "s,s", description: "todo, in_progress, done, archived (repeatable)", multiple: true },
  priority: { type: "string", short: "p", valueName: "p,p", description: "only these priorities (repeatable)", multiple: true },
  project: { type: "string", short: "P", valueName: "project", description: "only this project" },
  tag: { type: "string", short: "t", valueName: "tag", description: "only tasks with this tag" },
  due: { type: "string", short: "d", valueName: "when", description: "today | overdue | week | a date" },
  search: { type: "string", short: "s", valueName: "text", description: "text in the title or description" },
  assignee: { type: "string", valueName: "name", description: "only tasks of this assignee ('none': unassigned)" },
  ready: { type: "boolean", description: "only ready work (open, not blocked, no open subtasks)" },
  blocked: { type: "boolean", description: "only tasks waiting on an open blocker" },
  sort: { type: "string", valueName: "key", description: "relevance (default) | priority | due | created | title | order" },
  all: { type: "boolean", short: "a", description: "include done and archived tasks" },
}

function queryFrom(options: OptionValues): TaskQuery {
  const sort = stringOption(options, "sort")
  if (sort !== undefined && !(SORT_KEYS as readonly string[]).includes(sort)) throw invalid(`unknown sort '${sort}': use ${SORT_KEYS.join(", ")}`)
  const dueText = stringOption(options, "due")
  let due: string | undefined
  if (dueText !== undefined) due = (DUE_FILTERS as readonly string[]).includes(dueText.toLowerCase()) ? dueText.toLowerCase() : parseDateInput(dueText, today())
  return {
    status: listOption(options, "status")?.map(parseStatus),
    priority: listOption(options, "priority")?.map(parsePriority),
    project: stringOption(options, "project"),
    tag: stringOption(options, "tag"),
    due,
    search: stringOption(options, "search"),
    assignee: stringOption(options, "assignee"),
    ...(options.ready === true ? { ready: true } : {}),
    ...(options.blocked === true ? { blocked: true } : {}),
    includeClosed: options.all === true,
    sort: sort as SortKey | undefined,
  }
}

/** A page as --json (the array; the omitted line on stderr) or as rows for people. */
export function pageOutput(ctx: CommandContext, page: TaskPage, view: TaskView, fields: readonly TaskField[], empty: string): CommandOutput {
  const omitted = omittedLine(page)
  if (ctx.json) {
    if (omitted) ctx.printErr(omitted)
    return { data: page.rows.map(({ task }) => pickFields(task, view, fields)), text: "" }
  }
  const day = today()
  const rows = page.rows.map(({ task, depth }) => formatTaskRow(task, view, ctx.style, day, depth))
  if (rows.length === 0) rows.push(ctx.style.dim(page.total > 0 ? "No tasks on this page." : empty))
  if (omitted) rows.push(ctx.style.dim(omitted))
  return { data: null, text: rows.join("\n") }
}

function fieldsFrom(options: OptionValues): readonly TaskField[] {
  const spec = stringOption(options, "fields")
  return spec === undefined ? SUMMARY_FIELDS : parseFields(spec)
}

export const listCommand: CommandSpec = {
  name: "list",
  aliases: ["ls"],
  summary: "List tasks: open ones, 50 at most, most relevant first (--limit 0 for all)",
  usage: "tsk list [options]",
  description:
    "Tasks in tree order (subtasks under their parent), in progress first, then by priority and due date. A last line says how many were left out; with --json it goes to stderr and stdout is the JSON array (the summary fields unless --fields).",
  options: { ...filterOptions, ...pagingOptions },
  examples: [
    "tsk list",
    "tsk ls --due overdue --sort priority",
    "tsk list --status done --project web --json",
    "tsk list --limit 0 --json --fields id,title,status",
    "tsk list --offset 50",
  ],
  async run(ctx, { options }) {
    const query = queryFrom(options)
    const fields = fieldsFrom(options)
    const tasks = await loadTasks(ctx)
    const page = listTasks(tasks, query, { limit: countOption(options, "limit"), offset: countOption(options, "offset") }, today)
    return pageOutput(ctx, page, viewOfShown(tasks, page.rows.map((row) => row.task), ctx.json ? fields : undefined), fields, "No tasks.")
  },
}

export const readyCommand: CommandSpec = {
  name: "ready",
  summary: "Work that can start now: open, not blocked, no open subtasks; by priority, then due date",
  usage: "tsk ready [options]",
  options: {
    project: filterOptions.project!,
    tag: filterOptions.tag!,
    assignee: filterOptions.assignee!,
    ...pagingOptions,
  },
  examples: ["tsk ready", "tsk ready --assignee none --json --fields compact"],
  async run(ctx, { options }) {
    const fields = fieldsFrom(options)
    const tasks = await loadTasks(ctx)
    const query: TaskQuery = { ready: true, project: stringOption(options, "project"), tag: stringOption(options, "tag"), assignee: stringOption(options, "assignee") }
    const page = listTasks(tasks, query, { limit: countOption(options, "limit"), offset: countOption(options, "offset") }, today)
    return pageOutput(ctx, page, viewOfShown(tasks, page.rows.map((row) => row.task), ctx.json ? fields : undefined), fields, "Nothing is ready.")
  },
}

export const nextCommand: CommandSpec = {
  name: "next",
  summary: "The one task to do next: the first ready task nobody else holds (--claim takes it)",
  usage: "tsk next [--claim] [--ttl 30m] [--as NAME]",
  description:
    "Ready tasks held by someone else under a live lease are skipped; an expired lease, or one whose holder's session ended, counts as free. --claim finds and claims the task in one locked step, so two agents running it at once get two different tasks.",
  options: {
    as: { type: "string", valueName: "name", description: "the name you act as: its own tasks count as free (default TSK_AGENT or your login)" },
    claim: { type: "boolean", description: "claim the task found, in the same locked step" },
    ttl: { type: "string", valueName: "time", description: "with --claim: the lease's length (45m, 2h; default 30 minutes)" },
    fields: pagingOptions.fields!,
  },
  examples: ["tsk next", "tsk next --json", "tsk next --claim --json"],
  async run(ctx, { options }) {
    const fields = stringOption(options, "fields") === undefined ? undefined : parseFields(stringOption(options, "fields")!)
    // Claiming writes: its code is in change.js (see commands.ts), which a plain `next` never loads.
    if (options.claim === true) return (await import("./change-commands.ts")).claimNextOutput(ctx, options, fields)
    const [{ nextFreeTask }, { createLeaseJudge }, { identityOf }] = await Promise.all([
      import("../domain/task-claim.ts"),
      import("../os/lease-judge.ts"),
      import("./cli-store.ts"),
    ])
    const tasks = await loadTasks(ctx)
    const task = nextFreeTask(tasks, identityOf(options, ctx.env).name, createLeaseJudge(ctx.home))
    if (!task) return { data: null, text: ctx.style.dim("Nothing is ready.") }
    const view = viewOfShown(tasks, [task])
    // The text only for people: its dates ask the local zone (see local-today.ts), which --json needs not.
    if (ctx.json) return { data: pickFields(task, view, fields ?? SUMMARY_FIELDS), text: "" }
    return { data: null, text: formatTaskRow(task, view, ctx.style, today(), 0) }
  },
}

export const showCommand: CommandSpec = {
  name: "show",
  summary: "Show every field of a task, its subtasks, notes and time",
  usage: "tsk show <id>",
  examples: ["tsk show a1b2"],
  async run(ctx, { positionals }) {
    const tasks = await loadTasks(ctx)
    const task = resolveTaskId(tasks, requirePositional(positionals, 0, "task id", "tsk show <id>"))
    const view = viewOf(tasks)
    if (ctx.json) return { data: taskJson(task, view), text: "" }
    return { data: null, text: formatTaskDetails(task, view, ctx.style, new Date(), today()) }
  },
}
