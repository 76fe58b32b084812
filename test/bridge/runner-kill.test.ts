import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { existsSync, readdirSync } from "node:fs"
import { join } from "node:path"
import { makeTempHome } from "../helpers/temp-home.ts"
import { configurePoll, dropCommandFile, killServe, readOutboxFile, readTaskList, spawnServe, waitFor, type ServeProcess } from "./bridge-helpers.ts"
import { createAppStore } from "../../src/store/app-store.ts"
import { loadProcessedMemory } from "../../src/store/runner-processed-ids.ts"
import { compactTasks } from "../../src/store/tasks-repository.ts"

let home: string
let cleanup: () => void
let serve: ServeProcess | null = null
beforeEach(() => ({ home, cleanup } = makeTempHome("tsk-bridge-kill-")))
afterEach(async () => {
  await killServe(serve)
  cleanup()
})

const pending = (dir: string) => (existsSync(join(home, dir)) ? readdirSync(join(home, dir)).filter((n) => !n.startsWith(".")).length : 0)
const workLeft = () => pending("agent-inbox.d") + pending("agent-inbox.claimed")

describe("a runner killed with SIGKILL mid-batch", () => {
  it("loses nothing and executes nothing twice over repeated kills and restarts", async () => {
    configurePoll(home, 50)
    const target = await createAppStore({ home }).getState().addTask({ title: "Collects notes" })
    // 20 files of 5 commands: creates and notes (a note run twice would show up twice), and now
    // and then a c64-list, which splits the task commands into several journaled batches.
    const ids: string[] = []
    const kindOf = (n: number) => (n % 10 === 9 ? "other" : n % 2 === 0 ? "create" : "note")
    for (let f = 0; f < 20; f++) {
      const commands = Array.from({ length: 5 }, (_, j) => {
        const n = f * 5 + j
        ids.push(`cmd-${n}`)
        if (kindOf(n) === "other") return { id: `cmd-${n}`, command: "c64-list", payload: {} }
        return kindOf(n) === "create"
          ? { id: `cmd-${n}`, command: "create", payload: { title: `created ${n}` } }
          : { id: `cmd-${n}`, command: "add-note", payload: { taskId: target.id.slice(0, 8), content: `note ${n}` } }
      })
      dropCommandFile(home, `${String(f).padStart(3, "0")}.json`, commands)
    }
    let killsWithWorkLeft = 0
    for (let kill = 0; kill < 8 && workLeft() > 0; kill++) {
      serve = await spawnServe(home)
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 60))
      serve.child.kill("SIGKILL")
      await serve.exited
      if (workLeft() > 0) killsWithWorkLeft++
    }
    serve = await spawnServe(home)
    await waitFor(() => workLeft() === 0 && readOutboxFile(home).length === 100, 30_000, "all 100 answers")
    serve.child.kill("SIGTERM")
    await serve.exited

    expect(killsWithWorkLeft).toBeGreaterThan(0)
    const answers = readOutboxFile(home)
    expect(answers.map((a) => a.commandId).sort()).toEqual([...ids].sort())
    expect(answers.filter((a) => a.status !== "ok")).toEqual([])
    const tasks = readTaskList(home)
    const createdTitles = tasks.filter((t) => t.title.startsWith("created ")).map((t) => t.title).sort()
    expect(createdTitles).toEqual(ids.filter((_, n) => kindOf(n) === "create").map((id) => `created ${id.slice(4)}`).sort())
    const notes = tasks.find((t) => t.id === target.id)!.notes.map((n) => n.content).sort()
    expect(notes).toEqual(ids.filter((_, n) => kindOf(n) === "note").map((id) => `note ${id.slice(4)}`).sort())
    expect((await loadProcessedMemory(home)).size).toBe(100)
    expect(existsSync(join(home, "agent-journal.json"))).toBe(false)
    expect(readdirSync(home).filter((n) => n.startsWith("tasks.json.bridge-"))).toEqual([])
  })

  it("runs each command once when other writers fold the journal into tasks.json between the kills", async () => {
    configurePoll(home, 50)
    const store = createAppStore({ home })
    await store.getState().addTask({ title: "Before" })
    const ids: string[] = []
    for (let f = 0; f < 30; f++) {
      const commands = Array.from({ length: 2 }, (_, j) => {
        const n = f * 2 + j
        ids.push(`cmd-${n}`)
        return { id: `cmd-${n}`, command: "create", payload: { title: `created ${n}` } }
      })
      dropCommandFile(home, `${String(f).padStart(3, "0")}.json`, commands)
    }
    for (let kill = 0; kill < 10 && workLeft() > 0; kill++) {
      serve = await spawnServe(home)
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 40))
      serve.child.kill("SIGKILL")
      await serve.exited
      // What a CLI writer does while the runner is down: a change, and a compaction that removes
      // the journal (and with it the line of a batch the killed runner may have had pending).
      await store.getState().addTask({ title: `CLI ${kill}` })
      await compactTasks(home)
    }
    serve = await spawnServe(home)
    await waitFor(() => workLeft() === 0 && readOutboxFile(home).length === ids.length, 30_000, "all answers")
    serve.child.kill("SIGTERM")
    await serve.exited
    const answers = readOutboxFile(home)
    expect(answers.map((a) => a.commandId).sort()).toEqual([...ids].sort())
    expect(answers.filter((a) => a.status !== "ok")).toEqual([])
    const tasks = readTaskList(home)
    const createdTitles = tasks.filter((t) => t.title.startsWith("created ")).map((t) => t.title).sort()
    expect(createdTitles).toEqual(ids.map((id) => `created ${id.slice(4)}`).sort())
    // Every answer names the task that is in the list.
    for (const answer of answers) expect(tasks.some((t) => t.id === (answer.data as { id: string }).id)).toBe(true)
  })
})
