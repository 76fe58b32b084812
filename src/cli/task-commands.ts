// tsk add | edit — creating and changing tasks (looking at them: list-commands.ts).
import type { CommandSpec, OptionSpec } from "./command.ts"
import { changeCommandHead } from "./change-command-names.ts"
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
import { taskJson, viewAround } from "./task-format.ts"
import { shortId } from "../domain/task-constants.ts"
import { parseRecurrence } from "../domain/recurrence.ts"
import type { UpdateTaskInput } from "../domain/task-input.ts"
import { invalid } from "../domain/errors.ts"
import { parseQuickAdd, type QuickAdd } from "../domain/quick-add.ts"
import type { Priority } from "../domain/task.ts"
import { escapeControls } from "../domain/text-safety.ts"

const fieldOptions = {
  priority: { type: "string", short: "p", valueName: "priority", description: "none | low | medium | high | urgent" },
  project: { type: "string", short: "P", valueName: "project", description: "project name ('none' clears)" },
  tags: { type: "string", short: "t", valueName: "tag,tag", description: "tags, comma-separated or repeated (-t ui -t theme)", multiple: true },
  due: { type: "string", short: "d", valueName: "date", description: "YYYY-MM-DD, today, tomorrow, +3d, a weekday ('none' clears)" },
  desc: { type: "string", valueName: "text", description: "description" },
  estimate: { type: "string", valueName: "duration", description: "time estimate, e.g. 45m or 1h30m" },
  recur: { type: "string", valueName: "rule", description: "daily | weekly | monthly | yearly, or 2d, 3w, 2m, 1y" },
  parent: { type: "string", valueName: "id", description: "make it a subtask of this task (3 levels at most)" },
  assignee: { type: "string", valueName: "name", description: "who works on it ('none' clears)" },
} satisfies Record<string, OptionSpec>

/** The fields a quick-add title set (the options given beside it are laid over these). */
function quickFields(quick: QuickAdd): { priority?: Priority; project?: string; dueDate?: string } {
  return {
    ...(quick.priority ? { priority: quick.priority } : {}),
    ...(quick.project ? { project: quick.project } : {}),
    ...(quick.dueDate ? { dueDate: quick.dueDate } : {}),
  }
}

export const addCommand: CommandSpec = {
  ...changeCommandHead("add"),
  usage: "tsk add <title> [options]",
  options: {
    ...fieldOptions,
    quick: { type: "boolean", short: "q", description: "read due:<date> +tag @project !high out of the title (\\ keeps a word); options given win" },
  },
  examples: [
    'tsk add --quick "Call mom due:fri +family @home !high"',
    'tsk add "Write the release notes" -p high -P docs -t writing -d friday',
    'tsk add "Water the plants" --recur 3d -d today',
    'tsk add "Draft outline" --parent a1b2 --estimate 45m',
  ],
  async run(ctx, { positionals, options }) {
    const typed = positionals.join(" ").trim()
    const quick = options.quick === true ? parseQuickAdd(typed, today()) : null
    if (quick?.error) throw invalid(quick.error)
    const title = quick ? quick.title : typed
    if (title.length === 0) throw invalid("missing title. Usage: tsk add <title> [options]")
    const store = await openStore(ctx)
    const recur = stringOption(options, "recur")
    const priority = stringOption(options, "priority")
    const project = stringOption(options, "project")
    const due = stringOption(options, "due")
    const estimate = stringOption(options, "estimate")
    const task = await store.getState().addTask({
      title,
      ...(quick ? quickFields(quick) : {}),
      ...(priority !== undefined ? { priority: parsePriority(priority) } : {}),
      ...(project !== undefined ? { project: isClearValue(project) ? null : project } : {}),
      ...(listOption(options, "tags") || quick?.tags.length ? { tags: [...new Set([...(quick?.tags ?? []), ...(listOption(options, "tags") ?? [])])] } : {}),
      ...(due !== undefined ? { dueDate: parseDueOption(due) } : {}),
      ...(stringOption(options, "desc") !== undefined ? { description: stringOption(options, "desc") } : {}),
      ...(stringOption(options, "parent") !== undefined ? { parentId: stringOption(options, "parent") } : {}),
      ...(estimate !== undefined ? { estimateMinutes: parseEstimate(estimate) } : {}),
      ...(recur !== undefined ? { recurrence: parseRecurrence(recur) } : {}),
      ...(stringOption(options, "assignee") !== undefined && !isClearValue(stringOption(options, "assignee")!) ? { assignee: stringOption(options, "assignee") } : {}),
      externalSource: "cli",
    })
    const view = viewAround(store.getState().tasks, task)
    return { data: taskJson(task, view), text: `${ctx.style.green("✓")} Added ${ctx.style.bold(shortId(task.id))} ${escapeControls(task.title)}` }
  },
}

export const editCommand: CommandSpec = {
  ...changeCommandHead("edit"),
  usage: "tsk edit <id> [options]",
  options: {
    title: { type: "string", valueName: "title", description: "new title" },
    status: { type: "string", valueName: "status", description: "todo | in_progress | done | archived" },
    ...fieldOptions,
    parent: { type: "string", valueName: "id", description: "move under this task ('none' makes it top-level)" },
    "blocked-by": { type: "string", valueName: "id,id", description: "the tasks it waits on, replacing the list ('none' clears)", multiple: true },
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
    if (text("assignee") !== undefined) input.assignee = isClearValue(text("assignee")!) ? null : text("assignee")
    if (options["blocked-by"] !== undefined) input.blockedBy = (listOption(options, "blocked-by") ?? []).filter((id) => !isClearValue(id))
    if (Object.keys(input).length === 0) throw invalid("nothing to change: give at least one option (see tsk edit --help)")
    const store = await openStore(ctx)
    const task = await store.getState().updateTask(id, input)
    return { data: taskJson(task, viewAround(store.getState().tasks, task)), text: `${ctx.style.green("✓")} Updated ${ctx.style.bold(shortId(task.id))} ${escapeControls(task.title)}` }
  },
}
