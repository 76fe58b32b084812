// Each test lays out the files exactly as a runner killed at one step leaves them, then starts a
// new runner and checks that nothing is lost, run twice or answered twice.
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import * as z from "zod"
import { makeTempHome } from "../helpers/temp-home.ts"
import { makeTask } from "../helpers/task-fixtures.ts"
import { createdEntry, okAnswer, readOutboxFile, readTaskList, startTestRunner, writeClaimFile } from "./bridge-helpers.ts"
import { defineBridgeCommand } from "../../src/domain/command-definition.ts"
import { serializeTasksFile } from "../../src/store/tasks-repository.ts"
import type { Journal, JournalEntry } from "../../src/store/runner-journal.ts"
import type { Task } from "../../src/domain/task.ts"

let home: string
let cleanup: () => void
beforeEach(() => ({ home, cleanup } = makeTempHome("tsk-bridge-crash-")))
afterEach(() => cleanup())

const CLAIM = "00000000000001-000001-inbox.json"
const TEMP = "tasks.json.bridge-00000000-0000-0000-0000-000000000000.tmp"

/** A non-task command that counts its runs in a file. */
const countCommand = () =>
  defineBridgeCommand({
    command: "count",
    payload: z.object({}),
    run: async () => {
      appendFileSync(join(home, "count.log"), "run\n")
      return { counted: true }
    },
    describe: () => "counted",
  })
/** The same, declared read-only: safe to run again after a crash. */
const peekCommand = () =>
  defineBridgeCommand({
    command: "peek",
    payload: z.object({}),
    readOnly: true,
    run: async () => {
      appendFileSync(join(home, "count.log"), "run\n")
      return { peeked: true }
    },
    describe: () => "peeked",
  })
const runs = () => (existsSync(join(home, "count.log")) ? readFileSync(join(home, "count.log"), "utf8").split("\n").filter(Boolean).length : 0)

const claimFile = (commands: unknown[]) => writeClaimFile(home, CLAIM, commands)
const writeTasks = (tasks: Task[], revision = 1) => writeFileSync(join(home, "tasks.json"), serializeTasksFile({ revision, tasks }))
const writeJournal = (journal: Journal) => writeFileSync(join(home, "agent-journal.json"), JSON.stringify(journal))

async function restart(): Promise<void> {
  const runner = startTestRunner(home, { commands: [countCommand(), peekCommand()] })
  await runner.processNow()
  await runner.stop()
}

const onceTask = makeTask({ id: "journaled-id", title: "Once" })

describe("a runner killed mid-batch and restarted", () => {
  it("runs a batch again when it was killed before the rename over tasks.json", async () => {
    claimFile([{ id: "k1", command: "create", payload: { title: "Once" } }])
    writeFileSync(join(home, TEMP), serializeTasksFile({ revision: 1, tasks: [onceTask] }))
    writeJournal({ version: 1, claims: [CLAIM], committed: [], pending: { temp: TEMP, entries: [createdEntry(onceTask, 0, "k1")] }, running: null })
    await restart()
    const tasks = readTaskList(home)
    expect(tasks.map((t) => t.title)).toEqual(["Once"])
    expect(tasks[0]!.id).not.toBe("journaled-id")
    const answers = readOutboxFile(home)
    expect(answers.map((a) => a.commandId)).toEqual(["k1"])
    expect((answers[0]!.data as Task).id).toBe(tasks[0]!.id)
    expect(existsSync(join(home, TEMP))).toBe(false)
  })

  it("does not run a batch again when it was killed after the rename, and answers with the journaled result", async () => {
    claimFile([{ id: "k1", command: "create", payload: { title: "Once" } }])
    writeTasks([onceTask])
    writeJournal({ version: 1, claims: [CLAIM], committed: [], pending: { temp: TEMP, entries: [createdEntry(onceTask, 0, "k1")] }, running: null })
    await restart()
    expect(readTaskList(home).map((t) => t.id)).toEqual(["journaled-id"])
    expect(readOutboxFile(home)).toEqual([createdEntry(onceTask, 0, "k1").response])
  })

  it("still decides right when other processes wrote tasks.json between the kill and the restart", async () => {
    claimFile([{ id: "k1", command: "create", payload: { title: "Once" } }])
    const other = makeTask({ id: "other", title: "Written by the CLI meanwhile" })
    writeTasks([onceTask, other], 7)
    writeJournal({ version: 1, claims: [CLAIM], committed: [], pending: { temp: TEMP, entries: [createdEntry(onceTask, 0, "k1")] }, running: null })
    await restart()
    expect(readTaskList(home).map((t) => t.id)).toEqual(["journaled-id", "other"])
    expect(readOutboxFile(home).map((a) => a.commandId)).toEqual(["k1"])
  })

  it("delivers remembered answers once when it was killed before appending them to the outbox", async () => {
    claimFile([{ id: "k1", command: "create", payload: { title: "Once" } }])
    writeTasks([onceTask])
    const answer = createdEntry(onceTask, 0, "k1").response
    mkdirSync(join(home, "agent-processed.d"))
    writeFileSync(join(home, "agent-processed.d", "0000000001.json"), JSON.stringify({ version: 1, entries: [{ id: "k1", claim: `${CLAIM}#0`, response: answer }], claims: [CLAIM], answers: [answer] }))
    await restart()
    expect(readOutboxFile(home)).toEqual([answer])
    expect(readTaskList(home)).toHaveLength(1)
    expect(readdirSync(join(home, "agent-inbox.claimed"))).toEqual([])
  })

  it("does not answer twice when it was killed after appending answers but before deleting the inbox file", async () => {
    claimFile([{ id: "k1", command: "create", payload: { title: "Once" } }])
    writeTasks([onceTask])
    const answer = createdEntry(onceTask, 0, "k1").response
    mkdirSync(join(home, "agent-processed.d"))
    writeFileSync(join(home, "agent-processed.d", "0000000001.json"), JSON.stringify({ version: 1, entries: [{ id: "k1", claim: `${CLAIM}#0`, response: answer }], claims: [CLAIM], answers: [answer] }))
    writeFileSync(join(home, "agent-outbox.json"), JSON.stringify([answer]))
    await restart()
    expect(readOutboxFile(home)).toEqual([answer])
    expect(readdirSync(join(home, "agent-inbox.claimed"))).toEqual([])
  })

  it("answers a non-task command that was running when it was killed, without running it again", async () => {
    claimFile([{ id: "s1", command: "count" }])
    writeJournal({ version: 1, claims: [CLAIM], committed: [], pending: null, running: { index: 0, id: "s1", command: "count" } })
    await restart()
    expect(runs()).toBe(0)
    const [answer] = readOutboxFile(home)
    expect(answer).toMatchObject({ commandId: "s1", status: "error" })
    expect(answer!.error).toMatch(/stopped while 'count' was running; it may or may not have taken effect/)
  })

  it("runs a read-only command that was running when it was killed again, and answers it", async () => {
    claimFile([{ id: "p1", command: "peek" }])
    writeJournal({ version: 1, claims: [CLAIM], committed: [], pending: null, running: { index: 0, id: "p1", command: "peek" } })
    await restart()
    expect(runs()).toBe(1)
    expect(readOutboxFile(home)).toEqual([expect.objectContaining({ commandId: "p1", status: "ok", data: { peeked: true } })])
  })

  it("keeps what earlier batches of the file committed and runs only the batch that never landed", async () => {
    const first = makeTask({ id: "first-id", title: "A" })
    const notLanded = makeTask({ id: "lost-id", title: "B" })
    claimFile([
      { id: "k1", command: "create", payload: { title: "A" } },
      { id: "k2", command: "count" },
      { id: "k3", command: "create", payload: { title: "B" } },
    ])
    writeTasks([first])
    writeFileSync(join(home, TEMP), serializeTasksFile({ revision: 2, tasks: [first, notLanded] }))
    const counted: JournalEntry = { index: 1, id: "k2", command: "count", summary: "counted", response: okAnswer("k2", { counted: true }) }
    writeJournal({ version: 1, claims: [CLAIM], committed: [createdEntry(first, 0, "k1"), counted], pending: { temp: TEMP, entries: [createdEntry(notLanded, 2, "k3")] }, running: null })
    await restart()
    expect(runs()).toBe(0)
    const tasks = readTaskList(home)
    expect(tasks.map((t) => t.title)).toEqual(["A", "B"])
    expect(tasks[0]!.id).toBe("first-id")
    expect(tasks[1]!.id).not.toBe("lost-id")
    expect(readOutboxFile(home).map((a) => a.commandId)).toEqual(["k1", "k2", "k3"])
  })

  it("finishes a unit of several files the way its journal numbered them", async () => {
    const second = "00000000000001-000002-d-002.json"
    claimFile([{ id: "k1", command: "create", payload: { title: "Once" } }])
    writeFileSync(join(home, "agent-inbox.claimed", second), JSON.stringify([{ id: "k2", command: "count" }, { id: "k3", command: "create", payload: { title: "Later" } }]))
    writeTasks([onceTask])
    const counted: JournalEntry = { index: 1, id: "k2", command: "count", summary: "counted", response: okAnswer("k2", { counted: true }) }
    writeJournal({ version: 1, claims: [CLAIM, second], committed: [createdEntry(onceTask, 0, "k1"), counted], pending: null, running: null })
    await restart()
    expect(runs()).toBe(0)
    expect(readTaskList(home).map((t) => t.title)).toEqual(["Once", "Later"])
    expect(readOutboxFile(home).map((a) => a.commandId)).toEqual(["k1", "k2", "k3"])
    expect(readdirSync(join(home, "agent-inbox.claimed"))).toEqual([])
  })

  it("processes the file a crash interrupted before files claimed after it", async () => {
    claimFile([{ id: "first", command: "list" }])
    writeJournal({ version: 1, claims: [CLAIM], committed: [], pending: null, running: null })
    writeFileSync(join(home, "agent-inbox.json"), JSON.stringify({ id: "second", command: "list" }))
    await restart()
    expect(readOutboxFile(home).map((a) => a.commandId)).toEqual(["first", "second"])
  })
})
