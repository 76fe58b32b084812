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
  // The whole list comes without orderAbove; the neighbourhood with it.
  const change = vi.fn((tasks: Task[], orderAbove?: number) => setStatus(tasks, id, status, fixedContext(WHEN, "n"), orderAbove))
  const outcome = await repository.changeTask(home, id, change)
  return { outcome, expected, lean: change.mock.calls.every(([, orderAbove]) => orderAbove !== undefined) }
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
    // Done again after undone: no second occurrence, and the answer still names the first.
    await change(recurring.id, "todo")
    const again = await change(recurring.id, "done")
    expect(again.lean).toBe(true)
    expect(again.outcome.tasks.find((t) => t.id === next.id)).toEqual(next)
    expect(readListOnDisk(home).tasks).toEqual(again.expected.tasks)
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
    const changeMissing = vi.fn((tasks: Task[], orderAbove?: number) => setStatus(tasks, "no-such-task", "done", fixedContext(WHEN), orderAbove))
    await expect(missing.changeTask(home, "no-such-task", changeMissing)).rejects.toThrow(/no task matches/)
    expect(changeMissing.mock.calls.map(([, orderAbove]) => orderAbove)).toEqual([undefined])
    expect(findTaskInText(readFileSync(join(home, "tasks.json"), "utf8"), parent.id)).toMatchObject({ task: { id: parent.id } })
    const text = readFileSync(join(home, "tasks.json"), "utf8")
    const start = text.indexOf(`{"id":"${parent.id}"`)
    const twice = text.replace('"tasks":[', `"tasks":[${text.slice(start, valueEnd(text, start))},`)
    expect(findTaskInText(twice, parent.id)).toBeNull()
    // Held twice, and a journal line puts it: the whole list resolves the first copy, so it reads.
    writeFileSync(join(home, "tasks.json"), twice)
    await (await freshRepository()).readTasks(home)
    // Rewritten whole by tsk (a compaction after a change): tsk's own serialization again.
    await mutateTasks(home, (tasks) => createTask(tasks, { title: "another" }, fixedContext(WHEN, "x")))
    await compact()
    expect(JSON.parse(readFileSync(join(home, ".tasks.json.meta"), "utf8")).exact).toBe(true)
    await mutateTasks(home, (tasks) => updateTask(tasks, parent.id, { title: "Parent (edited)" }, fixedContext(WHEN, "e")))
    const duplicated = await change(parent.id, "done")
    expect(duplicated.lean).toBe(false)
    expect(readListOnDisk(home).tasks).toEqual(duplicated.expected.tasks)
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
    // parentId as the object's last key: still its field.
    const last = { id: "c", title: "child", parentId: "p" }
    expect(findChildrenInText(JSON.stringify({ tasks: [{ id: "p", title: "parent" }, last] }), "p")).toEqual([last])
    // A task that names itself as its parent: the whole list decides.
    expect(findChildrenInText(JSON.stringify({ tasks: [{ id: "p", title: "parent", parentId: "p" }] }), "p")).toBeNull()
    // A task whose id does not come first: the nearest task start before the field is another's.
    const reordered = JSON.stringify({ tasks: [{ id: "p", title: "parent" }, { title: "child", parentId: "p", id: "c" }] })
    expect(findChildrenInText(reordered, "p")).toBeNull()
    // An id that is there in another form: not "missing".
    expect(findTaskInText(JSON.stringify({ tasks: [{ title: "t", id: "x" }] }), "x")).toBeNull()
    expect(findTaskInText(JSON.stringify({ tasks: [{ id: "y", title: "t" }] }), "x")).toEqual({ missing: true })
  })
})

describe("one-task commands by full id", () => {
  it("answer as they do by a prefix (which reads the list), and leave the same list", () => {
    const other = makeTempHome("tsk-change-b-")
    try {
      const parent = JSON.parse(runTsk(home, ["add", "Parent", "--json"]).stdout) as Task
      runTsk(home, ["add", "Child", "--parent", parent.id, "--json"])
      const blocker = JSON.parse(runTsk(home, ["add", "Blocker", "--json"]).stdout) as Task
      const blocked = JSON.parse(runTsk(home, ["add", "Blocked", "--json"]).stdout) as Task
      expect(runTsk(home, ["block", blocked.id, blocker.id]).code).toBe(0)
      for (const name of ["tasks.json", "tasks.journal", ".tasks.json.meta", ".tasks.json.validated"]) {
        try {
          writeFileSync(join(other.home, name), readFileSync(join(home, name)))
        } catch {
          // not every file is there
        }
      }
      // Times and new ids differ from run to run; everything else must not.
      const strip = (text: string) => text.replace(/"(updatedAt|completedAt|createdAt|expiresAt|leaseExpiresAt)": ?"[^"]+"/g, '"$1":"-"').replace(/"id":"[0-9a-f-]{36}","content"/g, '"id":"-","content"').replace(/until \d{4}-[0-9T:.-]+Z/g, "until -")
      const both = (args: (id: (task: Task) => string) => string[]) => {
        const byId = runTsk(home, args((t) => t.id))
        const byPrefix = runTsk(other.home, args((t) => t.id.slice(0, 8)))
        expect(byId.code, byId.stderr).toBe(byPrefix.code)
        expect(strip(byId.stdout)).toBe(strip(byPrefix.stdout))
        expect(byId.stderr).toBe(byPrefix.stderr)
        return byId
      }
      expect(JSON.parse(both((id) => ["done", id(parent), "--json"]).stdout)).toMatchObject({ status: "done", progress: { done: 0, total: 1 } })
      expect(both((id) => ["undone", id(parent)]).stdout).toContain("Reopened")
      expect(both((id) => ["done", id(parent)]).stdout).toContain("1 open subtask stays open")
      expect(JSON.parse(both((id) => ["note", id(parent), "Checked", "--json"]).stdout).notes).toHaveLength(1)
      // A claim of a blocked task is refused the same way; once the blocker is done, it is taken.
      expect(both((id) => ["claim", id(blocked), "--as", "agent-1", "--json"]).code).toBe(1)
      both((id) => ["done", id(blocker)])
      expect(JSON.parse(both((id) => ["claim", id(blocked), "--as", "agent-1", "--json"]).stdout)).toMatchObject({ assignee: "agent-1", status: "in_progress" })
      expect(both((id) => ["claim", id(blocked), "--as", "agent-2", "--json"]).code).toBe(1)
      const list = (h: string) => readListOnDisk(h).tasks.map((t) => JSON.parse(strip(JSON.stringify(t))))
      expect(list(home)).toEqual(list(other.home))
    } finally {
      other.cleanup()
    }
  })
})
