import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { mkdir, readFile, writeFile } from "node:fs/promises"
import { join } from "node:path"
import { makeTempHome, waitFor } from "../helpers/temp-home.ts"
import { makeServiceFixture, untilFinished, type ServiceFixture } from "../helpers/service-fixture.ts"
import { createC64Service } from "../../../src/c64/c64-service.ts"
import { createFakeBackend } from "../helpers/fake-backend.ts"
import { INTERRUPTED_WRITE } from "../../../src/c64/resume-tasks.ts"

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
    await waitFor(async () => (await sampleIndexes(temp.home, folder).catch(() => [])).length >= 5, 60_000)
    child.kill("SIGKILL")
    expect(await child.exited).not.toBe(0)
    const before = await sampleIndexes(temp.home, folder)
    const registryBefore = JSON.parse(await readFile(join(temp.home, "tasks.json"), "utf8")).tasks[0]
    expect(registryBefore.status).toBe("running")
    expect(before.length).toBeLessThan(16)

    const service = await createC64Service({ home: temp.home, backend: createFakeBackend() })
    try {
      const finished = untilFinished(service, "0001_read", 60_000)
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
  })
})

describe("resuming within the same machine", () => {
  let fx: ServiceFixture
  beforeEach(async () => {
    fx = await makeServiceFixture()
  })
  afterEach(() => fx.cleanup())

  it("leaves tasks running on disk when a service closes, and a new one resumes them", async () => {
    // Enough samples that the task is still running when the service closes, on a busy machine too.
    const task = await fx.service.start("read", { address: 0, length: 1 }, { everyMs: 10, count: 40 })
    await waitFor(async () => ((await fx.service.show(task.id)).task.iterations ?? 0) >= 3)
    await fx.service.close()
    const paused = (await fx.service.show(task.id)).task
    expect(paused.status).toBe("running")
    const next = await fx.reopen()
    const done = untilFinished(next, task.id)
    expect((await next.resumeRunning()).map((t) => t.iterations)).toEqual([paused.iterations])
    await done
    expect(await sampleIndexes(fx.home, task.folder)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1))
  })

  it("counts a sample written just before the crash that the registry had not counted yet", async () => {
    const task = await fx.service.start("read", { address: 0, length: 1 }, { everyMs: 10, count: 40 })
    await waitFor(async () => ((await fx.service.show(task.id)).task.iterations ?? 0) >= 2)
    await fx.service.close()
    const counted = (await fx.service.show(task.id)).task.iterations!
    const line = { i: counted + 1, at: "2025-10-27T11-42-09Z", ms: 1761565329000, address: "$0000", length: 1, hex: "00" }
    await writeFile(join(fx.home, task.folder, "samples.jsonl"), JSON.stringify(line) + "\n", { flag: "a" })
    const next = await fx.reopen()
    const done = untilFinished(next, task.id)
    expect((await next.resumeRunning())[0]!.iterations).toBe(counted + 1)
    await done
    expect(await sampleIndexes(fx.home, task.folder)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1))
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

  const leaveRunning = (id: string, operation: string, args: Record<string, unknown>) =>
    writeFile(join(fx.home, "tasks.json"), JSON.stringify({
      tasks: [{
        id, name: operation, type: "foreground", operation, args,
        status: "running", startedAt: "2025-10-27T11-42-03Z", updatedAt: "2025-10-27T11-42-03Z", stoppedAt: null,
        lastError: null, folder: `tasks/${id}`, owner: { pid: 999999999, host: "elsewhere" },
      }],
    }))

  it("marks a foreground write cut off by a crash as interrupted and never runs it again", async () => {
    await leaveRunning("0001_write", "write", { address: "$0400", bytes: "01" })
    expect(await fx.service.resumeRunning()).toEqual([])
    expect((await fx.service.show("0001_write")).task).toMatchObject({ status: "error", lastError: INTERRUPTED_WRITE })
    expect(fx.backend.calls.write).toBe(0)
    expect(fx.backend.memory[0x0400]).toBe(0)
    expect(await fx.service.resumeRunning()).toEqual([])
    expect(fx.backend.calls.write).toBe(0)
  })

  it("runs a foreground read cut off by a crash again to its end in the same task, with its result.json", async () => {
    fx.backend.memory.set([0xa9, 0x42], 0x0400)
    await leaveRunning("0001_read", "read", { address: "$0400", length: 2 })
    const rerun = await fx.service.resumeRunning()
    expect(rerun.map((t) => [t.id, t.status, t.folder])).toEqual([["0001_read", "completed", "tasks/0001_read"]])
    const { task, result, log } = await fx.service.show("0001_read")
    expect(task).toMatchObject({ status: "completed", lastError: null })
    expect(result).toMatchObject({ id: "0001_read", name: "read", status: "completed", summary: { address: "$0400", length: 2, hex: "a942" } })
    expect(log.some((line) => line.includes("re-run after a crash"))).toBe(true)
    expect(fx.backend.calls.read).toBe(1)
    expect((await fx.service.list()).map((t) => t.id)).toEqual(["0001_read"])
  })

  it("runs a read again once more when the runner crashed during its re-run, and a completed one never again", async () => {
    await leaveRunning("0001_extract_ram", "extract_ram", { address: "$0400", end: "$0403" })
    await mkdir(join(fx.home, "tasks/0001_extract_ram"), { recursive: true })
    await writeFile(join(fx.home, "tasks/0001_extract_ram/log.txt"), "[2025-10-27T11-42-04Z] re-run after a crash: extract_ram\n")
    expect((await fx.service.resumeRunning()).map((t) => t.status)).toEqual(["completed"])
    expect((await fx.service.show("0001_extract_ram")).result).toMatchObject({ status: "completed" })
    const reads = fx.backend.calls.read
    const next = await fx.reopen(fx.backend)
    expect(await next.resumeRunning()).toEqual([])
    expect(fx.backend.calls.read).toBe(reads)
  })

  it("lets only one of two starting runners run an interrupted read again", async () => {
    await leaveRunning("0001_read", "read", { address: "$0400", length: 1 })
    const other = createFakeBackend()
    const second = await fx.reopen(other)
    const [a, b] = await Promise.all([fx.service.resumeRunning(), second.resumeRunning()])
    expect([...a, ...b].map((t) => t.id)).toEqual(["0001_read"])
    expect(fx.backend.calls.read + other.calls.read).toBe(1)
  })
})
