// A runner whose append of its batch's line could not be told saved ("may or may not have been
// saved": paused after its checks while another holder removed the journal it had opened) settles
// the line; found not applied (and fenced off), the batch runs again, as recovery would run it.
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { makeTask } from "../helpers/task-fixtures.ts"
import { pauseReadOf } from "../helpers/fifo-pause.ts"
import { readOutboxFile, readTaskList } from "./bridge-helpers.ts"
import { processPending, type ProcessedEvent, type ProcessorContext } from "../../src/bridge/claim-processor.ts"
import { RoleLostError, createTaskRouter } from "../../src/bridge/command-execution.ts"
import { createBridgeRegistry } from "../../src/bridge/command-registry.ts"
import { createTaskBridgeCommands } from "../../src/bridge/task-commands.ts"
import { loadProcessedMemory } from "../../src/store/runner-processed-ids.ts"
import { serializeTasksFile } from "../../src/store/tasks-repository.ts"

let home: string
let cleanup: () => void
beforeEach(() => ({ home, cleanup } = makeTempHome("tsk-unsettled-")))
afterEach(() => cleanup())

const CLAIM = "00000000000001-000001-inbox.json"

async function context(fence: () => Promise<void>, events: ProcessedEvent[] = []): Promise<ProcessorContext> {
  const router = createTaskRouter()
  return {
    home,
    registry: createBridgeRegistry(createTaskBridgeCommands(router.access), []),
    router,
    memory: await loadProcessedMemory(home),
    fence,
    emit: (event) => events.push(event),
    stopping: () => false,
  }
}

describe("a runner whose batch's append may or may not have been saved", () => {
  it("runs the batch again once the line is settled as not applied, and answers it once", async () => {
    writeFileSync(join(home, "tasks.json"), serializeTasksFile({ revision: 1, tasks: [makeTask({ id: "existing-id", title: "Already there", order: 1 })] }))
    mkdirSync(join(home, "agent-inbox.claimed"), { recursive: true })
    writeFileSync(join(home, "agent-inbox.claimed", CLAIM), JSON.stringify([{ id: "k1", command: "create", payload: { title: "Once" } }]))
    const events: ProcessedEvent[] = []
    let paused: Promise<number | null> | null = null
    // The first fence is the batch's, just before its line is recorded and appended (inside the
    // tasks lock): the append's check of the lock is where this runner is paused, once it has
    // opened the new journal; the holder that took over removes that journal meanwhile.
    const ctx = await context(async () => {
      paused ??= pauseReadOf(join(home, "tasks.json.lock"), [{ op: "unlink", path: join(home, "tasks.journal") }], join(home, "tasks.journal"))
    }, events)
    await processPending(ctx)
    expect(await paused).toBe(0)
    expect(readTaskList(home).filter((t) => t.title === "Once")).toHaveLength(1)
    const answers = readOutboxFile(home)
    expect(answers.map((a) => [a.commandId, a.status])).toEqual([["k1", "ok"]])
    expect(events.map((e) => e.status)).toEqual(["ok"])
  })

})

describe("a runner that lost its role while paused", () => {
  it("does not write over the journal of the runner that took over when its append failed", async () => {
    writeFileSync(join(home, "tasks.json"), serializeTasksFile({ revision: 1, tasks: [makeTask({ id: "existing-id", title: "Already there", order: 1 })] }))
    mkdirSync(join(home, "agent-inbox.claimed"), { recursive: true })
    writeFileSync(join(home, "agent-inbox.claimed", CLAIM), JSON.stringify([{ id: "k1", command: "create", payload: { title: "Once" } }]))
    // Meanwhile the runner that took the role over has its own batch pending.
    const theirs = JSON.stringify({ version: 1, claims: [CLAIM], committed: [], pending: { line: "bridge-yyyyyyyyyyyyyyyyyyyyyyyy", entries: [] }, running: null })
    let paused: Promise<number | null> | null = null
    const ctx = await context(async () => {
      if (paused) throw new RoleLostError()
      paused = pauseReadOf(
        join(home, "tasks.json.lock"),
        [
          { op: "unlink", path: join(home, "tasks.journal") },
          { op: "write", path: join(home, "agent-journal.json"), content: theirs },
        ],
        join(home, "tasks.journal"),
      )
    })
    await expect(processPending(ctx)).rejects.toBeInstanceOf(RoleLostError)
    expect(await paused).toBe(0)
    expect(readFileSync(join(home, "agent-journal.json"), "utf8")).toBe(theirs)
  })

  it("does not touch the journal or the temp file of a batch it recovers", async () => {
    writeFileSync(join(home, "tasks.json"), serializeTasksFile({ revision: 1, tasks: [] }))
    mkdirSync(join(home, "agent-inbox.claimed"), { recursive: true })
    writeFileSync(join(home, "agent-inbox.claimed", CLAIM), JSON.stringify([{ id: "k1", command: "create", payload: { title: "Once" } }]))
    const temp = "tasks.json.bridge-00000000-0000-0000-0000-000000000000.tmp"
    writeFileSync(join(home, temp), serializeTasksFile({ revision: 2, tasks: [makeTask({ id: "journaled-id", title: "Once", order: 1 })] }))
    const journal = JSON.stringify({ version: 1, claims: [CLAIM], committed: [], pending: { temp, entries: [] }, running: null })
    writeFileSync(join(home, "agent-journal.json"), journal)
    const ctx = await context(async () => {
      throw new RoleLostError()
    })
    await expect(processPending(ctx)).rejects.toBeInstanceOf(RoleLostError)
    expect(readFileSync(join(home, "agent-journal.json"), "utf8")).toBe(journal)
    expect(existsSync(join(home, temp))).toBe(true)
  })
})
