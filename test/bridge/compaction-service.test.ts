// The runner folds tasks.journal into tasks.json once the journal is quiet, and when it stops, so
// a tool that reads tasks.json alone sees every change while a runner is up.
import { afterEach, describe, expect, it } from "vitest"
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { journalCompactionService } from "../../src/bridge/compaction-service.ts"
import { startBridgeRunner, type BridgeRunner } from "../../src/bridge/runner.ts"
import { compactTasks, mutateTasks, readTasks } from "../../src/store/tasks-repository.ts"
import { createTask } from "../../src/domain/task-operations.ts"
import { fixedContext } from "../helpers/task-fixtures.ts"
import { makeTempHome } from "../helpers/temp-home.ts"
import { waitFor } from "./bridge-helpers.ts"

let runner: BridgeRunner | null = null
let cleanup = () => {}
afterEach(async () => {
  await runner?.stop()
  runner = null
  cleanup()
})

/** A home whose last changes are journal lines beside a base that lacks them. */
async function homeWithJournal(titles: string[]): Promise<string> {
  const temp = makeTempHome("tsk-compaction-")
  cleanup = temp.cleanup
  const ctx = fixedContext()
  for (const title of titles) await mutateTasks(temp.home, (tasks) => createTask(tasks, { title }, ctx))
  expect(existsSync(join(temp.home, "tasks.journal"))).toBe(true)
  return temp.home
}

const titlesInBaseAlone = (home: string) =>
  (JSON.parse(readFileSync(join(home, "tasks.json"), "utf8")) as { tasks: Array<{ title: string }> }).tasks.map((t) => t.title)

describe("compactTasks", () => {
  it("folds the journal into tasks.json, one revision up, with the same list", async () => {
    const home = await homeWithJournal(["one", "two", "three"])
    const before = await readTasks(home)
    expect(titlesInBaseAlone(home)).toEqual(["one"])
    expect(await compactTasks(home)).toBe(true)
    expect(existsSync(join(home, "tasks.journal"))).toBe(false)
    expect(titlesInBaseAlone(home)).toEqual(["one", "two", "three"])
    const after = await readTasks(home)
    expect(after.revision).toBe(before.revision + 1)
    expect(after.tasks).toEqual(before.tasks)
    expect(await compactTasks(home)).toBe(false)
  })
})

describe("the runner's journal compaction", () => {
  it("folds a quiet journal into tasks.json while the runner is up", async () => {
    const home = await homeWithJournal(["one", "two"])
    const r = startBridgeRunner({ home, pollIntervalMs: 50, services: [journalCompactionService({ quietMs: 100, checkMs: 50 })] })!
    runner = r
    await r.ready
    await waitFor(() => !existsSync(join(home, "tasks.journal")), 10_000, "the journal folded in")
    expect(titlesInBaseAlone(home)).toEqual(["one", "two"])
  })

  it("waits for the journal to go quiet, and folds it in when the runner stops", async () => {
    const home = await homeWithJournal(["one", "two"])
    const r = startBridgeRunner({ home, pollIntervalMs: 50, services: [journalCompactionService({ quietMs: 60_000, checkMs: 50 })] })!
    runner = r
    await r.ready
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(existsSync(join(home, "tasks.journal"))).toBe(true)
    runner = null
    await r.stop()
    expect(existsSync(join(home, "tasks.journal"))).toBe(false)
    expect(titlesInBaseAlone(home)).toEqual(["one", "two"])
  })

  it("leaves the journal to the runner when it only answers one command (one-shot)", async () => {
    const home = await homeWithJournal(["one", "two"])
    const r = startBridgeRunner({ home, pollIntervalMs: 50, mode: "one-shot", services: [journalCompactionService({ quietMs: 50, checkMs: 20 })] })!
    runner = r
    await r.ready
    await new Promise((resolve) => setTimeout(resolve, 300))
    runner = null
    await r.stop()
    expect(existsSync(join(home, "tasks.journal"))).toBe(true)
  })
})
