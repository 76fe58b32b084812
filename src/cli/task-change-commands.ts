// tsk done | undone | start | archive | rm | note | block | unblock — one change to one task
// (claim and renew: lease-commands.ts).
import type { CommandContext, CommandSpec } from "./command.ts"
import { changeCommandHead } from "./change-command-names.ts"
import { changeOneTask, openStore, requirePositional, stringOption } from "./cli-store.ts"
import { taskJson, viewAround, type TaskView } from "./task-format.ts"
import type { Task, TaskStatus } from "../domain/task.ts"
import { shortId } from "../domain/task-constants.ts"
import { invalid } from "../domain/errors.ts"
import { subtreeIds } from "../domain/task-tree.ts"
import { escapeControls } from "../domain/text-safety.ts"

export function changed(ctx: CommandContext, tasks: Task[], task: Task, verb: string, view = viewAround(tasks, task)) {
  return { data: taskJson(task, view), text: `${ctx.style.green("✓")} ${verb} ${ctx.style.bold(shortId(task.id))} ${escapeControls(task.title)}` }
}

/** Subtasks left open under a task that was just closed (its view's children): people are told they stay open. */
function openSubtasksNote(ctx: CommandContext, view: TaskView, task: Task): string {
  const open = (view.children.get(task.id) ?? []).filter((t) => t.status === "todo" || t.status === "in_progress")
  if (open.length === 0) return ""
  const names = open.slice(0, 3).map((t) => `${shortId(t.id)} ${escapeControls(t.title)}`).join(", ")
  return `\n  ${ctx.style.yellow(`${open.length} open subtask${open.length === 1 ? " stays" : "s stay"} open`)}: ${names}${open.length > 3 ? ", …" : ""}`
}

function statusCommand(name: "done" | "undone" | "start" | "archive", status: TaskStatus, verb: string): CommandSpec {
  return {
    ...changeCommandHead(name),
    usage: `tsk ${name} <id>`,
    examples: [`tsk ${name} a1b2`],
    async run(ctx, { positionals }) {
      const id = requirePositional(positionals, 0, "task id", `tsk ${name} <id>`)
      const { setStatus } = await import("../domain/task-operations.ts")
      const { task, tasks } = await changeOneTask(ctx, id, (list, wanted, context, orderAbove) => setStatus(list, wanted, status, context, orderAbove))
      const view = viewAround(tasks, task)
      const result = changed(ctx, tasks, task, verb, view)
      if (status === "done" || status === "archived") result.text += openSubtasksNote(ctx, view, task)
      if (task.nextOccurrenceId && status === "done") {
        const next = tasks.find((t) => t.id === task.nextOccurrenceId)
        if (next) result.text += `\n  ↻ next occurrence ${ctx.style.bold(shortId(next.id))} due ${next.dueDate}`
      }
      return result
    },
  }
}

export const doneCommand = statusCommand("done", "done", "Done")
export const undoneCommand = statusCommand("undone", "todo", "Reopened")
export const startCommand = statusCommand("start", "in_progress", "Started")
export const archiveCommand = statusCommand("archive", "archived", "Archived")

export const rmCommand: CommandSpec = {
  ...changeCommandHead("rm"),
  usage: "tsk rm <id> [--force]",
  options: { force: { type: "boolean", short: "f", description: "also delete when the task has subtasks" } },
  examples: ["tsk rm a1b2", "tsk rm a1b2 --force"],
  async run(ctx, { positionals, options }) {
    const id = requirePositional(positionals, 0, "task id", "tsk rm <id> [--force]")
    const store = await openStore(ctx)
    const { deleted } = await store.getState().deleteTask(id, { requireLeaf: options.force !== true })
    const [root] = deleted
    const extra = deleted.length > 1 ? ` and ${deleted.length - 1} subtask${deleted.length === 2 ? "" : "s"}` : ""
    return {
      data: { deleted: deleted.map((t) => ({ id: t.id, title: t.title })) },
      text: `${ctx.style.green("✓")} Deleted ${ctx.style.bold(shortId(root!.id))} ${escapeControls(root!.title)}${extra}`,
    }
  },
}

export const noteCommand: CommandSpec = {
  ...changeCommandHead("note"),
  usage: "tsk note <id> <text>",
  examples: ['tsk note a1b2 "Asked Sam for the numbers"'],
  async run(ctx, { positionals }) {
    const id = requirePositional(positionals, 0, "task id", "tsk note <id> <text>")
    const text = positionals.slice(1).join(" ")
    const { addNote } = await import("../domain/task-operations.ts")
    const { task, tasks } = await changeOneTask(ctx, id, (list, wanted, context) => addNote(list, wanted, text, "cli", context))
    return changed(ctx, tasks, task, "Noted on")
  },
}

function blockCommand(name: "block" | "unblock"): CommandSpec {
  const blocked = name === "block"
  return {
    ...changeCommandHead(name),
    usage: `tsk ${name} <id> --by <id>`,
    options: { by: { type: "string", valueName: "id", description: blocked ? "the task it waits on" : "the blocker to remove" } },
    examples: [`tsk ${name} a1b2 --by c3d4`],
    async run(ctx, { positionals, options }) {
      const id = requirePositional(positionals, 0, "task id", `tsk ${name} <id> --by <id>`)
      const by = stringOption(options, "by") ?? positionals[1]
      if (!by) throw invalid(`missing --by <id>. Usage: tsk ${name} <id> --by <id>`)
      const store = await openStore(ctx)
      const task = await store.getState().setBlocked(id, by, blocked)
      return changed(ctx, store.getState().tasks, task, blocked ? "Blocked" : "Unblocked")
    },
  }
}

export const blockTaskCommand = blockCommand("block")
export const unblockTaskCommand = blockCommand("unblock")
