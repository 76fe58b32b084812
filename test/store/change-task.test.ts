// changeTask: one task's change by its full id without parsing tasks.json (the task, its subtasks
// and blockers found in the base's text, the journal's lines laid over them). Each case compares
// what reaches the disk with the same operation on the whole list, and says which path ran.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { readListOnDisk } from "../helpers/on-disk-list.ts"
import { runTsk } from "../helpers/run-tsk.ts"
import { fixedContext } from "../helpers/task-fixtures.ts"
import { mutateTasks } from "../../src/store/tasks-repository.ts"
import { createTask, setStatus, updateTask } from "../../src/domain/task-operations.ts"
import { findChildrenInText, findTaskInText, valueEnd } from "../../src/store/task-text-lookup.ts"
import type { Task, TaskStatus } from "../../src/domain/task.ts"

let home: string
let cleanup: () => void
beforeEach(() => ({ home, cleanup } = makeTempHome("tsk-change-")))
afterEach(() => cleanup())

const WHEN = "2026-03-11T09:00:00.000Z"

/** The repository as a fresh process has it (a one-shot CLI command): nothing read yet. */
async function freshRepository() {
  vi.resetModules()
  return import("../../src/store/tasks-repository.ts")
}

interface Built {
  parent: Task
  open: Task
  closed: Task
  blocker: Task
  blocked: Task
  recurring: Task
}

/** A list the store wrote: a parent with an open and a done subtask, a blocked task, a recurring one. */
async function buildList(): Promise<Built> {
  const ctx = fixedContext("2026-03-10T12:00:00.000Z", "t")
  const add = async (input: Parameters<typeof createTask>[1]) => (await mutateTasks(home, (tasks) => createTask(tasks, input, ctx))).result
  for (let i = 0; i < 5; i++) await add({ title: `filler ${i}`, description: `braces { } and "quotes" and \\ slashes ${i}` })
  const parent = await add({ title: "Parent", project: "web" })
  const open = await add({ title: "Open child", parentId: parent.id })
  const closedTodo = await add({ title: "Done child", parentId: parent.id })
  const closed = (await mutateTasks(home, (tasks) => setStatus(tasks, closedTodo.id, "done", ctx))).result
  const blocker = await add({ title: "Blocker" })
  const blocked = await add({ title: "Blocked", blockedBy: [blocker.id] })
  const recurring = await add({ title: "Weekly review", dueDate: "2026-03-09", recurrence: { frequency: "weekly", interval: 1 } })
  return { parent, open, closed, blocker, blocked, recurring }
}

/** The base written whole (as a compaction does), so the case starts from a base and an empty journal. */
async function compact(): Promise<void> {
  const { compactTasks } = await freshRepository()
  await compactTasks(home)
}

/** changeTask in a fresh process's repository; what the whole-list operation gives on the same list. */
async function change(id: string, status: TaskStatus) {
  const before = readListOnDisk(home).tasks
  const expected = setStatus(before, id, status, fixedContext(WHEN, "n"))
  const repository = await freshRepository()
  const full = vi.fn((tasks: Task[]) => setStatus(tasks, id, status, fixedContext(WHEN, "n")))
  const outcome = await repository.changeTask(home, id, (near, maxOrder) => setStatus(near, id, status, fixedContext(WHEN, "n"), maxOrder), full)
  return { outcome, expected, lean: full.mock.calls.length === 0 }
}

describe("changing one task without the list", () => {
  it("closes a parent: its subtasks come from the base's text, and the disk holds what the whole-list change gives", async () => {
    const { parent, open, closed } = await buildList()
    await compact()
    const { outcome, expected, lean } = await change(parent.id, "done")
    expect(lean).toBe(true)
    expect(outcome.result).toEqual(expected.result)
    expect(outcome.tasks.map((t) => t.id)).toEqual([parent.id, open.id, closed.id])
    expect(readListOnDisk(home).tasks).toEqual(expected.tasks)
  })

  it("finds the blockers, in the base and in the journal", async () => {
    const { blocker, blocked } = await buildList()
    await compact()
    // The blocker's own newest version is in the journal: done there, so the task is no longer blocked.
    await mutateTasks(home, (tasks) => setStatus(tasks, blocker.id, "done", fixedContext(WHEN, "b")))
    const { outcome, expected, lean } = await change(blocked.id, "in_progress")
    expect(lean).toBe(true)
    expect(outcome.tasks.find((t) => t.id === blocker.id)?.status).toBe("done")
    expect(readListOnDisk(home).tasks).toEqual(expected.tasks)
  })

  it("takes the task's newest version from the journal, and numbers a recurring task's next occurrence after the list's highest order", async () => {
    const { recurring } = await buildList()
    await compact()
    await mutateTasks(home, (tasks) => updateTask(tasks, recurring.id, { title: "Weekly review (edited)" }, fixedContext(WHEN, "e")))
    await mutateTasks(home, (tasks) => createTask(tasks, { title: "added after" }, fixedContext(WHEN, "a")))
    const { outcome, expected, lean } = await change(recurring.id, "done")
    expect(lean).toBe(true)
    expect(outcome.result.title).toBe("Weekly review (edited)")
    const next = outcome.tasks.find((t) => t.id === outcome.result.nextOccurrenceId)!
    expect(next.order).toBe(Math.max(...readListOnDisk(home).tasks.map((t) => t.order)))
    expect(readListOnDisk(home).tasks).toEqual(expected.tasks)
  })

  it("reads the whole list when the journal changed a subtask, for an id prefix, and for a base written by hand", async () => {
    const { parent, open } = await buildList()
    await compact()
    await mutateTasks(home, (tasks) => updateTask(tasks, open.id, { title: "Open child (edited)" }, fixedContext(WHEN, "e")))
    const touched = await change(parent.id, "done")
    expect(touched.lean).toBe(false)
    expect(readListOnDisk(home).tasks).toEqual(touched.expected.tasks)

    // Not the id as it is written: the whole list's resolver (ids match case-insensitively) finds it.
    const prefix = await change(open.id.toUpperCase(), "in_progress")
    expect(prefix.lean).toBe(false)
    expect(prefix.outcome.result.id).toBe(open.id)

    await compact()
    // The same list as tsk writes it but for the subtasks, spaced out: valid, read and stamped,
    // but a search for `"parentId":"…"` would miss them.
    const file = join(home, "tasks.json")
    const { version, revision, tasks } = JSON.parse(readFileSync(file, "utf8")) as { version: number; revision: number; tasks: Task[] }
    const written = tasks.map((task) => JSON.stringify(task, null, task.parentId === parent.id ? 1 : undefined))
    writeFileSync(file, `{"version":${version},"revision":${revision},"tasks":[${written.join(",")}]}\n`)
    await (await freshRepository()).readTasks(home)
    const byHand = await change(parent.id, "todo")
    expect(byHand.lean).toBe(false)
    expect(byHand.outcome.tasks.filter((t) => t.parentId === parent.id)).toHaveLength(2)
    expect(readListOnDisk(home).tasks).toEqual(byHand.expected.tasks)
  })

  it("a task the base holds twice, or one that is not there, goes to the whole list (which names the problem)", async () => {
    const { parent } = await buildList()
    await compact()
    const missing = await freshRepository()
    const full = vi.fn((tasks: Task[]) => setStatus(tasks, "no-such-task", "done", fixedContext(WHEN)))
    await expect(missing.changeTask(home, "no-such-task", (near) => setStatus(near, "no-such-task", "done", fixedContext(WHEN)), full)).rejects.toThrow(/no task matches/)
    expect(full).toHaveBeenCalled()
    expect(findTaskInText(readFileSync(join(home, "tasks.json"), "utf8"), parent.id)).toMatchObject({ task: { id: parent.id } })
    const text = readFileSync(join(home, "tasks.json"), "utf8")
    const start = text.indexOf(`{"id":"${parent.id}"`)
    const twice = text.replace('"tasks":[', `"tasks":[${text.slice(start, valueEnd(text, start))},`)
    expect(findTaskInText(twice, parent.id)).toBeNull()
  })
})

describe("the text lookup", () => {
  it("skips braces and escaped quotes inside strings", () => {
    const text = '[{"id":"a","title":"x } { \\" ] [","n":{"m":["}"]}},{"id":"b"}]'
    expect(valueEnd(text, 1)).toBe(text.indexOf(',{"id":"b"'))
    expect(valueEnd(text, 0)).toBe(text.length)
    expect(valueEnd('{"a":"open', 0)).toBe(-1)
  })

  it("finds subtasks only where the field belongs to the task around it", () => {
    const child = { id: "c", title: "child", parentId: "p", notes: [] }
    expect(findChildrenInText(JSON.stringify({ tasks: [{ id: "p", title: "parent" }, child] }), "p")).toEqual([child])
    // A task whose id does not come first: the nearest task start before the field is another's.
    const reordered = JSON.stringify({ tasks: [{ id: "p", title: "parent" }, { title: "child", parentId: "p", id: "c" }] })
    expect(findChildrenInText(reordered, "p")).toBeNull()
    // An id that is there in another form: not "missing".
    expect(findTaskInText(JSON.stringify({ tasks: [{ title: "t", id: "x" }] }), "x")).toBeNull()
    expect(findTaskInText(JSON.stringify({ tasks: [{ id: "y", title: "t" }] }), "x")).toEqual({ missing: true })
  })
})

describe("tsk done by full id", () => {
  it("answers as it does by a prefix (which reads the list), and leaves the same list", () => {
    const copies = [home, makeTempHome("tsk-change-b-")]
    try {
      const run = (h: string, args: string[]) => runTsk(h, args)
      const added = JSON.parse(run(home, ["add", "Parent", "--json"]).stdout) as Task
      run(home, ["add", "Child", "--parent", added.id, "--json"])
      run(home, ["add", "Other", "--json"])
      const second = copies[1] as { home: string; cleanup: () => void }
      for (const name of ["tasks.json", "tasks.journal", ".tasks.json.meta", ".tasks.json.validated"]) {
        try {
          writeFileSync(join(second.home, name), readFileSync(join(home, name)))
        } catch {
          // not every file is there
        }
      }
      const byId = run(home, ["done", added.id, "--json"])
      const byPrefix = run(second.home, ["done", added.id.slice(0, 8), "--json"])
      expect(byId.code, byId.stderr).toBe(0)
      const strip = (text: string) => JSON.parse(text.replace(/"(updatedAt|completedAt)":"[^"]+"/g, '"$1":"-"'))
      expect(strip(byId.stdout)).toEqual(strip(byPrefix.stdout))
      expect(strip(byId.stdout)).toMatchObject({ status: "done", subtaskIds: [expect.any(String)], progress: { done: 0, total: 1 } })
      const text = run(home, ["undone", added.id])
      expect(text.stdout).toContain("Reopened")
      const stripTasks = (h: string) => readListOnDisk(h).tasks.map((t) => ({ ...t, updatedAt: "-", completedAt: t.completedAt && "-" }))
      run(home, ["done", added.id])
      expect(run(home, ["done", added.id]).stdout).toContain("1 open subtask stays open")
      expect(stripTasks(home)).toEqual(stripTasks(second.home))
    } finally {
      ;(copies[1] as { cleanup: () => void }).cleanup()
    }
  })
})
