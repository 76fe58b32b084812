import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { readFile, writeFile } from "node:fs/promises"
import { join } from "node:path"
import { makeTempHome, waitFor } from "../helpers/temp-home.ts"
import { makeServiceFixture, untilFinished, type ServiceFixture } from "../helpers/service-fixture.ts"
import { createC64Service } from "../../../src/c64/c64-service.ts"
import { createFakeBackend } from "../helpers/fake-backend.ts"

const sampleIndexes = async (home: string, folder: string) =>
  (await readFile(join(home, folder, "samples.jsonl"), "utf8"))
    .split("\n")
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line).i as number)

describe("resuming after a runner was killed", () => {
  let temp: Awaited<ReturnType<typeof makeTempHome>>
  beforeEach(async () => {
    temp = await makeTempHome()
  })
  afterEach(() => temp.cleanup())

  it("continues the iteration count of a task whose process got SIGKILL, redoing none", async () => {
    const child = Bun.spawn(["./node_modules/.bin/bun", "test/c64/helpers/sampling-process.ts", temp.home, "25", "16"], {
      stdout: "pipe",
      stderr: "pipe",
    })
    const folder = "tasks/background/0001_read"
    await waitFor(async () => (await sampleIndexes(temp.home, folder).catch(() => [])).length >= 5, 15000)
    child.kill("SIGKILL")
    expect(await child.exited).not.toBe(0)
    const before = await sampleIndexes(temp.home, folder)
    const registryBefore = JSON.parse(await readFile(join(temp.home, "tasks.json"), "utf8")).tasks[0]
    expect(registryBefore.status).toBe("running")
    expect(before.length).toBeLessThan(16)

    const service = await createC64Service({ home: temp.home, backend: createFakeBackend() })
    try {
      const finished = untilFinished(service, "0001_read", 15000)
      const resumed = await service.resumeRunning()
      expect(resumed.map((t) => t.id)).toEqual(["0001_read"])
      expect(resumed[0]!.iterations).toBe(before.length)
      expect((await finished).type).toBe("completed")
      const after = await sampleIndexes(temp.home, folder)
      expect(after).toEqual(Array.from({ length: 16 }, (_, k) => k + 1))
      const { task } = await service.show("0001_read")
      expect(task).toMatchObject({ status: "completed", iterations: 16 })
      const log = await readFile(join(temp.home, folder, "log.txt"), "utf8")
      expect(log).toContain(`resumed after iteration ${before.length}`)
    } finally {
      await service.close()
    }
    // A kill inside a registry write leaves its lock behind, which is taken over once stale (5 s).
  }, 30000)
})

describe("resuming within the same machine", () => {
  let fx: ServiceFixture
  beforeEach(async () => {
    fx = await makeServiceFixture()
  })
  afterEach(() => fx.cleanup())

  it("leaves tasks running on disk when a service closes, and a new one resumes them", async () => {
    const task = await fx.service.start("read", { address: 0, length: 1 }, { everyMs: 10, count: 8 })
    await waitFor(async () => ((await fx.service.show(task.id)).task.iterations ?? 0) >= 3)
    await fx.service.close()
    const paused = (await fx.service.show(task.id)).task
    expect(paused.status).toBe("running")
    const next = await fx.reopen()
    const done = untilFinished(next, task.id)
    expect((await next.resumeRunning()).map((t) => t.iterations)).toEqual([paused.iterations])
    await done
    expect(await sampleIndexes(fx.home, task.folder)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
  })

  it("counts a sample written just before the crash that the registry had not counted yet", async () => {
    const task = await fx.service.start("read", { address: 0, length: 1 }, { everyMs: 10, count: 6 })
    await waitFor(async () => ((await fx.service.show(task.id)).task.iterations ?? 0) >= 2)
    await fx.service.close()
    const counted = (await fx.service.show(task.id)).task.iterations!
    const line = { i: counted + 1, at: "2025-10-27T11-42-09Z", ms: 1761565329000, address: "$0000", length: 1, hex: "00" }
    await writeFile(join(fx.home, task.folder, "samples.jsonl"), JSON.stringify(line) + "\n", { flag: "a" })
    const next = await fx.reopen()
    const done = untilFinished(next, task.id)
    expect((await next.resumeRunning())[0]!.iterations).toBe(counted + 1)
    await done
    expect(await sampleIndexes(fx.home, task.folder)).toEqual([1, 2, 3, 4, 5, 6])
  })

  it("does not take a task from another live process", async () => {
    const task = await fx.service.start("read", { address: 0, length: 1 }, { everyMs: 1000 })
    const path = join(fx.home, "tasks.json")
    const registry = JSON.parse(await readFile(path, "utf8"))
    registry.tasks[0].owner = { pid: process.ppid, host: registry.tasks[0].owner.host }
    await fx.service.close()
    await writeFile(path, JSON.stringify(registry))
    const next = await fx.reopen()
    expect(await next.resumeRunning()).toEqual([])
    expect((await next.show(task.id)).task.status).toBe("running")
  })

  it("completes a task whose budget was already spent instead of running it again", async () => {
    const task = await fx.service.start("read", { address: 0, length: 1 }, { everyMs: 10, count: 3 })
    await waitFor(async () => ((await fx.service.show(task.id)).task.iterations ?? 0) >= 1)
    await fx.service.close()
    const path = join(fx.home, "tasks.json")
    const registry = JSON.parse(await readFile(path, "utf8"))
    registry.tasks[0].status = "running"
    registry.tasks[0].iterations = 3
    await writeFile(path, JSON.stringify(registry))
    const next = await fx.reopen()
    expect(await next.resumeRunning()).toEqual([])
    expect((await next.show(task.id)).task).toMatchObject({ status: "completed", iterations: 3 })
  })

  it("marks a foreground task cut off by a crash as an error instead of running it twice", async () => {
    const path = join(fx.home, "tasks.json")
    await writeFile(path, JSON.stringify({
      tasks: [{
        id: "0001_write", name: "write", type: "foreground", operation: "write", args: { address: "$0400", bytes: "01" },
        status: "running", startedAt: "2025-10-27T11-42-03Z", updatedAt: "2025-10-27T11-42-03Z", stoppedAt: null,
        lastError: null, folder: "tasks/0001_write", owner: { pid: 999999999, host: "elsewhere" },
      }],
    }))
    expect(await fx.service.resumeRunning()).toEqual([])
    expect((await fx.service.show("0001_write")).task).toMatchObject({ status: "error", lastError: "interrupted: the process running it ended before it finished" })
    expect(fx.backend.calls.write).toBe(0)
  })
})

describe("stopping from another process", () => {
  let fx: ServiceFixture
  beforeEach(async () => {
    fx = await makeServiceFixture()
  })
  afterEach(() => fx.cleanup())

  it("ends the task where it runs at its next iteration, and both sides record it as stopped", async () => {
    const task = await fx.service.start("read", { address: 0, length: 1 }, { everyMs: 20 })
    const ended = untilFinished(fx.service, task.id)
    await waitFor(async () => ((await fx.service.show(task.id)).task.iterations ?? 0) >= 1)
    const other = await fx.reopen()
    const { stopped, task: after } = await other.stop(task.id)
    expect(stopped).toBe(true)
    expect((await ended).type).toBe("stopped")
    await waitFor(() => fx.service.runningHere().length === 0)
    await new Promise((r) => setTimeout(r, 60))
    expect((await other.show(task.id)).task).toMatchObject({ status: "stopped", iterations: after.iterations })
  })
})
