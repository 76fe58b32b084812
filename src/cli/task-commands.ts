// tsk add | list | show | edit — creating, finding and changing tasks.
import type { CommandSpec } from "./command.ts"
import {
  isClearValue,
  listOption,
  loadTasks,
  openStore,
  parseDueOption,
  parseEstimate,
  parsePriority,
  parseStatus,
  requirePositional,
  stringOption,
  today,
} from "./cli-store.ts"
import { formatTaskDetails, formatTaskRow, taskJson, taskJsonText, viewAround, viewOf } from "./task-format.ts"
import { JsonList } from "./json-list.ts"
import { shortId } from "../domain/task-constants.ts"
import { parseRecurrence } from "../domain/recurrence.ts"
import { resolveTaskId } from "../domain/task-id-resolver.ts"
import { DUE_FILTERS, queryTasks, SORT_KEYS, type SortKey } from "../domain/task-query.ts"
import type { UpdateTaskInput } from "../domain/task-input.ts"
import { invalid } from "../domain/errors.ts"
import { parseDateInput } from "../domain/local-date.ts"

const fieldOptions = {
  priority: { type: "string", short: "p", valueName: "priority", description: "none | low | medium | high | urgent" },
  project: { type: "string", short: "P", valueName: "project", description: "project name ('none' clears)" },
  tags: { type: "string", short: "t", valueName: "tag,tag", description: "comma-separated tags" },
  due: { type: "string", short: "d", valueName: "date", description: "YYYY-MM-DD, today, tomorrow, +3d, a weekday ('none' clears)" },
  desc: { type: "string", valueName: "text", description: "description" },
  estimate: { type: "string", valueName: "duration", description: "time estimate, e.g. 45m or 1h30m" },
  recur: { type: "string", valueName: "rule", description: "daily | weekly | monthly | yearly, or 2d, 3w, 2m, 1y" },
  parent: { type: "string", valueName: "id", description: "make it a subtask of this task (3 levels at most)" },
} as const

export const addCommand: CommandSpec = {
  name: "add",
  summary: "Add a task",
  usage: "tsk add <title> [options]",
  options: fieldOptions,
  examples: [
    'tsk add "Write the release notes" -p high -P docs -t writing -d friday',
    'tsk add "Water the plants" --recur 3d -d today',
    'tsk add "Draft outline" --parent a1b2 --estimate 45m',
  ],
  async run(ctx, { positionals, options }) {
    const title = positionals.join(" ").trim()
    if (title.length === 0) throw invalid("missing title. Usage: tsk add <title> [options]")
    const store = await openStore(ctx)
    const recur = stringOption(options, "recur")
    const priority = stringOption(options, "priority")
    const project = stringOption(options, "project")
    const due = stringOption(options, "due")
    const estimate = stringOption(options, "estimate")
    const task = await store.getState().addTask({
      title,
      ...(priority !== undefined ? { priority: parsePriority(priority) } : {}),
      ...(project !== undefined ? { project: isClearValue(project) ? null : project } : {}),
      ...(listOption(options, "tags") ? { tags: listOption(options, "tags") } : {}),
      ...(due !== undefined ? { dueDate: parseDueOption(due) } : {}),
      ...(stringOption(options, "desc") !== undefined ? { description: stringOption(options, "desc") } : {}),
      ...(stringOption(options, "parent") !== undefined ? { parentId: stringOption(options, "parent") } : {}),
      ...(estimate !== undefined ? { estimateMinutes: parseEstimate(estimate) } : {}),
      ...(recur !== undefined ? { recurrence: parseRecurrence(recur) } : {}),
      externalSource: "cli",
    })
    const view = viewAround(store.getState().tasks, task)
    return { data: taskJson(task, view), text: `${ctx.style.green("✓")} Added ${ctx.style.bold(shortId(task.id))} ${task.title}` }
  },
}

export const listCommand: CommandSpec = {
  name: "list",
  aliases: ["ls"],
  summary: "List tasks (open ones unless --all or --status)",
  usage: "tsk list [options]",
  options: {
    status: { type: "string", valueName: "s,s", description: "todo, in_progress, done, archived" },
    priority: { type: "string", short: "p", valueName: "p,p", description: "only these priorities" },
    project: { type: "string", short: "P", valueName: "project", description: "only this project" },
    tag: { type: "string", short: "t", valueName: "tag", description: "only tasks with this tag" },
    due: { type: "string", short: "d", valueName: "when", description: "today | overdue | week | a date" },
    search: { type: "string", short: "s", valueName: "text", description: "text in the title or description" },
    sort: { type: "string", valueName: "key", description: "priority | due | created | title" },
    limit: { type: "string", short: "n", valueName: "N", description: "show at most N tasks" },
    all: { type: "boolean", short: "a", description: "include done and archived tasks" },
  },
  examples: ["tsk list", "tsk ls --due overdue --sort priority", "tsk list --status done --project web --json"],
  async run(ctx, { options }) {
    const tasks = await loadTasks(ctx)
    const sort = stringOption(options, "sort")
    if (sort !== undefined && !(SORT_KEYS as readonly string[]).includes(sort)) throw invalid(`unknown sort '${sort}': use ${SORT_KEYS.join(", ")}`)
    const limitText = stringOption(options, "limit")
    const limit = limitText === undefined ? undefined : Number(limitText)
    if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) throw invalid(`--limit must be a positive whole number, not '${limitText}'`)
    const dueText = stringOption(options, "due")
    let due: string | undefined
    if (dueText !== undefined) due = (DUE_FILTERS as readonly string[]).includes(dueText.toLowerCase()) ? dueText.toLowerCase() : parseDateInput(dueText, today())
    // Only the due filter and the text rows need today: the local time zone it reads costs a
    // plain `list --json` more than its 100 tasks do.
    const found = queryTasks(
      tasks,
      {
        status: listOption(options, "status")?.map(parseStatus),
        priority: listOption(options, "priority")?.map(parsePriority),
        project: stringOption(options, "project"),
        tag: stringOption(options, "tag"),
        due,
        search: stringOption(options, "search"),
        includeClosed: options.all === true,
        sort: sort as SortKey | undefined,
        limit,
      },
      due === undefined ? "" : today(),
    )
    const view = viewOf(tasks)
    if (ctx.json) return { data: new JsonList(found, (t) => taskJsonText(t, view)), text: "" }
    const day = today()
    const text = found.length === 0 ? ctx.style.dim("No tasks.") : found.map((t) => formatTaskRow(t, view, ctx.style, day)).join("\n")
    return { data: null, text }
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
    const now = new Date()
    return { data: taskJson(task, view), text: formatTaskDetails(task, view, ctx.style, now, today()) }
  },
}

export const editCommand: CommandSpec = {
  name: "edit",
  summary: "Change fields of a task",
  usage: "tsk edit <id> [options]",
  options: {
    title: { type: "string", valueName: "title", description: "new title" },
    status: { type: "string", valueName: "status", description: "todo | in_progress | done | archived" },
    ...fieldOptions,
    parent: { type: "string", valueName: "id", description: "move under this task ('none' makes it top-level)" },
  },
  examples: ["tsk edit a1b2 --title 'Ship v2' -p urgent", "tsk edit a1b2 -d none -P none"],
  async run(ctx, { positionals, options }) {
    const id = requirePositional(positionals, 0, "task id", "tsk edit <id> [options]")
    const input: UpdateTaskInput = {}
    const text = (name: string) => stringOption(options, name)
    if (text("title") !== undefined) input.title = text("title")
    if (text("desc") !== undefined) input.description = text("desc")
    if (text("status") !== undefined) input.status = parseStatus(text("status")!)
    if (text("priority") !== undefined) input.priority = parsePriority(text("priority")!)
    if (text("project") !== undefined) input.project = isClearValue(text("project")!) ? null : text("project")
    if (text("tags") !== undefined) input.tags = listOption(options, "tags") ?? []
    if (text("due") !== undefined) input.dueDate = parseDueOption(text("due")!)
    if (text("estimate") !== undefined) input.estimateMinutes = parseEstimate(text("estimate")!)
    if (text("recur") !== undefined) input.recurrence = isClearValue(text("recur")!) ? null : parseRecurrence(text("recur")!)
    if (text("parent") !== undefined) input.parentId = isClearValue(text("parent")!) ? null : text("parent")
    if (Object.keys(input).length === 0) throw invalid("nothing to change: give at least one option (see tsk edit --help)")
    const store = await openStore(ctx)
    const task = await store.getState().updateTask(id, input)
    return { data: taskJson(task, viewAround(store.getState().tasks, task)), text: `${ctx.style.green("✓")} Updated ${ctx.style.bold(shortId(task.id))} ${task.title}` }
  },
}
