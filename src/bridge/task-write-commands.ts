// Bridge commands that change tasks. Each calls the same domain operation as the CLI and the TUI
// (createTask, setStatus, addNote, startTimer…) on the task list and answers with the changed
// task in the CLI's JSON shape.
import { defineBridgeCommand, type BridgeCommandDefinition } from "./command-definition.ts"
import type { TaskAccess } from "./task-access.ts"
import { taskData } from "./task-data.ts"
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
import { startTimer, stopTimer } from "../domain/time-tracking.ts"
import { localDateOf, parseDateInput } from "../domain/local-date.ts"
import { shortId, type Task, type TaskStatus } from "../domain/task.ts"
import type { TaskJson } from "../domain/task-shape.ts"

const quoted = (title: string) => `'${title.length > 60 ? `${title.slice(0, 59)}…` : title}'`
const named = (data: unknown) => {
  const task = data as TaskJson
  return `${quoted(task.title)} (${shortId(task.id)})`
}

function resolveDue(access: TaskAccess, due: string | null | undefined): string | null | undefined {
  if (due === undefined || due === null) return due
  return parseDateInput(due, localDateOf(access.now()))
}

function statusCommand(access: TaskAccess, command: string, status: TaskStatus, verb: string): BridgeCommandDefinition {
  return defineBridgeCommand({
    command,
    payload: TaskIdPayload,
    run: async ({ taskId }) => {
      const task = access.mutate((tasks, ctx) => setStatus(tasks, taskId, status, ctx))
      return taskData(access.tasks(), task)
    },
    describe: (_payload, data) => `${verb} ${named(data)}`,
  })
}

export function createTaskWriteCommands(access: TaskAccess): BridgeCommandDefinition[] {
  const created = (task: Task) => taskData(access.tasks(), task)
  return [
    defineBridgeCommand({
      command: "create",
      payload: CreatePayload,
      run: async (payload) => {
        const dueDate = resolveDue(access, payload.dueDate)
        const input = { ...payload, ...(dueDate !== undefined ? { dueDate } : {}), externalSource: access.source() }
        return created(access.mutate((tasks, ctx) => createTask(tasks, input, ctx)))
      },
      describe: (payload) => `created ${quoted(payload.title)}`,
    }),
    defineBridgeCommand({
      command: "create-subtask",
      payload: CreateSubtaskPayload,
      run: async (payload) => {
        const input = { ...payload, externalSource: access.source() }
        return created(access.mutate((tasks, ctx) => createTask(tasks, input, ctx)))
      },
      describe: (payload) => `created subtask ${quoted(payload.title)}`,
    }),
    defineBridgeCommand({
      command: "bulk-create",
      payload: BulkCreatePayload,
      run: async ({ tasks: inputs }) => {
        const resolved = inputs.map((input) => {
          const dueDate = resolveDue(access, input.dueDate)
          return { ...input, ...(dueDate !== undefined ? { dueDate } : {}), externalSource: access.source() }
        })
        const made = access.mutate((tasks, ctx) => createTasks(tasks, resolved, ctx))
        return { created: made.map(created), count: made.length }
      },
      describe: (payload) => `created ${payload.tasks.length} task${payload.tasks.length === 1 ? "" : "s"}`,
    }),
    defineBridgeCommand({
      command: "update",
      payload: UpdatePayload,
      run: async ({ taskId, ...fields }) => {
        const dueDate = resolveDue(access, fields.dueDate)
        const input = { ...fields, ...(dueDate !== undefined ? { dueDate } : {}) }
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
        return { deleted: deleted.map((t) => ({ id: t.id, title: t.title })), count: deleted.length }
      },
      describe: (_payload, data) => {
        const { deleted } = data as { deleted: { id: string; title: string }[] }
        const extra = deleted.length > 1 ? ` and ${deleted.length - 1} subtask${deleted.length === 2 ? "" : "s"}` : ""
        return `deleted ${quoted(deleted[0]?.title ?? "")}${extra}`
      },
    }),
    defineBridgeCommand({
      command: "add-note",
      payload: AddNotePayload,
      run: async ({ taskId, content }) => {
        const source = access.source()
        return taskData(access.tasks(), access.mutate((tasks, ctx) => addNote(tasks, taskId, content, source, ctx)))
      },
      describe: (_payload, data) => `noted on ${named(data)}`,
    }),
    defineBridgeCommand({
      command: "start-timer",
      payload: TaskIdPayload,
      run: async ({ taskId }) => {
        const change = access.mutate((tasks, ctx) => startTimer(tasks, taskId, ctx))
        const list = access.tasks()
        return { ...taskData(list, change.task), stoppedTimerOf: change.stopped ? taskData(list, change.stopped) : null }
      },
      describe: (_payload, data) => `started timer on ${named(data)}`,
    }),
    defineBridgeCommand({
      command: "stop-timer",
      payload: StopTimerPayload,
      run: async ({ taskId }) => taskData(access.tasks(), access.mutate((tasks, ctx) => stopTimer(tasks, taskId, ctx))),
      describe: (_payload, data) => `stopped timer on ${named(data)}`,
    }),
  ]
}
