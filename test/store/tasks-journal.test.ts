// tasks.journal beside tasks.json: torn and bad lines, crashes between the steps of a compaction,
// concurrent writers across compactions, repair, and tasks.json written from outside.
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { spawn } from "node:child_process"
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { BUN, PROJECT_ROOT, runTsk, runTskJson } from "../helpers/run-tsk.ts"
import { readListOnDisk } from "../helpers/on-disk-list.ts"
import { mutateTasks, readTasks, serializeTasksFile } from "../../src/store/tasks-repository.ts"
import { createTask, deleteTask, setStatus } from "../../src/domain/task-operations.ts"
import { fixedContext } from "../helpers/task-fixtures.ts"
import { runDoctor } from "../../src/store/doctor.ts"
import { TskError } from "../../src/domain/errors.ts"
import type { Task } from "../../src/domain/task.ts"

let home: string
let cleanup: () => void
beforeEach(() => ({ home, cleanup } = makeTempHome("tsk-journal-")))
afterEach(() => cleanup())

const journal = () => join(home, "tasks.journal")
const base = () => join(home, "tasks.json")
const journalLines = () => readFileSync(journal(), "utf8").split("\n").filter((l) => l !== "")

// One context for the whole test: its ids follow on from each other.
let ctx = fixedContext()
beforeEach(() => {
  ctx = fixedContext()
})

async function addTitles(titles: string[]): Promise<Task[]> {
  const added: Task[] = []
  for (const title of titles) added.push((await mutateTasks(home, (tasks) => createTask(tasks, { title }, ctx))).result)
  return added
}

function spawnWorker(worker: number, count: number): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(BUN, [join(PROJECT_ROOT, "test/helpers/add-worker.ts"), home, String(worker), String(count)], { stdio: "inherit" })
    child.on("close", (code) => resolve(code ?? -1))
  })
}

describe("the journal beside tasks.json", () => {
  it("records a change as one line against the base; the first write creates the base", async () => {
    await addTitles(["one", "two", "three"])
    expect(JSON.parse(readFileSync(base(), "utf8")).revision).toBe(1)
    const lines = journalLines().map((l) => JSON.parse(l) as { base: number; revision: number; put: Task[] })
    expect(lines.map((l) => [l.base, l.revision, l.put.map((t) => t.title)])).toEqual([
      [1, 2, ["two"]],
      [1, 3, ["three"]],
    ])
    expect(statSync(journal()).mode & 0o777).toBe(0o600)
    const list = await readTasks(home)
    expect(list.revision).toBe(3)
    expect(list.tasks.map((t) => [t.title, t.order])).toEqual([["one", 1], ["two", 2], ["three", 3]])
  })

  it("fails a read, as a change, where something other than a file is in the journal's place", async () => {
    await addTitles(["one"])
    mkdirSync(journal())
    // A process that read the list before keeps nothing of it: a fresh process, as the CLI is.
    const listed = runTsk(home, ["list", "--json"])
    expect(listed.code, listed.stdout).toBe(1)
    expect(listed.stdout).toMatch(/tasks\.journal is a folder, not a regular file/)
    expect(runTsk(home, ["add", "two"]).code).toBe(1)
  })

  it("ignores a torn last line, and the next writer cuts it off before appending", async () => {
    await addTitles(["one", "two"])
    const whole = readFileSync(journal(), "utf8")
    appendFileSync(journal(), '{"base":1,"revision":3,"put":[{"id":"torn","tit')
    expect((await readTasks(home)).tasks.map((t) => t.title)).toEqual(["one", "two"])
    expect(runTskJson<Task[]>(home, ["list"]).map((t) => t.title)).toEqual(["one", "two"])
    await addTitles(["three"])
    const after = readFileSync(journal(), "utf8")
    expect(after.startsWith(whole)).toBe(true)
    expect(after).not.toContain("torn")
    expect(after.endsWith("\n")).toBe(true)
    expect(readListOnDisk(home).tasks.map((t) => t.title)).toEqual(["one", "two", "three"])
    expect(readListOnDisk(home).revision).toBe(3)
  })

  it("refuses to write over a journal with a bad line that is not the last; doctor --repair keeps the lines before it and sets the journal aside", async () => {
    await addTitles(["one", "two"])
    appendFileSync(journal(), "not a change\n")
    const later = JSON.stringify({ base: 1, revision: 3, put: [], delete: [], maxOrder: 2, id: "x" })
    appendFileSync(journal(), later + "\n")
    const before = readFileSync(journal(), "utf8")
    const error = await readTasks(home).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TskError)
    expect((error as TskError).kind).toBe("corrupt")
    expect(runTsk(home, ["add", "three"]).code).not.toBe(0)
    expect(readFileSync(journal(), "utf8")).toBe(before)
    const report = await runDoctor(home, true)
    expect(report.healthy).toBe(true)
    expect(existsSync(journal())).toBe(false)
    expect(readdirSync(home).some((n) => n.startsWith("tasks.journal.corrupt-"))).toBe(true)
    const list = await readTasks(home)
    expect(list.tasks.map((t) => t.title)).toEqual(["one", "two"])
    expect(list.revision).toBeGreaterThan(3)
  })

  it("a writer paused inside the lock appends nothing once its lock was taken over, and runs its change again", async () => {
    const original = runTskJson<Task>(home, ["add", "original"])
    runTskJson(home, ["add", "second"])
    expect(journalLines()).toHaveLength(1)
    const editor = spawn(BUN, [join(PROJECT_ROOT, "test/helpers/lock-holder-worker.ts"), home, "300", "edit", original.id, "edited"])
    let out = ""
    editor.stdout!.on("data", (d) => (out += d))
    const exited = new Promise((resolve) => editor.on("exit", resolve))
    try {
      const deadline = Date.now() + 20_000
      while (!out.includes("inside") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5))
      editor.kill("SIGSTOP")
      // Waits the lock's stale time out, takes it over and appends.
      runTskJson(home, ["add", "confirmed meanwhile"])
      editor.kill("SIGCONT")
      await exited
    } finally {
      editor.kill("SIGKILL")
    }
    const onDisk = readListOnDisk(home)
    expect(onDisk.tasks.map((t) => t.title)).toEqual(["edited", "second", "confirmed meanwhile"])
    // Every line follows on from the one before: none was appended by the writer that lost its lock.
    expect(journalLines()).toHaveLength(onDisk.applied)
    expect(onDisk.revision).toBe(4)
  })

  it("loses nothing and applies nothing twice when a compaction stops between writing the base and removing the journal", async () => {
    const [one, two] = await addTitles(["one", "two", "three"])
    await mutateTasks(home, (tasks) => setStatus(tasks, one!.id, "done", ctx))
    await mutateTasks(home, (tasks) => deleteTask(tasks, two!.id))
    const current = await readTasks(home)
    expect(current.revision).toBe(5)
    // The crash: the new base is renamed in (its revision above every line's), the journal stays.
    writeFileSync(base(), serializeTasksFile({ revision: 6, tasks: current.tasks }))
    const after = await readTasks(home)
    expect(after.revision).toBe(6)
    expect(after.tasks).toEqual(current.tasks)
    expect(readListOnDisk(home).tasks).toEqual(current.tasks)
    // The next writer removes the journal the base already holds: nothing set aside, nothing lost.
    await addTitles(["four"])
    expect(readdirSync(home).filter((n) => n.startsWith("tasks.journal."))).toEqual([])
    expect(journalLines()).toHaveLength(1)
    expect((await readTasks(home)).tasks.map((t) => t.title)).toEqual(["one", "three", "four"])
    expect(readListOnDisk(home).revision).toBe(7)
  })

  it("loses nothing with several processes appending at once across compactions", async () => {
    const workers = 6
    const perWorker = 40
    const codes = await Promise.all(Array.from({ length: workers }, (_, w) => spawnWorker(w, perWorker)))
    expect(codes.every((c) => c === 0)).toBe(true)
    const onDisk = readListOnDisk(home)
    expect(onDisk.tasks).toHaveLength(workers * perWorker)
    expect(new Set(onDisk.tasks.map((t) => t.title)).size).toBe(workers * perWorker)
    expect(onDisk.revision).toBe(workers * perWorker)
    expect(new Set(onDisk.tasks.map((t) => t.order)).size).toBe(workers * perWorker)
    // At least one compaction happened (the journal passed its threshold), and every line chains.
    expect(onDisk.baseRevision).toBeGreaterThan(1)
    expect(existsSync(journal()) ? journalLines().length : 0).toBe(onDisk.applied)
    expect((await readTasks(home)).tasks).toEqual(onDisk.tasks)
  })

  it("doctor validates the tasks in journal lines; --repair keeps the lines before an invalid one and sets the journal aside", async () => {
    const [one] = await addTitles(["one", "two"])
    appendFileSync(journal(), JSON.stringify({ base: 1, revision: 3, put: [{ ...one, status: "bogus" }], delete: [], maxOrder: 2, id: "bad" }) + "\n")
    appendFileSync(journal(), JSON.stringify({ base: 1, revision: 4, put: [], delete: [], maxOrder: 2, id: "after" }) + "\n")
    const report = await runDoctor(home, false)
    expect(report.healthy).toBe(false)
    expect(report.files.find((f) => f.file === "tasks.journal")).toMatchObject({ status: "corrupt", error: expect.stringMatching(/revision 3, task .*status/) })
    expect((await runDoctor(home, true)).healthy).toBe(true)
    expect(readdirSync(home).some((n) => n.startsWith("tasks.journal.corrupt-"))).toBe(true)
    const list = await readTasks(home)
    expect(list.tasks.map((t) => [t.title, t.status])).toEqual([["one", "todo"], ["two", "todo"]])
    expect(list.revision).toBe(5)
  })

  it("doctor --repair of a corrupt tasks.json salvages the newest backup plus the journal lines on it", async () => {
    await addTitles(["one", "two", "three"])
    const before = await readTasks(home)
    writeFileSync(base(), "garbage")
    expect((await runDoctor(home, false)).healthy).toBe(false)
    const report = await runDoctor(home, true)
    expect(report.healthy).toBe(true)
    expect(report.files[0]).toMatchObject({ status: "corrupt", restoredFrom: "every valid task (3)", detail: expect.stringMatching(/1 task from backups.*2 changes replayed/) })
    const after = await readTasks(home)
    expect(after.tasks).toEqual(before.tasks)
    expect(after.revision).toBeGreaterThan(before.revision)
    expect(existsSync(journal())).toBe(false)
  })
})

describe("tasks.json written from outside while a journal is beside it", () => {
  it("keeps the journal's changes on top of an edit that keeps the revision", async () => {
    await addTitles(["one", "two"])
    const file = JSON.parse(readFileSync(base(), "utf8")) as { revision: number; tasks: Task[] }
    file.tasks[0]!.title = "one, edited by hand"
    writeFileSync(base(), JSON.stringify(file))
    expect((await readTasks(home)).tasks.map((t) => t.title)).toEqual(["one, edited by hand", "two"])
  })

  it("merges the journal with a tasks.json that comes back with another revision (finding 2: nothing is set aside or lost)", async () => {
    await addTitles(["one", "two"])
    const file = JSON.parse(readFileSync(base(), "utf8")) as { revision: number; tasks: Task[] }
    // A script that read tasks.json alone (without "two", still in the journal) and wrote it back with the revision bumped.
    writeFileSync(base(), JSON.stringify({ ...file, revision: file.revision + 1, tasks: [{ ...file.tasks[0]!, title: "script" }] }))
    expect((await readTasks(home)).tasks.map((t) => t.title)).toEqual(["script", "two"])
    await addTitles(["three"])
    expect(readdirSync(home).filter((n) => n.startsWith("tasks.journal."))).toEqual([])
    expect((await readTasks(home)).tasks.map((t) => t.title)).toEqual(["script", "two", "three"])
    expect((await runDoctor(home, false)).warnings).toEqual([])
  })

  it("drops the journal quietly when the outside write holds the whole current list (an import of an export)", async () => {
    await addTitles(["one", "two"])
    const exported = await readTasks(home)
    writeFileSync(base(), serializeTasksFile({ revision: exported.revision + 1, tasks: exported.tasks }))
    await addTitles(["three"])
    expect(readdirSync(home).filter((n) => n.startsWith("tasks.journal."))).toEqual([])
    expect((await readTasks(home)).tasks.map((t) => t.title)).toEqual(["one", "two", "three"])
  })

  it("gives a task added without reading the list an order above one set by hand (the cached highest order is not trusted for another file)", () => {
    runTskJson(home, ["add", "one"])
    runTskJson(home, ["add", "two"])
    const file = JSON.parse(readFileSync(base(), "utf8")) as { revision: number; tasks: Task[] }
    file.tasks[0]!.order = 1000
    writeFileSync(base(), JSON.stringify(file))
    const added = runTskJson<Task>(home, ["add", "three"])
    expect(added.order).toBe(1001)
    const next = runTskJson<Task>(home, ["add", "four"])
    expect(next.order).toBe(1002)
  })
})
