import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempHome } from "../helpers/temp-home.ts"
import { answerTo, readTaskList, startTestRunner, writeInboxFile } from "./bridge-helpers.ts"
import type { BridgeRunner } from "../../src/bridge/runner.ts"
import { createAppStore } from "../../src/store/app-store.ts"
import { mutateTasks } from "../../src/store/tasks-repository.ts"
import { makeTask } from "../helpers/task-fixtures.ts"

let home: string
let cleanup: () => void
let runner: BridgeRunner

beforeEach(() => {
  ;({ home, cleanup } = makeTempHome("tsk-bridge-"))
  runner = startTestRunner(home)
})
afterEach(async () => {
  await runner.stop()
  cleanup()
})

type Data = Record<string, any>

/** Send commands as one agent-inbox.json and return the data of each answer (errors throw). */
async function send(...commands: Array<{ id: string; command: string; payload?: unknown }>): Promise<Data[]> {
  writeInboxFile(home, commands)
  await runner.processNow()
  return commands.map((c) => {
    const answer = answerTo(home, c.id)
    if (answer.status !== "ok") throw new Error(`${c.command}: ${answer.error}`)
    return answer.data as Data
  })
}

async function sendError(command: string, payload: unknown): Promise<string> {
  const id = `err-${Math.random()}`
  writeInboxFile(home, { id, command, payload })
  await runner.processNow()
  const answer = answerTo(home, id)
  expect(answer.status).toBe("error")
  return answer.error!
}

describe("task commands through the bridge", () => {
  it("creates a task and answers with the task in the CLI's JSON shape", async () => {
    const [task] = await send({ id: "c1", command: "create", payload: { title: "Fix login bug", priority: "high", project: "web", tags: ["auth"], dueDate: "2030-05-01", description: "cookie" } })
    expect(task).toMatchObject({ title: "Fix login bug", priority: "high", project: "web", tags: ["auth"], dueDate: "2030-05-01", description: "cookie", status: "todo", subtaskIds: [], progress: null, blocked: false })
    expect(readTaskList(home).map((t) => t.title)).toEqual(["Fix login bug"])
  })

  it("records the agent's source on created tasks and notes", async () => {
    writeInboxFile(home, { id: "s1", source: "claude-code", command: "create", payload: { title: "From Claude" } })
    await runner.processNow()
    const task = answerTo(home, "s1").data as Data
    expect(task.externalSource).toBe("claude-code")
    writeInboxFile(home, { id: "s2", source: "codex", command: "add-note", payload: { taskId: task.id, content: "seen" } })
    await runner.processNow()
    expect((answerTo(home, "s2").data as Data).notes[0]).toMatchObject({ content: "seen", source: "codex" })
  })

  it("creates a subtask under a parent given by a partial id, and show returns it with progress", async () => {
    const [parent] = await send({ id: "p", command: "create", payload: { title: "Release" } })
    const [kid, other] = await send(
      { id: "k1", command: "create-subtask", payload: { parentId: parent!.id.slice(0, 6), title: "Changelog" } },
      { id: "k2", command: "create-subtask", payload: { parentId: parent!.id, title: "Tag" } },
    )
    await send({ id: "k3", command: "complete", payload: { taskId: kid!.id } })
    const [shown] = await send({ id: "sh", command: "show", payload: { taskId: parent!.id.slice(0, 5) } })
    expect(shown!.subtaskIds).toEqual([kid!.id, other!.id])
    expect(shown!.progress).toEqual({ done: 1, total: 2 })
    expect(shown!.subtasks.map((t: Data) => [t.title, t.status])).toEqual([["Changelog", "done"], ["Tag", "todo"]])
  })

  it("bulk-creates tasks in one command and answers with all of them", async () => {
    const [result] = await send({ id: "b", command: "bulk-create", payload: { tasks: [{ title: "One" }, { title: "Two", priority: "low", tags: ["x"] }, { title: "Three", dueDate: "2031-01-01" }] } })
    expect(result!.count).toBe(3)
    expect(result!.created).toBe(3)
    expect(result!.tasks.map((t: Data) => t.title)).toEqual(["One", "Two", "Three"])
    expect(readTaskList(home)).toHaveLength(3)
  })

  it("updates fields and status, and completes and reopens a task (completedAt follows)", async () => {
    const [task] = await send({ id: "u0", command: "create", payload: { title: "Draft" } })
    const [updated] = await send({ id: "u1", command: "update", payload: { taskId: task!.id, title: "Final", priority: "urgent", status: "in_progress", tags: ["a", "b"], project: null, dueDate: null } })
    expect(updated).toMatchObject({ title: "Final", priority: "urgent", status: "in_progress", tags: ["a", "b"] })
    const [done] = await send({ id: "u2", command: "complete", payload: { taskId: task!.id } })
    expect(done!.status).toBe("done")
    expect(done!.completedAt).toEqual(expect.any(String))
    const [reopened] = await send({ id: "u3", command: "uncomplete", payload: { taskId: task!.id } })
    expect(reopened).toMatchObject({ status: "todo", completedAt: null })
  })

  it("deletes a task with its subtasks and lists what was deleted", async () => {
    const [parent] = await send({ id: "d0", command: "create", payload: { title: "Old" } })
    await send({ id: "d1", command: "create-subtask", payload: { parentId: parent!.id, title: "Old child" } })
    const [result] = await send({ id: "d2", command: "delete", payload: { taskId: parent!.id } })
    expect(result).toMatchObject({ deleted: true, id: parent!.id, title: "Old", count: 2 })
    expect(result!.tasks.map((t: Data) => t.title)).toEqual(["Old", "Old child"])
    expect(readTaskList(home)).toEqual([])
  })

  it("queries by status, priority, project, tag and text, and lists open tasks", async () => {
    await send(
      { id: "q1", command: "create", payload: { title: "Login page", priority: "high", project: "web", tags: ["ui"] } },
      { id: "q2", command: "create", payload: { title: "Login API", priority: "low", project: "api" } },
      { id: "q3", command: "create", payload: { title: "Docs" } },
    )
    await send({ id: "q4", command: "complete", payload: { taskId: (await send({ id: "q3b", command: "query", payload: { search: "docs" } }))[0]![0].id } })
    const [byText, byStatus, byPriority, byProject, byTag, list, all] = await send(
      { id: "r1", command: "query", payload: { search: "login" } },
      { id: "r2", command: "query", payload: { status: "done" } },
      { id: "r3", command: "query", payload: { priority: ["high", "urgent"] } },
      { id: "r4", command: "query", payload: { project: "api" } },
      { id: "r5", command: "query", payload: { tag: "ui" } },
      { id: "r6", command: "list", payload: { limit: 10 } },
      { id: "r7", command: "list", payload: { all: true } },
    )
    const titles = (tasks: Data) => (tasks as Data[]).map((t) => t.title)
    expect(titles(byText!)).toEqual(["Login page", "Login API"])
    expect(titles(byStatus!)).toEqual(["Docs"])
    expect(titles(byPriority!)).toEqual(["Login page"])
    expect(titles(byProject!)).toEqual(["Login API"])
    expect(titles(byTag!)).toEqual(["Login page"])
    expect(titles(list!)).toEqual(["Login page", "Login API"])
    expect(titles(all!)).toHaveLength(3)
  })

  it("lists projects and tags by name, with counts when asked, and answers stats", async () => {
    await send(
      { id: "a", command: "create", payload: { title: "A", project: "web", tags: ["x", "y"] } },
      { id: "b", command: "create", payload: { title: "B", project: "web", tags: ["x"] } },
      { id: "c", command: "create", payload: { title: "C", project: "api" } },
    )
    const [projects, tags, stats] = await send({ id: "lp", command: "list-projects" }, { id: "lt", command: "list-tags" }, { id: "st", command: "stats" })
    expect(projects).toEqual(["api", "web"])
    expect(tags).toEqual(["x", "y"])
    const [projectCounts, tagCounts] = await send({ id: "lpc", command: "list-projects", payload: { counts: true } }, { id: "ltc", command: "list-tags", payload: { counts: true } })
    expect(projectCounts).toEqual([
      { name: "api", count: 1, open: 1 },
      { name: "web", count: 2, open: 2 },
    ])
    expect(tagCounts).toEqual([
      { name: "x", count: 2, open: 2 },
      { name: "y", count: 1, open: 1 },
    ])
    expect(stats).toMatchObject({ total: 3, byStatus: { todo: 3, in_progress: 0, done: 0, archived: 0 }, projects: 2, tags: 2 })
  })

  it("starts and stops a timer, and starting a todo task puts it in progress", async () => {
    const [task] = await send({ id: "t0", command: "create", payload: { title: "Timed" } })
    const [started] = await send({ id: "t1", command: "start-timer", payload: { taskId: task!.id } })
    expect(started!.status).toBe("in_progress")
    expect(started!.timeEntries).toEqual([{ start: expect.any(String), end: null }])
    const [stopped] = await send({ id: "t2", command: "stop-timer", payload: { taskId: task!.id } })
    expect(stopped!.timeEntries[0].end).toEqual(expect.any(String))
  })

  it("resolves relative due dates the way the CLI does", async () => {
    const [task] = await send({ id: "due", command: "create", payload: { title: "Soon", dueDate: "tomorrow" } })
    expect(task!.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })

  it("answers an unknown id with not found and a shared prefix with the candidates", async () => {
    expect(await sendError("complete", { taskId: "zzzz" })).toBe("no task matches id 'zzzz'")
    await mutateTasks(home, () => ({ tasks: [makeTask({ id: "abcd1111", title: "One" }), makeTask({ id: "abcd2222", title: "Two" })], result: null }))
    expect(await sendError("complete", { taskId: "abcd" })).toBe("id 'abcd' matches 2 tasks: abcd1111 One, abcd2222 Two")
    expect(await sendError("complete", { taskId: "a" })).toMatch(/^id 'a' is too short/)
  })

  it("shows a batch's changes in the store it was given as soon as they are durable", async () => {
    await runner.stop()
    const store = createAppStore({ home })
    runner = startTestRunner(home, { store })
    await send({ id: "st1", command: "create", payload: { title: "Seen by the TUI" } })
    expect(store.getState().tasks.map((t) => t.title)).toEqual(["Seen by the TUI"])
  })
})
