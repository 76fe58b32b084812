// Bridge commands that change tasks. Each calls the same domain operation as the CLI and the TUI
// (createTask, setStatus, addNote, startTimer…) and answers with the changed task in the CLI's
// JSON shape, plus the fields the ancestor's agents read (bulk-create `{created: <count>, tasks}`,
// delete `{deleted: true, title}`, add-note `{taskId, note}`, start/stop-timer `taskId`/`elapsed`).
import { defineBridgeCommand, type BridgeCommandDefinition } from "../domain/command-definition.ts"
import type { TaskAccess } from "./task-access.ts"
import { taskData } from "./task-data.ts"
import { resolveFields } from "./task-input.ts"
import {
  AddNotePayload,
  BulkCreatePayload,
  CreatePayload,
  CreateSubtaskPayload,
  StopTimerPayload,
  TaskIdPayload,
  UpdatePayload,
} from "./task-payloads.ts"
import { addNote, createTask, createTasks, deleteTask, setStatus, updateTask } from "../domain/task-operations.ts"
import { resolveTaskId } from "../domain/task-id-resolver.ts"
import { startTimer, stopTimer } from "../domain/time-tracking.ts"
import { shortId, type Task, type TaskStatus } from "../domain/task.ts"
import { pickFields, SUMMARY_FIELDS, viewOf, type TaskJson } from "../domain/task-shape.ts"

export const quoted = (title: string) => `'${title.length > 60 ? `${title.slice(0, 59)}…` : title}'`
export const named = (data: unknown) => {
  const task = data as TaskJson
  return `${quoted(task.title)} (${shortId(task.id)})`
}

/** A `complete` of a done task, an `uncomplete` of one that is not: the ancestor's `{message, task}`, nothing changed. */
const ALREADY: Record<string, { message: string; holds: (task: Task) => boolean }> = {
  complete: { message: "Task already done", holds: (task) => task.status === "done" },
  uncomplete: { message: "Task is not done", holds: (task) => task.status !== "done" },
}

function statusCommand(access: TaskAccess, command: string, status: TaskStatus, verb: string): BridgeCommandDefinition {
  return defineBridgeCommand({
    command,
    payload: TaskIdPayload,
    run: async ({ taskId }) => {
      const already = ALREADY[command]
      const current = resolveTaskId(access.tasks(), taskId)
      if (already?.holds(current)) return { message: already.message, task: taskData(access.tasks(), current) }
      const task = access.mutate((tasks, ctx) => setStatus(tasks, taskId, status, ctx))
      const list = access.tasks()
      const next = status === "done" && task.nextOccurrenceId ? list.find((t) => t.id === task.nextOccurrenceId) : undefined
      // Subtasks stay open when their parent is completed; the answer says which, as the CLI does.
      const open = status === "done" ? list.filter((t) => t.parentId === task.id && (t.status === "todo" || t.status === "in_progress")).map((t) => t.id) : []
      return { ...taskData(list, task), ...(next ? { nextOccurrence: taskData(list, next) } : {}), ...(open.length > 0 ? { openSubtaskIds: open } : {}) }
    },
    describe: (_payload, data) => {
      const answer = data as { message?: string; task?: unknown }
      return answer.message !== undefined && answer.task !== undefined ? `${answer.message}: ${named(answer.task)}` : `${verb} ${named(data)}`
    },
  })
}

export function createTaskWriteCommands(access: TaskAccess): BridgeCommandDefinition[] {
  const created = (task: Task) => taskData(access.tasks(), task, { fresh: true })
  return [
    defineBridgeCommand({
      command: "create",
      payload: CreatePayload,
      run: async (payload) => {
        const input = { ...resolveFields(access, payload), externalSource: access.source() }
        return created(access.mutate((tasks, ctx) => createTask(tasks, input, ctx)))
      },
      describe: (payload) => `created ${quoted(payload.title)}`,
    }),
    defineBridgeCommand({
      command: "create-subtask",
      payload: CreateSubtaskPayload,
      run: async (payload) => {
        const input = { ...resolveFields(access, payload), externalSource: access.source() }
        return created(
          access.mutate((tasks, ctx) => {
            // A subtask belongs to its parent's project unless it names one.
            const parent = resolveTaskId(tasks, payload.parentId)
            return createTask(tasks, { ...input, ...(input.project === undefined ? { project: parent.project } : {}) }, ctx)
          }),
        )
      },
      describe: (payload) => `created subtask ${quoted(payload.title)}`,
    }),
    defineBridgeCommand({
      command: "bulk-create",
      payload: BulkCreatePayload,
      run: async ({ tasks: inputs }) => {
        const resolved = inputs.map((input) => ({ ...resolveFields(access, input), externalSource: access.source() }))
        const made = access.mutate((tasks, ctx) => createTasks(tasks, resolved, ctx))
        // The summary shape (as the ancestor answered), so 1,000 tasks still make a small answer.
        const view = viewOf(access.tasks())
        return { created: made.length, tasks: made.map((t) => pickFields(t, view, SUMMARY_FIELDS)), count: made.length }
      },
      describe: (payload) => `created ${payload.tasks.length} task${payload.tasks.length === 1 ? "" : "s"}`,
    }),
    defineBridgeCommand({
      command: "update",
      payload: UpdatePayload,
      run: async ({ taskId, ...fields }) => {
        const input = resolveFields(access, fields)
        return taskData(access.tasks(), access.mutate((tasks, ctx) => updateTask(tasks, taskId, input, ctx)))
      },
      describe: (_payload, data) => `updated ${named(data)}`,
    }),
    statusCommand(access, "complete", "done", "completed"),
    statusCommand(access, "uncomplete", "todo", "reopened"),
    defineBridgeCommand({
      command: "delete",
      payload: TaskIdPayload,
      run: async ({ taskId }) => {
        const { deleted } = access.mutate((tasks) => deleteTask(tasks, taskId))
        const root = deleted[0]!
        return { deleted: true, id: root.id, title: root.title, count: deleted.length, tasks: deleted.map((t) => ({ id: t.id, title: t.title })) }
      },
      describe: (_payload, data) => {
        const { title, count } = data as { title: string; count: number }
        const extra = count > 1 ? ` and ${count - 1} subtask${count === 2 ? "" : "s"}` : ""
        return `deleted ${quoted(title)}${extra}`
      },
    }),
    defineBridgeCommand({
      command: "add-note",
      payload: AddNotePayload,
      run: async ({ taskId, content }) => {
        const source = access.source()
        const task = access.mutate((tasks, ctx) => addNote(tasks, taskId, content, source, ctx))
        return { ...taskData(access.tasks(), task), taskId: task.id, note: task.notes.at(-1)! }
      },
      describe: (_payload, data) => `noted on ${named(data)}`,
    }),
    defineBridgeCommand({
      command: "start-timer",
      payload: TaskIdPayload,
      run: async ({ taskId }) => {
        const change = access.mutate((tasks, ctx) => startTimer(tasks, taskId, ctx))
        const list = access.tasks()
        return {
          ...taskData(list, change.task),
          taskId: change.task.id,
          message: "Timer started",
          stoppedTimerOf: change.stopped ? taskData(list, change.stopped) : null,
        }
      },
      describe: (_payload, data) => `started timer on ${named(data)}`,
    }),
    defineBridgeCommand({
      command: "stop-timer",
      payload: StopTimerPayload,
      run: async ({ taskId }) => {
        const task = access.mutate((tasks, ctx) => stopTimer(tasks, taskId, ctx))
        const last = task.timeEntries.at(-1)!
        // Whole minutes of the entry just closed, as the ancestor reported them.
        const elapsed = Math.round((Date.parse(last.end!) - Date.parse(last.start)) / 60000)
        return { ...taskData(access.tasks(), task), taskId: task.id, elapsed, message: `Timer stopped (${elapsed} minutes logged)` }
      },
      describe: (_payload, data) => `stopped timer on ${named(data)}`,
    }),
  ]
}
