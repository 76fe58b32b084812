// A live c64bridge rewrites the whole registry from the copy it loaded (c64bridge-rules.ts): tsk's
// task files are the truth for tsk's tasks, so tsk puts them back, logs why, and never leaves one
// `running` with nothing sampling it.
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { readFile } from "node:fs/promises"
import { join } from "node:path"
import { makeServiceFixture, untilFinished, type ServiceFixture } from "../helpers/service-fixture.ts"
import { loadAsC64bridge } from "../helpers/c64bridge-rules.ts"
import type { C64Service } from "../../../src/c64/c64-service.ts"

let fx: ServiceFixture
let registryFile: string
beforeEach(async () => {
  fx = await makeServiceFixture(Date.now())
  registryFile = join(fx.home, "tasks.json")
})
afterEach(() => fx.cleanup())

type Entry = Record<string, unknown> & { id: string; iterations?: number; status: string; type: string }
const entryOf = async (id: string) => (JSON.parse(await readFile(registryFile, "utf8")) as { tasks: Entry[] }).tasks.find((t) => t.id === id)
const logOf = async (folder: string) => readFile(join(fx.home, folder, "log.txt"), "utf8")

/** Polls `check` until it holds (generous: the machine may be busy); fails with the last value. */
async function until<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string, limitMs = 20_000): Promise<T> {
  const end = Date.now() + limitMs
  let value = await read()
  while (!check(value)) {
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(value)}`)
    await new Promise((r) => setTimeout(r, 25))
    value = await read()
  }
  return value
}

const iterationsReach = (service: C64Service, id: string, n: number) =>
  new Promise<void>((resolve) => {
    const off = service.onEvent((e) => {
      if (e.task.id === id && e.type === "iteration" && (e.task.iterations ?? 0) >= n) {
        off()
        resolve()
      }
    })
  })

describe("a tsk task c64bridge's write drops or rewinds", () => {
  it("is put back by the heartbeat, owner and all, and its log says why (a task sampling once a minute)", async () => {
    const c64bridge = await loadAsC64bridge(registryFile)
    const task = await fx.service.start("read", { address: "$0400", length: 4 }, { everyMs: 60_000 })
    await until(() => entryOf(task.id), (e) => e?.iterations === 1, "first iteration counted")
    await c64bridge.persist()
    expect(await entryOf(task.id)).toBeUndefined()

    const back = await until(() => entryOf(task.id), (e) => e !== undefined, "task back in tasks.json")
    expect(back).toMatchObject({ status: "running", iterations: 1, owner: { pid: process.pid } })
    await until(() => logOf(task.folder), (log) => /restored to tasks\.json at iteration 1: another program had dropped this task/.test(log), "the restore logged")
    expect(fx.service.runningHere()).toEqual([task.id])
  })

  it("gets its count and owner back after c64bridge writes the copy it loaded earlier", async () => {
    const task = await fx.service.start("read", { address: "$0400", length: 4 }, { everyMs: 20 })
    await until(() => entryOf(task.id), (e) => (e?.iterations ?? 0) >= 3, "3 iterations counted")
    const c64bridge = await loadAsC64bridge(registryFile)
    const loaded = Number(c64bridge.tasks.get(task.name)!.iterations)
    await until(() => entryOf(task.id), (e) => (e?.iterations ?? 0) >= loaded + 5, "5 more iterations counted")
    // c64bridge writes after every iteration of its own tasks; a write of tsk's in between can
    // land over one of them, so it writes until one rewind has been seen and undone.
    await until(
      async () => {
        await c64bridge.persist()
        return logOf(task.folder)
      },
      (log) => log.includes("restored in tasks.json"),
      "a restore logged",
    )
    const log = await logOf(task.folder)
    expect(log).toMatch(new RegExp(`restored in tasks\\.json \\(iterations ${loaded} → \\d+, its owner\\): another program had rewritten the registry from an older copy`))
    const mended = await until(() => entryOf(task.id), (e) => (e?.iterations ?? 0) >= loaded + 5 && e?.owner !== undefined, "count and owner back")
    expect(mended).toMatchObject({ status: "running", owner: { pid: process.pid } })
    await fx.service.stop(task.id)
  })

  it("gets its finished state and type back when c64bridge writes it as the running background task it loaded", async () => {
    await fx.service.watchRegistry()
    const { task: once } = await fx.service.run("read", { address: "$0400", length: 4 })
    const task = await fx.service.start("read", { address: "$0400", length: 4 }, { everyMs: 20, count: 3 })
    const finished = untilFinished(fx.service, task.id)
    const c64bridge = await loadAsC64bridge(registryFile)
    expect(c64bridge.tasks.get(task.name)!.status).toBe("running")
    await finished
    await c64bridge.persist()

    await until(() => entryOf(task.id), (e) => e?.status === "completed" && e.owner !== undefined, "finished state back")
    await until(() => entryOf(once.id), (e) => e?.type === "foreground" && e.owner !== undefined, "foreground type back")
    expect((await entryOf(task.id))!.iterations).toBe(3)
    await until(() => logOf(task.folder), (log) => /restored in tasks\.json from task\.json \(status running → completed/.test(log), "the restore logged")
  })
})

describe("after a runner restart", () => {
  it("resumes a tsk task whose registry entry c64bridge stripped of its owner", async () => {
    const task = await fx.service.start("read", { address: "$0400", length: 4 }, { everyMs: 20 })
    await until(() => entryOf(task.id), (e) => (e?.iterations ?? 0) >= 2, "2 iterations counted")
    const c64bridge = await loadAsC64bridge(registryFile)
    await fx.service.close()
    await c64bridge.persist()
    expect(await entryOf(task.id)).not.toHaveProperty("owner")

    const runner = await fx.reopen()
    await runner.watchRegistry()
    expect((await runner.resumeRunning()).map((t) => t.id)).toEqual([task.id])
    expect(runner.runningHere()).toEqual([task.id])
    await runner.stop(task.id)
  })

  it("puts back and resumes a running tsk task c64bridge dropped while no runner ran", async () => {
    const c64bridge = await loadAsC64bridge(registryFile)
    const task = await fx.service.start("read", { address: "$0400", length: 4 }, { everyMs: 20 })
    await until(() => entryOf(task.id), (e) => (e?.iterations ?? 0) >= 2, "2 iterations counted")
    await fx.service.close()
    await c64bridge.persist()
    expect(await entryOf(task.id)).toBeUndefined()

    const runner = await fx.reopen()
    await runner.watchRegistry()
    expect((await runner.resumeRunning()).map((t) => t.id)).toEqual([task.id])
    expect(await logOf(task.folder)).toMatch(/restored to tasks\.json from task\.json: the registry no longer listed this task/)
    await runner.stop(task.id)
  })
})
