// How a bridge response reads for people (`tsk agent send`, `tsk agent outbox`), e.g.
// "✓ Task created: Fix bug (id: a1b2c3d4)". Agents read the JSON; this is only for the terminal.
import type { Style } from "../cli/command.ts"
import type { AgentResponse } from "./protocol.ts"
import type { TaskJson } from "../domain/task-shape.ts"
import type { NameCount, TaskStats } from "../domain/task-stats.ts"
import { shortId } from "../domain/task.ts"

const TASK_VERBS: Record<string, string> = {
  create: "Task created",
  "create-subtask": "Subtask created",
  update: "Task updated",
  complete: "Task completed",
  uncomplete: "Task reopened",
  "add-note": "Note added to",
  "start-timer": "Timer started on",
  "stop-timer": "Timer stopped on",
  show: "Task",
}

const isTask = (data: unknown): data is TaskJson =>
  typeof data === "object" && data !== null && typeof (data as TaskJson).id === "string" && typeof (data as TaskJson).title === "string"

const taskLine = (task: { id: string; title: string }) => `${task.title} (id: ${shortId(task.id)})`

function taskRows(tasks: TaskJson[], style: Style): string {
  if (tasks.length === 0) return style.dim("No tasks.")
  return tasks.map((t) => `  ${style.dim(shortId(t.id))} ${t.status.padEnd(11)} ${t.priority.padEnd(6)} ${t.title}`).join("\n")
}

function names(list: NameCount[], style: Style): string {
  if (list.length === 0) return style.dim("None.")
  return list.map((n) => `  ${n.name} ${style.dim(`(${n.open} open of ${n.count})`)}`).join("\n")
}

function detail(command: string, data: unknown, style: Style): string {
  const verb = TASK_VERBS[command]
  if (verb && isTask(data)) {
    const head = `${verb}: ${taskLine(data)}`
    if (command !== "show") return head
    const subtasks = (data as { subtasks?: TaskJson[] }).subtasks ?? []
    const lines = [head, `  status ${data.status}, priority ${data.priority}${data.project ? `, project ${data.project}` : ""}${data.dueDate ? `, due ${data.dueDate}` : ""}`]
    if (data.progress) lines.push(`  subtasks ${data.progress.done}/${data.progress.total} done`)
    for (const kid of subtasks) lines.push(`    ${kid.status === "done" ? "●" : "○"} ${style.dim(shortId(kid.id))} ${kid.title}`)
    return lines.join("\n")
  }
  if (command === "bulk-create") {
    const created = (data as { created: TaskJson[] }).created ?? []
    return `${created.length} task${created.length === 1 ? "" : "s"} created:\n${created.map((t) => `  ${taskLine(t)}`).join("\n")}`
  }
  if (command === "delete") {
    const deleted = (data as { deleted: { id: string; title: string }[] }).deleted ?? []
    const extra = deleted.length > 1 ? ` and ${deleted.length - 1} subtask${deleted.length === 2 ? "" : "s"}` : ""
    return `Task deleted: ${deleted[0] ? taskLine(deleted[0]) : ""}${extra}`
  }
  if ((command === "list" || command === "query") && Array.isArray(data)) return `${data.length} task${data.length === 1 ? "" : "s"}:\n${taskRows(data as TaskJson[], style)}`
  if ((command === "list-projects" || command === "list-tags") && Array.isArray(data)) return `${command === "list-tags" ? "Tags" : "Projects"}:\n${names(data as NameCount[], style)}`
  if (command === "stats" && typeof data === "object" && data !== null) {
    const s = data as TaskStats
    return `Stats: ${s.total} tasks (${s.byStatus.todo} todo, ${s.byStatus.in_progress} in progress, ${s.byStatus.done} done), ${s.overdue} overdue, ${s.dueToday} due today`
  }
  return data === undefined ? `${command}: ok` : `${command}: ok\n${JSON.stringify(data, null, 2)}`
}

/** The answer to `tsk agent send`, with ✓ or ✗. */
export function describeResponse(command: string, response: AgentResponse, style: Style): string {
  if (response.status === "error") return `${style.red("✗")} ${command}: ${response.error ?? "failed"}`
  return `${style.green("✓")} ${detail(command, response.data, style)}`
}

/** One line per response for `tsk agent outbox`. */
export function outboxLine(response: AgentResponse, style: Style): string {
  const mark = response.status === "ok" ? style.green("✓") : style.red("✗")
  const time = response.timestamp.slice(11, 19)
  let what: string
  if (response.status === "error") what = style.red(response.error ?? "error")
  else if (isTask(response.data)) what = taskLine(response.data)
  else if (Array.isArray(response.data)) what = `${response.data.length} item${response.data.length === 1 ? "" : "s"}`
  else what = style.dim(JSON.stringify(response.data ?? null).slice(0, 70))
  return `${mark} ${style.dim(time)} ${response.commandId.slice(0, 12).padEnd(12)}  ${what}`
}
