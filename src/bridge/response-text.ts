// How a bridge response reads for people (`tsk agent send`, `tsk agent outbox`), e.g.
// "✓ Task created: Fix bug (id: a1b2c3d4)". Agents read the JSON; this is only for the terminal.
import type { TextStyle as Style } from "../domain/text-style.ts"
import type { AgentResponse } from "./protocol.ts"
import type { TaskJson } from "../domain/task-shape.ts"
import { omittedLine } from "../domain/task-listing.ts"
import { escapeControls } from "../domain/text-safety.ts"
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
  claim: "Task claimed",
  block: "Task blocked",
  unblock: "Task unblocked",
}

const isTask = (data: unknown): data is TaskJson =>
  typeof data === "object" && data !== null && typeof (data as TaskJson).id === "string" && typeof (data as TaskJson).title === "string"

const taskLine = (task: { id: string; title: string }) => `${escapeControls(task.title)} (id: ${shortId(task.id)})`

function taskRows(tasks: Partial<TaskJson>[], style: Style): string {
  if (tasks.length === 0) return style.dim("No tasks.")
  return tasks
    .map((t) => `  ${style.dim(shortId(String(t.id ?? "")))} ${String(t.status ?? "").padEnd(11)} ${String(t.priority ?? "").padEnd(6)} ${escapeControls(String(t.title ?? ""))}`)
    .join("\n")
}

function names(list: Array<NameCount | string>, style: Style): string {
  if (list.length === 0) return style.dim("None.")
  return list.map((n) => (typeof n === "string" ? `  ${escapeControls(n)}` : `  ${escapeControls(n.name)} ${style.dim(`(${n.open} open of ${n.count})`)}`)).join("\n")
}

function detail(command: string, response: AgentResponse, style: Style): string {
  const data = response.data
  const verb = TASK_VERBS[command]
  if (verb && isTask(data)) {
    const head = `${verb}: ${taskLine(data)}`
    if (command !== "show") return head
    const subtasks = (data as { subtasks?: TaskJson[] }).subtasks ?? []
    const lines = [head, `  status ${data.status}, priority ${data.priority}${data.project ? `, project ${data.project}` : ""}${data.dueDate ? `, due ${data.dueDate}` : ""}`]
    if (data.progress) lines.push(`  subtasks ${data.progress.done}/${data.progress.total} done`)
    for (const kid of subtasks) lines.push(`    ${kid.status === "done" ? "●" : "○"} ${style.dim(shortId(kid.id))} ${escapeControls(kid.title)}`)
    return lines.join("\n")
  }
  if (command === "bulk-create") {
    const created = (data as { tasks?: TaskJson[] }).tasks ?? []
    return `${created.length} task${created.length === 1 ? "" : "s"} created:\n${created.map((t) => `  ${taskLine(t)}`).join("\n")}`
  }
  if (command === "delete") {
    const { id, title, count } = data as { id: string; title: string; count: number }
    const extra = count > 1 ? ` and ${count - 1} subtask${count === 2 ? "" : "s"}` : ""
    return `Task deleted: ${taskLine({ id, title })}${extra}`
  }
  if ((command === "list" || command === "query") && Array.isArray(data)) {
    const rows = data as Partial<TaskJson>[]
    const omitted = response.total !== undefined ? omittedLine({ rows, total: response.total, offset: response.offset ?? 0 }, "limit, offset") : null
    return `${rows.length} task${rows.length === 1 ? "" : "s"}:\n${taskRows(rows, style)}${omitted ? `\n${style.dim(omitted)}` : ""}`
  }
  if ((command === "list-projects" || command === "list-tags") && Array.isArray(data)) return `${command === "list-tags" ? "Tags" : "Projects"}:\n${names(data as Array<NameCount | string>, style)}`
  if (command === "stats" && typeof data === "object" && data !== null) {
    const s = data as TaskStats
    return `Stats: ${s.total} tasks (${s.byStatus.todo} todo, ${s.byStatus.in_progress} in progress, ${s.byStatus.done} done), ${s.overdue} overdue, ${s.dueToday} due today`
  }
  return data === undefined ? `${command}: ok` : `${command}: ok\n${escapeControls(JSON.stringify(data, null, 2), true)}`
}

/** The answer to `tsk agent send`, with ✓ or ✗. */
export function describeResponse(command: string, response: AgentResponse, style: Style): string {
  if (response.status === "error") return `${style.red("✗")} ${command}: ${escapeControls(response.error ?? "failed")}${response.errorKind ? style.dim(` (${response.errorKind})`) : ""}`
  return `${style.green("✓")} ${detail(command, response, style)}`
}

/** One line per response for `tsk agent outbox`. */
export function outboxLine(response: AgentResponse, style: Style): string {
  const mark = response.status === "ok" ? style.green("✓") : style.red("✗")
  const time = response.timestamp.slice(11, 19)
  let what: string
  if (response.status === "error") what = style.red(escapeControls(response.error ?? "error"))
  else if (isTask(response.data)) what = taskLine(response.data)
  else if (Array.isArray(response.data)) what = `${response.data.length} item${response.data.length === 1 ? "" : "s"}`
  else what = style.dim(escapeControls(JSON.stringify(response.data ?? null).slice(0, 70)))
  return `${mark} ${style.dim(time)} ${response.commandId.slice(0, 12).padEnd(12)}  ${what}`
}
