// tsk beside c64bridge on one registry: it leaves c64bridge's running tasks alone, keeps the ISO
// style of a registry c64bridge created (so c64bridge can still read it), and counts and finds ids
// whose names c64bridge kept as given.
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { mkdir, readFile, readdir } from "node:fs/promises"
import { join } from "node:path"
import { makeServiceFixture, untilFinished, type ServiceFixture } from "../helpers/service-fixture.ts"
import { c64bridgeTask, iterateAsC64bridge, readAsC64bridge, writeAsC64bridge, type C64bridgeTask } from "../helpers/c64bridge-state.ts"

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
const SPEC = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z$/

let fx: ServiceFixture
let registryFile: string
beforeEach(async () => {
  fx = await makeServiceFixture(Date.now())
  registryFile = join(fx.home, "tasks.json")
})
afterEach(() => fx.cleanup())

const readRegistry = async () => JSON.parse(await readFile(registryFile, "utf8")) as { tasks: Array<Record<string, unknown>> }

describe("a running task another tool writes", () => {
  it("is left alone while its writer keeps updating it, and its iterations stay the writer's", async () => {
    const tasks: C64bridgeTask[] = [c64bridgeTask(1, "watch", Date.now() - 3000, { operation: "read", args: { address: "$0400", length: 4 } })]
    await iterateAsC64bridge(registryFile, tasks, "watch", Date.now() - 1000)
    const before = await readFile(registryFile, "utf8")

    const other = await fx.reopen()
    expect(await other.resumeRunning()).toEqual([])
    expect(other.runningHere()).toEqual([])
    expect(await readFile(registryFile, "utf8")).toBe(before)

    await iterateAsC64bridge(registryFile, tasks, "watch", Date.now())
    const log = await readFile(join(fx.home, tasks[0]!.folder, "log.txt"), "utf8")
    expect(log.trim().split("\n")).toEqual([expect.stringMatching(/^\[.*\] iteration=1$/), expect.stringMatching(/^\[.*\] iteration=2$/)])
    const files = await readdir(join(fx.home, tasks[0]!.folder))
    expect(files).not.toContain("samples.jsonl")
    expect((await readRegistry()).tasks[0]).not.toHaveProperty("owner")
  })

  it("is resumed once its writer has stopped updating it", async () => {
    const longAgo = Date.now() - 10 * 60_000
    const tasks = [c64bridgeTask(1, "watch", longAgo, { operation: "read", args: { address: "$0400", length: 4 }, intervalMs: 20, maxIterations: 3 })]
    await writeAsC64bridge(registryFile, tasks)
    const finished = untilFinished(fx.service, "0001_watch")
    expect((await fx.service.resumeRunning()).map((t) => t.id)).toEqual(["0001_watch"])
    expect((await finished).type).toBe("completed")
  })
})

describe("a registry c64bridge created", () => {
  it("keeps c64bridge's ISO stamps through tsk's writes, and c64bridge reads every task back", async () => {
    const done = c64bridgeTask(1, "Screen Watch", Date.now() - 60_000, { status: "completed", iterations: 5, stoppedAt: new Date(Date.now() - 55_000).toISOString() })
    await writeAsC64bridge(registryFile, [done])
    const untouched = (await readRegistry()).tasks[0]

    await fx.service.run("read", { address: "$0400", length: 8 })
    const started = await fx.service.start("read", { address: "$0400", length: 8 }, { everyMs: 20, count: 2, name: "sampler" })
    await untilFinished(fx.service, started.id)

    const { tasks } = await readRegistry()
    expect(tasks[0]).toEqual(untouched)
    expect(tasks.map((t) => t.id)).toEqual(["0001_Screen Watch", "0002_read", "0003_sampler"])
    for (const task of tasks) {
      for (const field of ["startedAt", "updatedAt", "stoppedAt"]) expect(task[field], `${String(task.id)}.${field}`).toMatch(ISO)
    }
    const view = await readAsC64bridge(registryFile)
    expect(view.unreadableStamps).toEqual([])
    expect([...view.byName.keys()]).toEqual(["Screen Watch", "read", "sampler"])
    const log = await readFile(join(fx.home, "tasks/background/0003_sampler/log.txt"), "utf8")
    for (const line of log.trim().split("\n")) expect(line).toMatch(/^\[\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z\] /)
  })

  it("stays ISO when c64bridge left it empty (no final newline), while a registry tsk creates follows the spec", async () => {
    await writeAsC64bridge(registryFile, [])
    const theirs = await fx.reopen()
    await theirs.run("read", { address: "$0400", length: 1 })
    expect((await readRegistry()).tasks[0]!.startedAt).toMatch(ISO)

    const own = await makeServiceFixture(Date.now())
    try {
      await own.service.run("read", { address: "$0400", length: 1 })
      const text = await readFile(join(own.home, "tasks.json"), "utf8")
      expect(JSON.parse(text).tasks[0].startedAt).toMatch(SPEC)
    } finally {
      await own.cleanup()
    }
  })
})

describe("ids whose names c64bridge kept as given", () => {
  it("are counted when numbering new tasks and found by number, prefix and name", async () => {
    const watch = c64bridgeTask(2, "Screen Watch", Date.now() - 60_000, { status: "stopped", stoppedAt: new Date().toISOString() })
    await writeAsC64bridge(registryFile, [watch])
    // A folder of a task whose entry is gone still holds its number.
    await mkdir(join(fx.home, "tasks", "0005_Sprite Dump (old)"), { recursive: true })

    const { task } = await fx.service.run("read", { address: "$0400", length: 1 })
    expect(task.id).toBe("0006_read")
    for (const query of ["2", "0002", "0002_Screen", "Screen Watch", "0002_Screen Watch"]) {
      expect((await fx.service.show(query)).task.id, query).toBe("0002_Screen Watch")
    }
  })
})
