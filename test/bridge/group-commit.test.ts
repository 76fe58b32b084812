// Queued commands answered together: one unit of many inbox files is one write of tasks.json and
// one append to the outbox, and a SIGKILL anywhere in it loses no answer and repeats none.
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { answerTo, configurePoll, dropCommandFile, killServe, readOutboxFile, readTaskList, spawnServe, startTestRunner, waitFor, type ServeProcess } from "./bridge-helpers.ts"
import { appendToOutbox } from "../../src/bridge/outbox.ts"
import type { AgentResponse } from "../../src/bridge/protocol.ts"
import { createAppStore } from "../../src/store/app-store.ts"
import { agentPaths } from "../../src/memory/memory-paths.ts"

let home: string
let cleanup: () => void
let serve: ServeProcess | null = null
beforeEach(() => ({ home, cleanup } = makeTempHome("tsk-bridge-group-")))
afterEach(async () => {
  await killServe(serve)
  serve = null
  cleanup()
})

const revision = () => (JSON.parse(readFileSync(join(home, "tasks.json"), "utf8")) as { revision: number }).revision
const pending = (dir: string) => (existsSync(join(home, dir)) ? readdirSync(join(home, dir)).filter((n) => !n.startsWith(".")).length : 0)
const answer = (id: string, at: string): AgentResponse => ({ commandId: id, status: "ok", data: { id }, timestamp: at })

describe("queued inbox files", () => {
  it("answers 300 one-command files as one unit: one write of tasks.json, answers in inbox order", async () => {
    await createAppStore({ home }).getState().addTask({ title: "already there" })
    const before = revision()
    for (let i = 0; i < 300; i++) dropCommandFile(home, `${String(i).padStart(4, "0")}.json`, { id: `q-${i}`, command: "create", payload: { title: `queued ${i}` } })
    const runner = startTestRunner(home)
    try {
      await runner.processNow()
    } finally {
      await runner.stop()
    }
    expect(revision()).toBe(before + 1)
    expect(readOutboxFile(home).map((a) => a.commandId)).toEqual(Array.from({ length: 100 }, (_, i) => `q-${200 + i}`))
    const titles = readTaskList(home).map((t) => t.title)
    expect(titles.filter((t) => t.startsWith("queued ")).length).toBe(300)
    expect(pending("agent-inbox.d") + pending("agent-inbox.claimed")).toBe(0)
  })

  it("answers and records in memory each of 60 queued commands exactly once across SIGKILLs at random moments", async () => {
    configurePoll(home, 50)
    const target = await createAppStore({ home }).getState().addTask({ title: "collects notes" })
    // One command per file, as concurrent agents write them; notes show a second execution.
    const ids = Array.from({ length: 60 }, (_, n) => `g-${n}`)
    ids.forEach((id, n) =>
      dropCommandFile(
        home,
        `${String(n).padStart(3, "0")}.json`,
        n % 2 === 0
          ? { id, source: "claude-code", command: "create", payload: { title: `created ${n}` } }
          : { id, source: "claude-code", command: "add-note", payload: { taskId: target.id.slice(0, 8), content: `note ${n}` } },
      ),
    )
    let killedWithWorkLeft = 0
    for (let kill = 0; kill < 6 && pending("agent-inbox.d") + pending("agent-inbox.claimed") > 0; kill++) {
      serve = await spawnServe(home)
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 40))
      serve.child.kill("SIGKILL")
      await serve.exited
      if (pending("agent-inbox.d") + pending("agent-inbox.claimed") > 0) killedWithWorkLeft++
      // Each answer in the outbox after a kill is there once.
      const seen = readOutboxFile(home).map((a) => a.commandId)
      expect(new Set(seen).size).toBe(seen.length)
    }
    serve = await spawnServe(home)
    await waitFor(() => pending("agent-inbox.d") + pending("agent-inbox.claimed") === 0 && readOutboxFile(home).length === 60, 30_000, "all 60 answers")
    serve.child.kill("SIGTERM")
    await serve.exited

    expect(killedWithWorkLeft).toBeGreaterThan(0)
    const answers = readOutboxFile(home)
    expect(answers.map((a) => a.commandId).sort()).toEqual([...ids].sort())
    expect(answers.filter((a) => a.status !== "ok")).toEqual([])
    const tasks = readTaskList(home)
    expect(tasks.filter((t) => t.title.startsWith("created ")).map((t) => t.title).sort()).toEqual(ids.filter((_, n) => n % 2 === 0).map((id) => `created ${id.slice(2)}`).sort())
    expect(tasks.find((t) => t.id === target.id)!.notes.map((n) => n.content).sort()).toEqual(ids.filter((_, n) => n % 2 === 1).map((id) => `note ${id.slice(2)}`).sort())
    expect(existsSync(join(home, "agent-journal.json"))).toBe(false)
    // Each command's call is in the agent's memory once: none lost to a kill, none recorded twice.
    // A kill during an append can leave a fragment of a line (a write of more than a page stops
    // at a page on SIGKILL), which readers skip: its append was never acknowledged, and the
    // command's unit, run again, appends the call whole.
    const calls = readFileSync(agentPaths(home, "claude-code").messages, "utf8")
      .split("\n")
      .filter((line) => line.trim().length > 0)
      .flatMap((line) => {
        let record: { message: { tool_calls?: { id: string }[] } }
        try {
          record = JSON.parse(line)
        } catch {
          return []
        }
        return (record.message.tool_calls ?? []).map((call) => call.id)
      })
    expect(calls.sort()).toEqual([...ids].sort())
  })
})

describe("the outbox this process wrote", () => {
  it("is read again when another process replaced it, and never written back stale", async () => {
    await appendToOutbox(home, [answer("a", "2026-01-01T00:00:00.000Z")])
    // Another writer replaces it (a new file renamed in) ...
    const temp = join(home, ".outbox.tmp")
    writeFileSync(temp, JSON.stringify([answer("x", "2026-01-01T00:00:01.000Z")]))
    renameSync(temp, join(home, "agent-outbox.json"))
    await appendToOutbox(home, [answer("b", "2026-01-01T00:00:02.000Z")])
    expect(readOutboxFile(home).map((a) => a.commandId)).toEqual(["x", "b"])
    // ... or writes into it in place, to the same size.
    const text = readFileSync(join(home, "agent-outbox.json"), "utf8")
    writeFileSync(join(home, "agent-outbox.json"), text.replace('"x"', '"y"'))
    await appendToOutbox(home, [answer("c", "2026-01-01T00:00:03.000Z")])
    expect(readOutboxFile(home).map((a) => a.commandId)).toEqual(["y", "b", "c"])
  })

  it("is moved aside when another writer left it corrupt", async () => {
    await appendToOutbox(home, [answer("a", "2026-01-01T00:00:00.000Z")])
    writeFileSync(join(home, "agent-outbox.json"), "{ not json")
    await appendToOutbox(home, [answer("b", "2026-01-01T00:00:01.000Z")])
    expect(readOutboxFile(home).map((a) => a.commandId)).toEqual(["b"])
    expect(readdirSync(home).some((n) => n.startsWith("agent-outbox.json.corrupt-"))).toBe(true)
  })
})

describe("create's answer", () => {
  it("is the task's full shape, blocked by an open blocker, without subtasks", async () => {
    const blocker = await createAppStore({ home }).getState().addTask({ title: "blocker" })
    dropCommandFile(home, "001.json", { id: "c1", command: "create", payload: { title: "waits", blockedBy: [blocker.id.slice(0, 8)] } })
    dropCommandFile(home, "002.json", { id: "c2", command: "create", payload: { title: "free" } })
    const runner = startTestRunner(home)
    try {
      await runner.processNow()
    } finally {
      await runner.stop()
    }
    const waits = answerTo(home, "c1").data as Record<string, unknown>
    expect(waits).toMatchObject({ title: "waits", blockedBy: [blocker.id], blocked: true, subtaskIds: [], progress: null })
    expect(answerTo(home, "c2").data).toMatchObject({ title: "free", blocked: false, subtaskIds: [] })
  })
})

describe("show's answer", () => {
  it("gives each subtask its own subtasks, progress and blocked state", async () => {
    const store = createAppStore({ home })
    const parent = await store.getState().addTask({ title: "parent" })
    const blocker = await store.getState().addTask({ title: "blocker" })
    const kid = await store.getState().addTask({ title: "kid", parentId: parent.id, blockedBy: [blocker.id] })
    const grandchild = await store.getState().addTask({ title: "grandchild", parentId: kid.id })
    dropCommandFile(home, "001.json", { id: "s1", command: "show", payload: { taskId: parent.id.slice(0, 8) } })
    const runner = startTestRunner(home)
    try {
      await runner.processNow()
    } finally {
      await runner.stop()
    }
    const shown = answerTo(home, "s1").data as { subtaskIds: string[]; blocked: boolean; subtasks: Record<string, unknown>[] }
    expect(shown.subtaskIds).toEqual([kid.id])
    expect(shown.blocked).toBe(false)
    expect(shown.subtasks).toHaveLength(1)
    expect(shown.subtasks[0]).toMatchObject({ id: kid.id, subtaskIds: [grandchild.id], blocked: true, progress: { done: 0, total: 1 } })
  })
})
