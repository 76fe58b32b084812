// Running tasks' progress shares registry writes: `updateSoon` holds a change for at most its
// interval (a second at most), any `update` writes the held ones first, and a service that closes
// writes what its tasks left waiting, so tasks.json always catches up with the samples. A running
// task's own task.json and result.json follow every few seconds, and at once when it stops.
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { readFile, stat } from "node:fs/promises"
import { join } from "node:path"
import { createTaskRegistry, COMMIT_DELAY_MS, type TaskRegistry } from "../../../src/c64/state/task-registry.ts"
import { makeTempHome, waitFor } from "../helpers/temp-home.ts"
import { TASK_FILES_EVERY_MS } from "../../../src/c64/background-task.ts"
import { makeServiceFixture, type ServiceFixture } from "../helpers/service-fixture.ts"

const NOW = Date.UTC(2025, 9, 27, 11, 42, 3)

describe("progress that waits for the registry's next write", () => {
  let temp: Awaited<ReturnType<typeof makeTempHome>>
  let registry: TaskRegistry
  let file: string
  const entries = async () => (JSON.parse(await readFile(file, "utf8")) as { tasks: Array<{ id: string; iterations?: number; status: string }> }).tasks
  const inode = async () => (await stat(file)).ino

  beforeEach(async () => {
    temp = await makeTempHome()
    file = join(temp.home, "tasks.json")
    registry = createTaskRegistry({ home: temp.home, registry: file })
    await registry.ensure()
    for (const name of ["a", "b", "c"]) {
      await registry.create({ name, type: "background", operation: "read", args: {}, intervalMs: 1000 }, NOW)
    }
  })
  afterEach(() => temp.cleanup())

  const count = (n: number) => (e: Parameters<Parameters<TaskRegistry["update"]>[1]>[0]) => ({ ...e, iterations: n })

  it("holds changes, then writes them all in one go within the time asked", async () => {
    const before = await inode()
    const started = performance.now()
    const written = ["0001_a", "0002_b", "0003_c"].map((id, k) => registry.updateSoon(id, count(k + 1), 300))
    await new Promise((r) => setTimeout(r, 100))
    expect((await entries()).map((e) => e.iterations)).toEqual([0, 0, 0])
    expect(await inode()).toBe(before)
    expect((await Promise.all(written)).map((e) => e.iterations)).toEqual([1, 2, 3])
    expect(performance.now() - started).toBeLessThan(300 + 250)
    expect((await entries()).map((e) => e.iterations)).toEqual([1, 2, 3])
  })

  it("never holds a change longer than a second, whatever its interval", async () => {
    expect(COMMIT_DELAY_MS).toBe(1000)
    const started = performance.now()
    await registry.updateSoon("0001_a", count(7), 60_000)
    expect(performance.now() - started).toBeLessThan(COMMIT_DELAY_MS + 250)
    expect((await entries())[0]!.iterations).toBe(7)
  })

  it("writes the held changes first when another change is written", async () => {
    const held = registry.updateSoon("0001_a", count(4), 60_000)
    const stopped = await registry.update("0002_b", (e) => ({ ...e, status: "stopped" }))
    expect(stopped.status).toBe("stopped")
    expect((await held).iterations).toBe(4)
    expect((await entries()).map((e) => [e.iterations, e.status])).toEqual([[4, "running"], [0, "stopped"], [0, "running"]])
  })

  it("applies changes to the same task in order, and flush writes what is held at once", async () => {
    const first = registry.updateSoon("0001_a", count(1), 60_000)
    const second = registry.updateSoon("0001_a", (e) => ({ ...e, iterations: (e.iterations ?? 0) + 10 }), 60_000)
    await registry.flush()
    expect([(await first).iterations, (await second).iterations]).toEqual([1, 11])
    expect((await entries())[0]!.iterations).toBe(11)
  })

  it("rejects a held change for a task that is gone, and still writes the others", async () => {
    const gone = registry.updateSoon("0009_nope", count(1), 60_000)
    const kept = registry.updateSoon("0003_c", count(2), 60_000)
    await registry.flush()
    await expect(gone).rejects.toMatchObject({ kind: "not_found" })
    expect((await kept).iterations).toBe(2)
  })

  it("reads an entry without the lock, as the file holds it", async () => {
    expect(registry.peek("0002_b")).toMatchObject({ id: "0002_b", status: "running" })
    expect(registry.peek("0009_nope")).toBeUndefined()
  })
})

describe("background tasks and the held counts", () => {
  let fx: ServiceFixture
  beforeEach(async () => {
    fx = await makeServiceFixture()
  })
  afterEach(() => fx.cleanup())

  const samplesOf = async (folder: string) => (await readFile(join(fx.home, folder, "samples.jsonl"), "utf8")).trim().split("\n").length

  it("a closing service writes the counts its tasks left waiting: the registry matches the samples", async () => {
    const tasks = await Promise.all([0, 1, 2].map((k) => fx.service.start("read", { address: k, length: 1 }, { everyMs: 400 + 100 * k })))
    await new Promise((r) => setTimeout(r, 900))
    await fx.service.close()
    for (const task of tasks) {
      const { task: entry } = await fx.service.show(task.id)
      expect(entry.status).toBe("running")
      expect(entry.iterations).toBe(await samplesOf(task.folder))
    }
  })

  it("rewrites a running task's task.json and result.json at most every few seconds, and with its latest iteration when it stops", async () => {
    expect(TASK_FILES_EVERY_MS).toBe(5000)
    const task = await fx.service.start("read", { address: 0, length: 1 }, { everyMs: 40 })
    await waitFor(async () => ((await fx.service.show(task.id)).task.iterations ?? 0) >= 10)
    const taskFile = async () => JSON.parse(await readFile(join(fx.home, task.folder, "task.json"), "utf8"))
    const resultFile = async () => JSON.parse(await readFile(join(fx.home, task.folder, "result.json"), "utf8"))
    expect((await taskFile()).iterations).toBe(1)
    expect((await resultFile()).iterations).toBe(1)
    const { task: stopped } = await fx.service.stop(task.id)
    const samples = await samplesOf(task.folder)
    expect(stopped.iterations).toBe(samples)
    expect(await taskFile()).toMatchObject({ status: "stopped", iterations: samples })
    expect(await resultFile()).toMatchObject({ status: "stopped", iterations: samples })
  })

  it("a runner shutting down leaves task.json and result.json at the last iteration", async () => {
    const task = await fx.service.start("read", { address: 0, length: 1 }, { everyMs: 40 })
    await waitFor(async () => ((await fx.service.show(task.id)).task.iterations ?? 0) >= 5)
    await fx.service.close()
    const samples = await samplesOf(task.folder)
    expect(JSON.parse(await readFile(join(fx.home, task.folder, "task.json"), "utf8"))).toMatchObject({ status: "running", iterations: samples })
    expect(JSON.parse(await readFile(join(fx.home, task.folder, "result.json"), "utf8"))).toMatchObject({ status: "running", iterations: samples })
  })

  it("a task stopped by another process is left alone at its next slot", async () => {
    const task = await fx.service.start("read", { address: 0, length: 1 }, { everyMs: 100 })
    await new Promise((r) => setTimeout(r, 250))
    const other = await fx.reopen()
    await other.stop(task.id)
    const sampled = await samplesOf(task.folder)
    await new Promise((r) => setTimeout(r, 300))
    expect(fx.service.runningHere()).toEqual([])
    expect(await samplesOf(task.folder)).toBeLessThanOrEqual(sampled + 1)
    expect((await fx.service.show(task.id)).task.status).toBe("stopped")
  })
})
