import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { existsSync, readdirSync } from "node:fs"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { answerTo, dropCommandFile, readOutboxFile, readTaskList, startTestRunner, writeInboxFile } from "./bridge-helpers.ts"
import { derivedCommandId } from "../../src/bridge/protocol.ts"
import { loadProcessedMemory } from "../../src/store/runner-processed-ids.ts"

let home: string
let cleanup: () => void

beforeEach(() => ({ home, cleanup } = makeTempHome("tsk-bridge-once-")))
afterEach(() => cleanup())

describe("exactly once", () => {
  it("answers a repeated command id with the first response and does not run it again", async () => {
    const runner = startTestRunner(home)
    writeInboxFile(home, { id: "same", command: "create", payload: { title: "Only once" } })
    await runner.processNow()
    dropCommandFile(home, "again.json", { id: "same", command: "create", payload: { title: "Only once" } })
    await runner.processNow()
    await runner.stop()
    const answers = readOutboxFile(home).filter((a) => a.commandId === "same")
    expect(answers).toHaveLength(2)
    expect(answers[1]!.data).toEqual(answers[0]!.data)
    expect(readTaskList(home).map((t) => t.title)).toEqual(["Only once"])
  })

  it("remembers processed ids across a restart of the runner", async () => {
    const first = startTestRunner(home)
    writeInboxFile(home, { id: "persisted", command: "create", payload: { title: "Before restart" } })
    await first.processNow()
    await first.stop()
    const second = startTestRunner(home)
    writeInboxFile(home, { id: "persisted", command: "create", payload: { title: "Before restart" } })
    await second.processNow()
    await second.stop()
    expect(readTaskList(home)).toHaveLength(1)
    expect(readOutboxFile(home).filter((a) => a.commandId === "persisted")).toHaveLength(2)
  })

  it("runs a command only once when the same id appears twice in one inbox file", async () => {
    const runner = startTestRunner(home)
    writeInboxFile(home, [
      { id: "dup", command: "create", payload: { title: "Once in a file" } },
      { id: "dup", command: "create", payload: { title: "Once in a file" } },
    ])
    await runner.processNow()
    await runner.stop()
    expect(readTaskList(home)).toHaveLength(1)
    const answers = readOutboxFile(home)
    expect(answers.map((a) => a.commandId)).toEqual(["dup", "dup"])
    expect(answers[1]!.data).toEqual(answers[0]!.data)
  })

  it("gives commands without an id one, stable for their place in the claimed file", async () => {
    const runner = startTestRunner(home)
    writeInboxFile(home, [{ command: "create", payload: { title: "No id A" } }, { command: "create", payload: { title: "No id B" } }])
    await runner.processNow()
    await runner.stop()
    const answers = readOutboxFile(home)
    expect(answers).toHaveLength(2)
    expect(answers[0]!.commandId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    expect(answers[0]!.commandId).not.toBe(answers[1]!.commandId)
    expect(derivedCommandId("x", 0)).toBe(derivedCommandId("x", 0))
    expect(derivedCommandId("x", 0)).not.toBe(derivedCommandId("x", 1))
  })

  it("answers each command exactly once and deletes the claimed file only after its answers are durable", async () => {
    const runner = startTestRunner(home)
    writeInboxFile(home, Array.from({ length: 30 }, (_, i) => ({ id: `bulk-${i}`, command: "create", payload: { title: `Task ${i}` } })))
    for (let i = 0; i < 5; i++) dropCommandFile(home, `${i}.json`, { id: `file-${i}`, command: "list" })
    await runner.processNow()
    await runner.stop()
    const ids = readOutboxFile(home).map((a) => a.commandId)
    expect(ids).toEqual([...Array.from({ length: 30 }, (_, i) => `bulk-${i}`), ...Array.from({ length: 5 }, (_, i) => `file-${i}`)])
    expect(readdirSync(join(home, "agent-inbox.claimed"))).toEqual([])
    expect(existsSync(join(home, "agent-journal.json"))).toBe(false)
    const memory = await loadProcessedMemory(home)
    expect(memory.size).toBe(35)
  })

  it("processes 1,200 queued command files in several units, each command once", async () => {
    for (let i = 0; i < 1200; i++) dropCommandFile(home, `${String(i).padStart(5, "0")}.json`, { id: `q-${i}`, command: "create", payload: { title: `Q${i}` } })
    const seen: string[] = []
    const runner = startTestRunner(home, { onEvent: (e) => seen.push(e.commandId) })
    await runner.processNow()
    await runner.stop()
    expect(seen).toEqual(Array.from({ length: 1200 }, (_, i) => `q-${i}`))
    expect(readTaskList(home).map((t) => t.title)).toEqual(Array.from({ length: 1200 }, (_, i) => `Q${i}`))
    expect((await loadProcessedMemory(home)).size).toBe(1200)
    expect(readOutboxFile(home).map((a) => a.commandId)).toEqual(Array.from({ length: 100 }, (_, i) => `q-${1100 + i}`))
  })

  it("keeps the memory of processed ids bounded, newest kept, folded into one file", async () => {
    const memory = await loadProcessedMemory(home, 10)
    const response = (id: string) => ({ commandId: id, status: "ok" as const, timestamp: new Date().toISOString() })
    for (let i = 0; i < 40; i++) {
      await memory.record([`claim-${i}`], [{ id: `id-${i}`, claim: `claim-${i}#0`, response: response(`id-${i}`) }], [response(`id-${i}`)])
      await memory.compact()
    }
    const reloaded = await loadProcessedMemory(home, 10)
    expect(reloaded.get("id-39")).toBeDefined()
    expect(reloaded.get("id-30")).toBeDefined()
    expect(reloaded.get("id-0")).toBeUndefined()
    expect(reloaded.size).toBeLessThanOrEqual(10 + 32)
    expect(readdirSync(join(home, "agent-processed.d")).length).toBeLessThan(32)
  })

  it("remembers a response too large to keep without its data, still as the first status", async () => {
    const memory = await loadProcessedMemory(home)
    const large = { commandId: "large", status: "ok" as const, data: "z".repeat(70_000), timestamp: "t" }
    await memory.record(["c"], [{ id: "large", claim: "c#0", response: large }], [large])
    const reloaded = await loadProcessedMemory(home)
    expect(reloaded.get("large")!.response).toMatchObject({ status: "ok", data: { omitted: true } })
  })
})
