// A task batch written as one tasks.journal line: each test lays out the files exactly as a runner
// killed (or paused) at one step leaves them, lets other writers act in between where they could,
// then starts a new runner and checks that the batch counts exactly once (or, when it never
// landed, runs once) and is answered once.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { closeSync, existsSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from "node:fs"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { makeTask } from "../helpers/task-fixtures.ts"
import { createdEntry, readOutboxFile, readTaskList, startTestRunner, writeClaimFile } from "./bridge-helpers.ts"
import { defineBridgeCommand } from "../../src/domain/command-definition.ts"
import * as z from "zod"
import { compactTasks, mutateTasks, serializeTasksFile } from "../../src/store/tasks-repository.ts"
import { maxOrderOf, scanJournal, serializeLine } from "../../src/store/tasks-journal.ts"
import { FOLDED_FILE, readFoldedIds, recordFoldedLines } from "../../src/store/folded-lines.ts"
import { settleBatchLine } from "../../src/store/runner-task-commit.ts"
import { backupVersion } from "../../src/store/backups.ts"
import { runDoctor } from "../../src/store/doctor.ts"
import type { Journal, JournalEntry } from "../../src/store/runner-journal.ts"
import type { Task } from "../../src/domain/task.ts"

let home: string
let cleanup: () => void
beforeEach(() => ({ home, cleanup } = makeTempHome("tsk-bridge-line-")))
afterEach(() => cleanup())

const CLAIM = "00000000000001-000001-inbox.json"
const LINE = "bridge-0123456789abcdef01234567"

const existing = makeTask({ id: "existing-id", title: "Already there", order: 1 })
const onceTask = makeTask({ id: "journaled-id", title: "Once", order: 2 })

const claimFile = (commands: unknown[]) => writeClaimFile(home, CLAIM, commands)
/** A base as tsk writes it, with its copy in backups/ (without one it is an outside file, merged first). */
const writeBase = (tasks: Task[], revision: number) => {
  const text = serializeTasksFile({ revision, tasks })
  writeFileSync(join(home, "tasks.json"), text)
  backupVersion(join(home, "tasks.json"), join(home, "backups"), text, revision)
}
/** The batch's line, as the runner appends it: on base `base`, the revision after `after`. */
const journalLine = (put: Task[], base: number, after: number, id = LINE) =>
  serializeLine({ base, revision: after + 1, put, delete: [], maxOrder: maxOrderOf([existing, ...put]), id })
const writeAgentJournal = (journal: Journal) => writeFileSync(join(home, "agent-journal.json"), JSON.stringify(journal))
const pendingLine = (line = LINE): Journal => ({ version: 1, claims: [CLAIM], committed: [], pending: { line, entries: [createdEntry(onceTask, 0, "k1")] }, running: null })

async function restart(): Promise<void> {
  const runner = startTestRunner(home)
  await runner.processNow()
  await runner.stop()
}

const titled = (title: string) => readTaskList(home).filter((t) => t.title === title)
/** The unit on disk as the runner left it: the claimed `create` of "Once", its line's id pending. */
function claimOnce(): void {
  claimFile([{ id: "k1", command: "create", payload: { title: "Once" } }])
  writeAgentJournal(pendingLine())
}
/** The batch ran again, once: one "Once" (not the journaled one), answered once, with it. */
function expectRanAgainOnce(): void {
  const once = titled("Once")
  expect(once).toHaveLength(1)
  expect(once[0]!.id).not.toBe("journaled-id")
  const answers = readOutboxFile(home)
  expect(answers.map((a) => a.commandId)).toEqual(["k1"])
  expect((answers[0]!.data as Task).id).toBe(once[0]!.id)
}

describe("a bridge batch as one journal line", () => {
  it("is one tasks.journal line, with tasks.json left as it was", async () => {
    writeBase([existing], 1)
    const before = readFileSync(join(home, "tasks.json"), "utf8")
    claimFile([{ id: "k1", command: "create", payload: { title: "Once" } }])
    await restart()
    expect(readFileSync(join(home, "tasks.json"), "utf8")).toBe(before)
    const lines = readFileSync(join(home, "tasks.journal"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as { id: string; put: Task[] })
    expect(lines).toHaveLength(1)
    expect(lines[0]!.id.startsWith("bridge-")).toBe(true)
    expect(lines[0]!.put.map((t) => t.title)).toEqual(["Once"])
    expect(titled("Once")).toHaveLength(1)
    expect(readOutboxFile(home).map((a) => a.commandId)).toEqual(["k1"])
    // Answered and done: folding the line in needs no record (no runner will ask about it).
    expect(await compactTasks(home)).toBe(true)
    expect(existsSync(join(home, FOLDED_FILE))).toBe(false)
    expect(titled("Once")).toHaveLength(1)
  })
})

describe("a runner killed during a batch written as one journal line", () => {
  it("runs the batch again when it was killed after recording the line's id and before appending it", async () => {
    writeBase([existing], 1)
    claimOnce()
    await restart()
    expectRanAgainOnce()
  })

  it("does not run the batch again when it was killed after appending the line, and answers with the journaled result", async () => {
    writeBase([existing], 1)
    writeFileSync(join(home, "tasks.journal"), journalLine([onceTask], 1, 1))
    claimOnce()
    await restart()
    expect(titled("Once").map((t) => t.id)).toEqual(["journaled-id"])
    expect(readOutboxFile(home)).toEqual([createdEntry(onceTask, 0, "k1").response])
  })

  it("does not run the batch again when another writer folded the line into tasks.json before the restart", async () => {
    writeBase([existing], 1)
    writeFileSync(join(home, "tasks.journal"), journalLine([onceTask], 1, 1))
    claimOnce()
    // The line is gone from the journal: only the compaction's record can tell it landed.
    expect(await compactTasks(home)).toBe(true)
    expect(existsSync(join(home, "tasks.journal"))).toBe(false)
    expect(readFoldedIds(home).has(LINE)).toBe(true)
    await restart()
    expect(titled("Once").map((t) => t.id)).toEqual(["journaled-id"])
    expect(readOutboxFile(home)).toEqual([createdEntry(onceTask, 0, "k1").response])
  })

  it("still knows the line landed after several compactions and other changes, and forgets it once the unit is done", async () => {
    writeBase([existing], 1)
    writeFileSync(join(home, "tasks.journal"), journalLine([onceTask], 1, 1))
    claimOnce()
    for (let i = 0; i < 3; i++) {
      await mutateTasks(home, (tasks) => ({ tasks: [...tasks, makeTask({ id: `cli-${i}`, title: `CLI ${i}`, order: 10 + i })], result: null }))
      expect(await compactTasks(home)).toBe(true)
    }
    await restart()
    expect(titled("Once").map((t) => t.id)).toEqual(["journaled-id"])
    expect(readOutboxFile(home).map((a) => a.commandId)).toEqual(["k1"])
    // The runner no longer has the line pending: the next compaction drops it from the record.
    await mutateTasks(home, (tasks) => ({ tasks: [...tasks, makeTask({ id: "cli-last", title: "CLI last", order: 20 })], result: null }))
    await compactTasks(home)
    expect(existsSync(join(home, FOLDED_FILE))).toBe(false)
  })

  it("keeps the line's record when the runner dies again before finishing the unit", async () => {
    writeBase([existing], 1)
    writeFileSync(join(home, "tasks.journal"), journalLine([onceTask], 1, 1))
    writeAgentJournal(pendingLine())
    // A compaction of another line (from a CLI writer) while the runner is down keeps the id.
    expect(await compactTasks(home)).toBe(true)
    await mutateTasks(home, (tasks) => ({ tasks: [...tasks, makeTask({ id: "cli", title: "CLI", order: 10 })], result: null }))
    expect(await compactTasks(home)).toBe(true)
    expect(readFoldedIds(home).has(LINE)).toBe(true)
  })

  it("does not run the batch again when tsk doctor --repair folded the line into a restored tasks.json", async () => {
    // A base written by tsk (so backups/ holds it), the batch's line on it, then tasks.json damaged.
    await mutateTasks(home, () => ({ tasks: [existing], result: null }))
    writeFileSync(join(home, "tasks.journal"), journalLine([onceTask], 1, 1))
    claimOnce()
    writeFileSync(join(home, "tasks.json"), "{ damaged")
    expect((await runDoctor(home, true)).healthy).toBe(true)
    expect(existsSync(join(home, "tasks.journal"))).toBe(false)
    await restart()
    expect(titled("Once").map((t) => t.id)).toEqual(["journaled-id"])
    expect(readOutboxFile(home)).toEqual([createdEntry(onceTask, 0, "k1").response])
  })

  it("runs the batch again when tsk doctor --repair was killed after recording the line as folded in and before writing tasks.json", async () => {
    // The doctor set the damaged journal (holding the batch's line) aside, recorded the line as
    // folded into the base it was about to write (revision 4: above every line), and died.
    await mutateTasks(home, () => ({ tasks: [existing], result: null }))
    const text = journalLine([onceTask], 1, 1) + "damaged line\n"
    writeFileSync(join(home, "tasks.journal"), text)
    claimOnce()
    renameSync(join(home, "tasks.journal"), join(home, "tasks.journal.corrupt-2026-01-01T00-00-00-000Z"))
    recordFoldedLines(home, scanJournal(Buffer.from(text)).lines, 4, 1)
    await restart()
    expectRanAgainOnce()
  })

  it("never counts a line whose folding base was not written, even once later bases reach that revision", async () => {
    await mutateTasks(home, () => ({ tasks: [existing], result: null }))
    const text = journalLine([onceTask], 1, 1) + "damaged line\n"
    writeFileSync(join(home, "tasks.journal.corrupt-2026-01-01T00-00-00-000Z"), text)
    claimOnce()
    recordFoldedLines(home, scanJournal(Buffer.from(text)).lines, 4, 1)
    // Other writers go on while the runner is down: the list passes revision 4.
    for (let i = 0; i < 4; i++) {
      await mutateTasks(home, (tasks) => ({ tasks: [...tasks, makeTask({ id: `cli-${i}`, title: `CLI ${i}`, order: 10 + i })], result: null }))
      await compactTasks(home)
    }
    await restart()
    const once = titled("Once")
    expect(once).toHaveLength(1)
    expect(once[0]!.id).not.toBe("journaled-id")
    expect(readOutboxFile(home).map((a) => a.commandId)).toEqual(["k1"])
  })

  it("neither answers nor runs the batch again when tasks.folded.json cannot be read, and a compaction keeps that record", async () => {
    writeBase([existing], 1)
    writeFileSync(join(home, "tasks.journal"), journalLine([onceTask], 1, 1))
    claimOnce()
    expect(await compactTasks(home)).toBe(true)
    const damaged = readFileSync(join(home, FOLDED_FILE), "utf8").slice(0, 20)
    writeFileSync(join(home, FOLDED_FILE), damaged)
    // Another change and compaction: the record it cannot parse stays as it is.
    await mutateTasks(home, (tasks) => ({ tasks: [...tasks, makeTask({ id: "cli", title: "CLI", order: 10 })], result: null }))
    expect(await compactTasks(home)).toBe(true)
    expect(readFileSync(join(home, FOLDED_FILE), "utf8")).toBe(damaged)
    const errors: string[] = []
    const runner = startTestRunner(home, { onError: (message) => errors.push(message) })
    await runner.processNow()
    await runner.stop()
    expect(titled("Once").map((t) => t.id)).toEqual(["journaled-id"])
    expect(existsSync(join(home, "agent-outbox.json")) ? readOutboxFile(home) : []).toEqual([])
    expect(existsSync(join(home, "agent-inbox.claimed", CLAIM))).toBe(true)
    expect(errors.join("\n")).toMatch(/tasks\.folded\.json cannot be read/)
    // tsk doctor names it, and leaves it for a person to look at.
    expect((await runDoctor(home, true)).warnings.join("\n")).toMatch(/tasks\.folded\.json cannot be read/)
    expect(readFileSync(join(home, FOLDED_FILE), "utf8")).toBe(damaged)
  })

  it("fences the line off when it decides the batch did not land: a paused runner's late append is lost, not applied", async () => {
    const other = makeTask({ id: "other-id", title: "CLI meanwhile", order: 3 })
    writeBase([existing], 1)
    // Another writer's line is in the journal; the paused runner holds the journal open, checked.
    writeFileSync(join(home, "tasks.journal"), serializeLine({ base: 1, revision: 2, put: [other], delete: [], maxOrder: 3, id: "cli-line" }))
    const paused = openSync(join(home, "tasks.journal"), "a")
    claimOnce()
    // The new runner's recovery decides first; the paused runner then resumes and writes its line
    // where it meant to, right after the CLI's, before anything else is written.
    expect(await settleBatchLine(home, LINE)).toBe(false)
    writeSync(paused, journalLine([onceTask], 1, 2))
    closeSync(paused)
    expect(titled("Once")).toEqual([])
    await restart()
    expect(titled("Once")).toHaveLength(1)
    expect(titled("Once")[0]!.id).not.toBe("journaled-id")
    expect(titled("CLI meanwhile")).toHaveLength(1)
    expect(readOutboxFile(home).map((a) => a.commandId)).toEqual(["k1"])
  })
})

describe("a runner paused past the takeover of its role", () => {
  afterEach(() => vi.useRealTimers())

  it("answers nothing of the unit it was working on: the runner that took over settles it", async () => {
    writeBase([existing], 1)
    claimFile([
      { id: "k1", command: "create", payload: { title: "Once" } },
      { id: "p1", command: "pause" },
    ])
    vi.useFakeTimers({ toFake: ["Date"] })
    // Stands for a long SIGSTOP: the clock jumps past the role's stale time, and meanwhile another
    // runner took the role over (runner.json names another holder).
    const pause = defineBridgeCommand({
      command: "pause",
      payload: z.object({}),
      run: async () => {
        const runnerFile = join(home, "runner.json")
        const current = JSON.parse(readFileSync(runnerFile, "utf8")) as Record<string, unknown>
        writeFileSync(runnerFile, JSON.stringify({ ...current, token: "another-runner" }))
        vi.setSystemTime(Date.now() + 60_000)
        return { paused: true }
      },
      describe: () => "paused",
    })
    const runner = startTestRunner(home, { commands: [pause] })
    await runner.processNow()
    expect(await runner.stopped).toBe("taken-over")
    expect(readOutboxFile(home)).toEqual([])
    expect(existsSync(join(home, "agent-inbox.claimed", CLAIM))).toBe(true)
  })

  it("does not write over the journal of the runner that took over when its non-task command returns", async () => {
    const Y = "bridge-yyyyyyyyyyyyyyyyyyyyyyyy"
    const mine = makeTask({ id: "r2-created-id", title: "Once", order: 2 })
    writeBase([existing], 1)
    claimFile([
      { id: "p1", command: "pause" },
      { id: "k1", command: "create", payload: { title: "Once" } },
    ])
    vi.useFakeTimers({ toFake: ["Date"] })
    let theirs = ""
    const pause = defineBridgeCommand({
      command: "pause",
      payload: z.object({}),
      run: async () => {
        // Paused here past the role's stale time. Meanwhile another runner took the role, answered
        // p1 as interrupted, appended k1's batch as line Y and has Y pending in its journal.
        const runnerFile = join(home, "runner.json")
        const current = JSON.parse(readFileSync(runnerFile, "utf8")) as Record<string, unknown>
        writeFileSync(runnerFile, JSON.stringify({ ...current, token: "another-runner" }))
        writeFileSync(join(home, "tasks.journal"), journalLine([mine], 1, 1, Y))
        const p1: JournalEntry = { index: 0, id: "p1", command: "pause", summary: "interrupted", response: { commandId: "p1", status: "error", error: "interrupted", timestamp: "2026-01-01T00:00:00.000Z" } }
        writeAgentJournal({ version: 1, claims: [CLAIM], committed: [p1], pending: { line: Y, entries: [createdEntry(mine, 1, "k1")] }, running: null })
        theirs = readFileSync(join(home, "agent-journal.json"), "utf8")
        vi.setSystemTime(Date.now() + 60_000)
        return { paused: true }
      },
      describe: () => "paused",
    })
    const paused = startTestRunner(home, { commands: [pause] })
    await paused.processNow()
    expect(await paused.stopped).toBe("taken-over")
    expect(readFileSync(join(home, "agent-journal.json"), "utf8")).toBe(theirs)
    // The runner that took over is killed now; the next one settles Y as applied.
    vi.setSystemTime(Date.now() + 60_000)
    const next = startTestRunner(home, { commands: [pause] })
    await next.processNow()
    await next.stop()
    expect(titled("Once").map((t) => t.id)).toEqual(["r2-created-id"])
    expect(readOutboxFile(home).map((a) => a.commandId)).toEqual(["p1", "k1"])
  })
})
