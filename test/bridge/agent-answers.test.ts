// What agents read from the bridge: pages with total/offset/nextOffset, compact shapes, ready work,
// blockers, claiming, one error vocabulary with the CLI, and the ancestor's answer shapes.
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempHome } from "../helpers/temp-home.ts"
import { answerTo, startTestRunner, writeInboxFile } from "./bridge-helpers.ts"
import type { BridgeRunner } from "../../src/bridge/runner.ts"
import type { AgentResponse } from "../../src/bridge/protocol.ts"
import { mutateTasks } from "../../src/store/tasks-repository.ts"
import { makeTask } from "../helpers/task-fixtures.ts"
import { runTsk } from "../helpers/run-tsk.ts"

let home: string
let cleanup: () => void
let runner: BridgeRunner

beforeEach(() => {
  ;({ home, cleanup } = makeTempHome("tsk-answers-"))
  runner = startTestRunner(home)
})
afterEach(async () => {
  await runner.stop()
  cleanup()
})

type Data = Record<string, any>
let counter = 0

async function ask(command: string, payload: unknown = {}, extra: Data = {}): Promise<AgentResponse> {
  const id = `c-${++counter}`
  writeInboxFile(home, { id, command, payload, ...extra })
  await runner.processNow()
  return answerTo(home, id)
}

async function ok(command: string, payload: unknown = {}): Promise<any> {
  const answer = await ask(command, payload)
  if (answer.status !== "ok") throw new Error(`${command}: ${answer.error}`)
  return answer.data
}

const seed = (tasks: ReturnType<typeof makeTask>[]) => mutateTasks(home, () => ({ tasks, result: null }))

describe("pages", () => {
  it("answer 50 tasks by default with total, offset and nextOffset beside the data", async () => {
    await seed(Array.from({ length: 70 }, (_, i) => makeTask({ id: `t-${String(i).padStart(4, "0")}`, order: i })))
    const first = await ask("list")
    expect(first.data).toHaveLength(50)
    expect(first).toMatchObject({ status: "ok", total: 70, offset: 0, nextOffset: 50 })
    const second = await ask("list", { offset: first.nextOffset })
    expect(second).toMatchObject({ total: 70, offset: 50, nextOffset: null })
    expect(second.data).toHaveLength(20)
    expect((await ask("list", { limit: 0 })).data).toHaveLength(70)
  })

  it("answer the compact shape or the chosen fields", async () => {
    await seed([makeTask({ id: "t-1", title: "One", priority: "high", tags: ["x"] })])
    // The one compact shape of every surface: empty fields left out, set ones (tags) kept.
    expect(await ok("query", { compact: true })).toEqual([{ id: "t-1", title: "One", status: "todo", priority: "high", tags: ["x"] }])
    expect(await ok("query", { fields: ["id", "tags"] })).toEqual([{ id: "t-1", tags: ["x"] }])
    expect((await ask("query", { fields: ["colour"] })).errorKind).toBe("invalid")
  })
})

describe("ready work, blockers and claiming", () => {
  it("blocks, unblocks, filters blocked and ready tasks, and sets blockers in update", async () => {
    await seed([makeTask({ id: "aaaa-1", title: "First", order: 1 }), makeTask({ id: "bbbb-1", title: "Second", order: 2 })])
    expect((await ok("block", { taskId: "bbbb", blockerId: "aaaa" })).blockedBy).toEqual(["aaaa-1"])
    expect((await ok("query", { blocked: true })).map((t: Data) => t.id)).toEqual(["bbbb-1"])
    expect((await ok("query", { ready: true })).map((t: Data) => t.id)).toEqual(["aaaa-1"])
    expect((await ok("unblock", { taskId: "bbbb", blockerId: "aaaa" })).blockedBy).toEqual([])
    expect((await ok("update", { taskId: "aaaa", blockedBy: ["bbbb"] })).blockedBy).toEqual(["bbbb-1"])
    const cycle = await ask("update", { taskId: "bbbb", blockedBy: ["aaaa"] })
    expect(cycle).toMatchObject({ status: "error", errorKind: "invalid" })
  })

  it("creates a subtask with every create field, in its parent's project unless it names one", async () => {
    const parent = await ok("create", { title: "Parent", project: "web" })
    const kid = await ok("create-subtask", { parentId: parent.id, title: "Kid", tags: ["ui"], dueDate: "2031-02-03", priority: "high", assignee: "ana" })
    expect(kid).toMatchObject({ parentId: parent.id, project: "web", tags: ["ui"], dueDate: "2031-02-03", priority: "high", assignee: "ana" })
    expect((await ok("create-subtask", { parentId: parent.id, title: "Elsewhere", project: "api" })).project).toBe("api")
  })

  it("says which subtasks stay open when their parent is completed", async () => {
    const parent = await ok("create", { title: "Parent" })
    const kid = await ok("create-subtask", { parentId: parent.id, title: "Kid" })
    expect((await ok("complete", { taskId: parent.id })).openSubtaskIds).toEqual([kid.id])
    expect(await ok("complete", { taskId: kid.id })).not.toHaveProperty("openSubtaskIds")
  })

  it("claims for the sender and refuses another claimant with conflict", async () => {
    await seed([makeTask({ id: "cccc-1" })])
    const mine = await ask("claim", { taskId: "cccc" }, { source: "codex" })
    expect(mine.data).toMatchObject({ assignee: "codex", status: "in_progress" })
    const theirs = await ask("claim", { taskId: "cccc", assignee: "claude" })
    expect(theirs).toMatchObject({ status: "error", errorKind: "conflict" })
    expect(theirs.error).toMatch(/already claimed by codex/)
  })

  it("stores text without terminal control characters", async () => {
    const task = await ok("create", { title: "Hi\u001b]0;owned\u0007", description: "a\u001b[2Jb" })
    expect(task).toMatchObject({ title: "Hi]0;owned", description: "a[2Jb" })
  })
})

describe("one error vocabulary", () => {
  it("gives every error the same kind on the bridge as on the CLI", async () => {
    await seed([makeTask({ id: "abcd1111", title: "One" }), makeTask({ id: "abcd2222", title: "Two" }), makeTask({ id: "eeee1111", assignee: "someone" })])
    const cases: Array<{ cli: string[]; bridge: [string, unknown]; kind: string }> = [
      { cli: ["show", "zzzz"], bridge: ["show", { taskId: "zzzz" }], kind: "not_found" },
      { cli: ["show", "abcd"], bridge: ["show", { taskId: "abcd" }], kind: "ambiguous" },
      { cli: ["show", "a"], bridge: ["show", { taskId: "a" }], kind: "invalid" },
      { cli: ["edit", "abcd1111", "-p", "bogus"], bridge: ["update", { taskId: "abcd1111", priority: "bogus" }], kind: "invalid" },
      { cli: ["claim", "eeee", "--as", "me"], bridge: ["claim", { taskId: "eeee", assignee: "me" }], kind: "conflict" },
    ]
    for (const c of cases) {
      const cli = runTsk(home, [...c.cli, "--json"])
      const bridge = await ask(...c.bridge)
      expect([c.cli.join(" "), JSON.parse(cli.stdout).error.kind]).toEqual([c.cli.join(" "), c.kind])
      expect([c.bridge[0], bridge.errorKind]).toEqual([c.bridge[0], c.kind])
    }
    expect((await ask("no-such-command")).errorKind).toBe("invalid")
  })
})

describe("the ancestor's agents", () => {
  it("get the ancestor's shapes, as supersets, for its example commands", async () => {
    // The ancestor README's example inbox command, as written there.
    writeInboxFile(home, [
      { id: "cmd-001", timestamp: "2026-03-01T10:00:00Z", source: "claude-code", command: "create", payload: { title: "Investigate flaky test in auth suite", priority: "high", project: "backend", tags: ["tests", "auth"] } },
    ])
    await runner.processNow()
    const created = answerTo(home, "cmd-001")
    expect(created).toMatchObject({ commandId: "cmd-001", status: "ok" })
    const task = created.data as Data
    for (const field of ["id", "title", "status", "priority", "project", "tags", "dueDate", "createdAt", "completedAt"]) expect(task).toHaveProperty(field)

    const bulk = await ok("bulk-create", { tasks: [{ title: "A" }, { title: "B", priority: "low" }] })
    expect(bulk.created).toBe(2)
    expect(bulk.tasks.map((t: Data) => t.title)).toEqual(["A", "B"])

    // The ancestor answered the names, sorted.
    expect(await ok("list-projects")).toEqual(["backend"])
    expect(await ok("list-tags")).toEqual(["auth", "tests"])

    const listed = await ok("list", { limit: 10 })
    expect(Array.isArray(listed)).toBe(true)
    expect(await ok("query", { status: ["todo"], priority: "high" })).toHaveLength(1)

    expect(await ok("update", { taskId: task.id.slice(0, 8), project: "", dueDate: "" })).toMatchObject({ project: null, dueDate: null })
    const shown = await ok("show", { taskId: task.id.slice(0, 8) })
    expect(shown).toHaveProperty("subtasks")

    const note = await ok("add-note", { taskId: task.id, content: "Seen in CI" })
    expect(note.taskId).toBe(task.id)
    expect(note.note).toMatchObject({ content: "Seen in CI", id: expect.any(String), createdAt: expect.any(String) })

    expect(await ok("start-timer", { taskId: task.id })).toMatchObject({ taskId: task.id, message: "Timer started" })
    const stopped = await ok("stop-timer", { taskId: task.id })
    expect(stopped).toMatchObject({ elapsed: 0, message: "Timer stopped (0 minutes logged)" })

    const stats = await ok("stats")
    expect(stats).toMatchObject({ total: 3, todo: 2, inProgress: 1, done: 0 })

    expect(await ok("complete", { taskId: bulk.tasks[0].id })).toMatchObject({ status: "done" })
    expect(await ok("delete", { taskId: bulk.tasks[1].id })).toMatchObject({ deleted: true, title: "B" })
  })

  it("get show with actualMinutes, and {message, task} for a repeated complete or uncomplete, as the ancestor answered", async () => {
    const task = await ok("create", { title: "Timed" })
    expect((await ok("show", { taskId: task.id })).actualMinutes).toBeNull()
    await ok("start-timer", { taskId: task.id })
    await ok("stop-timer", { taskId: task.id })
    expect((await ok("show", { taskId: task.id })).actualMinutes).toBe(0)
    const notDone = await ok("uncomplete", { taskId: task.id })
    expect(Object.keys(notDone).sort()).toEqual(["message", "task"])
    expect(notDone).toMatchObject({ message: "Task is not done", task: { id: task.id } })
    expect(await ok("complete", { taskId: task.id })).toMatchObject({ id: task.id, status: "done" })
    const again = await ok("complete", { taskId: task.id })
    expect(Object.keys(again).sort()).toEqual(["message", "task"])
    expect(again).toMatchObject({ message: "Task already done", task: { id: task.id, status: "done" } })
    expect(await ok("uncomplete", { taskId: task.id })).toMatchObject({ id: task.id, status: "todo" })
  })
})
