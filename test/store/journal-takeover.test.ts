// What a writer paused past its lock's takeover may still do once it runs again, after the review
// of the journal: it never removes a journal it did not read, never cuts off or shadows another
// holder's acknowledged line, and a long-lived store never keeps a list because its revision
// number happens to repeat.
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { appendFileSync, existsSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { homePaths } from "../../src/store/paths.ts"
import { runTskJson } from "../helpers/run-tsk.ts"
import { readListOnDisk } from "../helpers/on-disk-list.ts"
import { afterTasksWrite, compactTasks, mutateTasks, readTasks, serializeTasksFile } from "../../src/store/tasks-repository.ts"
import { appendLine, scanJournal, UNSETTLED_APPEND } from "../../src/store/tasks-journal.ts"
import { LockLostError, type HeldLock } from "../../src/store/lock-context.ts"
import { createAppStore } from "../../src/store/app-store.ts"
import { runDoctor } from "../../src/store/doctor.ts"
import { createTask } from "../../src/domain/task-operations.ts"
import { fixedContext } from "../helpers/task-fixtures.ts"
import type { Task } from "../../src/domain/task.ts"
import { TskError } from "../../src/domain/errors.ts"

let home: string
let cleanup: () => void
beforeEach(() => ({ home, cleanup } = makeTempHome("tsk-takeover-")))
afterEach(() => cleanup())

const journal = () => join(home, "tasks.journal")
const lock = (held: boolean): HeldLock => ({ path: join(home, "tasks.json.lock"), token: "t", stillHeld: () => held })

async function addTitles(titles: string[]): Promise<void> {
  const ctx = fixedContext()
  for (const title of titles) await mutateTasks(home, (tasks) => createTask(tasks, { title }, ctx))
}

describe("removing the journal a compaction folded in", () => {
  it("removes the journal it read", async () => {
    await addTitles(["one", "two"])
    const read = statSync(journal())
    const snapshot = await readTasks(home)
    const text = serializeTasksFile({ revision: snapshot.revision + 1, tasks: snapshot.tasks })
    writeFileSync(join(home, "tasks.json"), text)
    afterTasksWrite(homePaths(home), text, { revision: snapshot.revision + 1, tasks: snapshot.tasks }, { lock: lock(true), journal: { ino: read.ino, size: read.size } })
    expect(existsSync(journal())).toBe(false)
  })

  it("leaves alone a journal another holder wrote since (another file, or a longer one), and one read by a writer that lost its lock", async () => {
    await addTitles(["one", "two"])
    const read = statSync(journal())
    const snapshot = await readTasks(home)
    const text = serializeTasksFile({ revision: snapshot.revision + 1, tasks: snapshot.tasks })
    const before = readFileSync(journal())
    afterTasksWrite(homePaths(home), text, snapshot, { lock: lock(true), journal: { ino: read.ino + 1, size: read.size } })
    expect(readFileSync(journal())).toEqual(before)
    afterTasksWrite(homePaths(home), text, snapshot, { lock: lock(true), journal: { ino: read.ino, size: read.size - 1 } })
    expect(readFileSync(journal())).toEqual(before)
    afterTasksWrite(homePaths(home), text, snapshot, { lock: lock(false), journal: { ino: read.ino, size: read.size } })
    expect(readFileSync(journal())).toEqual(before)
    afterTasksWrite(homePaths(home), text, snapshot, { lock: lock(true), journal: null })
    expect(readFileSync(journal())).toEqual(before)
  })
  it("names a journal a compaction was removing when it stopped (doctor), and leaves it", async () => {
    await addTitles(["one", "two"])
    writeFileSync(join(home, "tasks.journal.folded-0a1b2c"), readFileSync(journal()))
    const report = await runDoctor(home, false)
    expect(report.warnings.some((w) => w.startsWith("tasks.journal.folded-0a1b2c "))).toBe(true)
    expect(existsSync(join(home, "tasks.journal.folded-0a1b2c"))).toBe(true)
  })
})

describe("a journal append by a writer whose lock was taken over", () => {
  it("fails, writing nothing that counts, when another holder's line got in first (the guard ran before it)", async () => {
    await addTitles(["one", "two"])
    const bytes = readFileSync(journal())
    const scan = scanJournal(bytes)
    const size = statSync(journal()).size
    const theirs = JSON.stringify({ ...scan.lines.at(-1)!, revision: scan.lines.at(-1)!.revision + 1, put: [], id: "theirs" }) + "\n"
    const mine = JSON.stringify({ ...scan.lines.at(-1)!, revision: scan.lines.at(-1)!.revision + 1, put: [], id: "mine" }) + "\n"
    const target = { expected: { ino: statSync(journal()).ino, size, end: scan.end } }
    // The guard is the last look before the write: the other holder appends right after it.
    expect(() => appendLine(journal(), target, mine, () => appendFileSync(journal(), theirs))).toThrow(LockLostError)
    const lines = scanJournal(readFileSync(journal())).lines
    expect(lines.at(-2)!.id).toBe("theirs")
  })

  it("neither acknowledges nor redoes a line written into a journal the new holder folded in and removed", async () => {
    await addTitles(["one", "two"])
    const bytes = readFileSync(journal())
    const scan = scanJournal(bytes)
    const mine = JSON.stringify({ ...scan.lines.at(-1)!, revision: scan.lines.at(-1)!.revision + 1, put: [], id: "mine" }) + "\n"
    const target = { expected: { ino: statSync(journal()).ino, size: bytes.length, end: scan.end } }
    // Paused right after its guard: the new holder compacts, removing the journal this writer opened.
    const folded = join(home, "tasks.journal.folded-test")
    const takeOver = () => {
      renameSync(journal(), folded)
      unlinkSync(folded)
    }
    let thrown: unknown
    try {
      appendLine(journal(), target, mine, takeOver)
    } catch (error) {
      thrown = error
    }
    // Not LockLostError (which redoes the change): the outcome is told as unknown.
    expect(thrown).toBeInstanceOf(TskError)
    expect(thrown).not.toBeInstanceOf(LockLostError)
    expect((thrown as TskError).message).toBe(UNSETTLED_APPEND)
    expect(existsSync(journal())).toBe(false)
  })

  it("does not cut off another holder's line when it finds a torn tail", async () => {
    await addTitles(["one", "two"])
    appendFileSync(journal(), '{"base":1,"revis')
    const bytes = readFileSync(journal())
    const scan = scanJournal(bytes)
    const last = scan.lines.at(-1)!
    const theirs = JSON.stringify({ ...last, revision: last.revision + 1, put: [], id: "theirs" }) + "\n"
    const mine = JSON.stringify({ ...last, revision: last.revision + 1, put: [], id: "mine" }) + "\n"
    const target = { expected: { ino: statSync(journal()).ino, size: bytes.length, end: scan.end } }
    // The other holder cut the torn tail and appended its line while this writer was paused.
    const takeOver = () => {
      writeFileSync(journal(), Buffer.concat([bytes.subarray(0, scan.end), Buffer.from(theirs)]))
    }
    expect(() => appendLine(journal(), target, mine, takeOver)).toThrow(LockLostError)
    expect(readFileSync(journal(), "utf8")).toContain('"id":"theirs"')
  })
})

describe("a long-lived store after tasks.json was written from outside", () => {
  it("shows the list on disk even when its revision equals the one it shows", async () => {
    const store = createAppStore({ home })
    for (const title of ["t1", "t2", "t3", "t4", "t5"]) await store.getState().addTask({ title })
    await store.getState().reload()
    const shown = store.getState().revision
    // The journal folded in (a journal beside an outside write is merged, one revision above it
    // all), then a tool that read tasks.json writes it back with a revision below the one shown.
    await compactTasks(home)
    const base = JSON.parse(readFileSync(join(home, "tasks.json"), "utf8")) as { revision: number; tasks: Task[] }
    writeFileSync(join(home, "tasks.json"), serializeTasksFile({ revision: shown - 2, tasks: [...base.tasks, { ...base.tasks[0]!, id: "00000000-0000-4000-8000-000000000001", title: "outside" }] }))
    // Other processes add until the revision is the one the store shows again.
    let revision = readListOnDisk(home).revision
    let i = 0
    while (revision < shown) revision = (runTskJson<Task>(home, ["add", `u${++i}`]), readListOnDisk(home).revision)
    expect(revision).toBe(shown)
    await store.getState().refresh()
    expect(store.getState().tasks.map((t) => t.title)).toEqual(readListOnDisk(home).tasks.map((t) => t.title))
  })
})
