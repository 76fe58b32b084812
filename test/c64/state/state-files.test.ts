import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { readFile, readdir, stat } from "node:fs/promises"
import { join } from "node:path"
import { makeServiceFixture, untilFinished, type ServiceFixture } from "../helpers/service-fixture.ts"
import { waitFor } from "../helpers/temp-home.ts"
import { resolveC64StatePaths } from "../../../src/c64/state/state-paths.ts"

const SPEC_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z$/
const readJson = async (path: string) => JSON.parse(await readFile(path, "utf8"))

let fx: ServiceFixture
beforeEach(async () => {
  fx = await makeServiceFixture()
})
afterEach(() => fx.cleanup())

describe("the registry tasks.json", () => {
  it("is created empty on startup when missing", async () => {
    expect(await readJson(join(fx.home, "tasks.json"))).toEqual({ tasks: [] })
  })

  it("records a finished foreground task with every field of the spec", async () => {
    fx.backend.memory.set([1, 2, 3], 0x0400)
    await fx.service.run("read", { address: "$0400", length: 3 })
    const { tasks } = await readJson(join(fx.home, "tasks.json"))
    expect(tasks).toHaveLength(1)
    const entry = tasks[0]
    expect(entry).toMatchObject({
      id: "0001_read",
      name: "read",
      type: "foreground",
      operation: "read",
      args: { address: "$0400", length: 3 },
      status: "completed",
      startedAt: "2025-10-27T11-42-03Z",
      lastError: null,
      folder: "tasks/0001_read",
    })
    expect(entry.updatedAt).toMatch(SPEC_TIME)
    expect(entry.stoppedAt).toMatch(SPEC_TIME)
    expect(entry).not.toHaveProperty("intervalMs")
    expect(entry).not.toHaveProperty("iterations")
  })

  it("records a background task with its interval, budget and iteration count", async () => {
    const started = await fx.service.start("read", { address: "$0400", length: 8 }, { everyMs: 20, count: 3 })
    expect(started).toMatchObject({ id: "0001_read", type: "background", intervalMs: 20, maxIterations: 3, iterations: 0, status: "running", stoppedAt: null })
    const entry = await waitFor(async () => {
      const { tasks } = await readJson(join(fx.home, "tasks.json"))
      return tasks[0].status === "completed" && tasks[0]
    })
    expect(entry).toMatchObject({ iterations: 3, maxIterations: 3, intervalMs: 20, folder: "tasks/background/0001_read", lastError: null })
    expect(entry.stoppedAt).toMatch(SPEC_TIME)
  })

  it("shares one counter between foreground and background tasks", async () => {
    await fx.service.run("read", { address: 0, length: 1 })
    const bg = await fx.service.start("read", {}, { everyMs: 1000 })
    await fx.service.run("read_screen", {})
    expect(bg.id).toBe("0002_read_2")
    expect((await fx.service.list()).map((t) => t.id)).toEqual(["0001_read", "0002_read_2", "0003_read_screen"])
    await fx.service.stop(bg.id)
  })

  it("never reuses a number whose registry entry was deleted by hand", async () => {
    await fx.service.run("read", { address: 0, length: 1 })
    await fx.service.run("read", { address: 0, length: 1 })
    const path = join(fx.home, "tasks.json")
    const file = await readJson(path)
    await Bun.write(path, JSON.stringify({ tasks: file.tasks.slice(0, 1) }))
    const next = await fx.service.run("read", { address: 0, length: 1 })
    expect(next.task.id).toBe("0003_read_2")
  })

  it("keeps fields it does not know, such as nextRunAt, when rewriting", async () => {
    const path = join(fx.home, "tasks.json")
    const foreign = {
      id: "0005_poll", name: "poll", type: "background", operation: "read", args: { address: "$0400", length: 2 },
      intervalMs: 1000, iterations: 4, status: "stopped", startedAt: "2025-03-08T10:00:00.000Z",
      updatedAt: "2025-03-08T10:00:04.000Z", stoppedAt: "2025-03-08T10:00:04.000Z", lastError: null,
      nextRunAt: "2025-03-08T10:00:05.000Z", folder: "tasks/background/0005_poll",
    }
    await Bun.write(path, JSON.stringify({ tasks: [foreign], generator: "other-tool" }))
    await fx.service.run("read", { address: 0, length: 1 })
    const file = await readJson(path)
    expect(file.generator).toBe("other-tool")
    expect(file.tasks[0]).toEqual(foreign)
    expect(file.tasks[1].id).toBe("0006_read")
  })
})

describe("task folders", () => {
  it("writes task.json as the registry entry plus resultPath", async () => {
    const { task } = await fx.service.run("read", { address: "$0400", length: 4 })
    const taskJson = await readJson(join(fx.home, "tasks/0001_read/task.json"))
    expect(taskJson).toEqual({ ...task, resultPath: "tasks/0001_read/result.json" })
  })

  it("writes result.json with id, type, name, created, completed, status and summary", async () => {
    fx.backend.memory.set([0xde, 0xad], 0xc000)
    await fx.service.run("read", { address: "0xC000", length: 2 })
    const result = await readJson(join(fx.home, "tasks/0001_read/result.json"))
    expect(result).toEqual({
      id: "0001_read",
      type: "task",
      name: "read",
      created: "2025-10-27T11-42-03Z",
      completed: expect.stringMatching(SPEC_TIME),
      status: "completed",
      summary: { address: "$C000", length: 2, hex: "dead" },
    })
  })

  it("gives a foreground task an artifacts folder and a log", async () => {
    await fx.service.run("read", { address: 0, length: 1 })
    const names = await readdir(join(fx.home, "tasks/0001_read"))
    expect(names.sort()).toEqual(["artifacts", "log.txt", "result.json", "task.json"])
    const log = await readFile(join(fx.home, "tasks/0001_read/log.txt"), "utf8")
    expect(log).toMatch(/^\[\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\] started read \$0000 \(1 bytes\)\n/)
  })

  it("puts background tasks under tasks/background with one sample line per iteration", async () => {
    fx.backend.memory.set([0x41, 0x42], 0x0400)
    const task = await fx.service.start("read", { address: "$0400", length: 2 }, { everyMs: 15, count: 3 })
    await untilFinished(fx.service, task.id)
    const folder = join(fx.home, "tasks/background/0001_read")
    expect((await readdir(folder)).sort()).toEqual(["log.txt", "result.json", "samples.jsonl", "task.json"])
    const lines = (await readFile(join(folder, "samples.jsonl"), "utf8")).trim().split("\n").map((l) => JSON.parse(l))
    expect(lines.map((l) => l.i)).toEqual([1, 2, 3])
    for (const line of lines) {
      expect(Object.keys(line)).toEqual(["i", "at", "ms", "address", "length", "hex"])
      expect(line).toMatchObject({ address: "$0400", length: 2, hex: "4142" })
      expect(line.at).toMatch(SPEC_TIME)
      expect(Number.isInteger(line.ms)).toBe(true)
    }
    expect(lines[2].ms - lines[0].ms).toBeGreaterThanOrEqual(15)
  })

  it("keeps the latest figures of a background read in result.json", async () => {
    fx.backend.memory.set([7, 9], 0x0400)
    const task = await fx.service.start("read", { address: "$0400", length: 2 }, { everyMs: 15, count: 2 })
    await untilFinished(fx.service, task.id)
    const result = await readJson(join(fx.home, "tasks/background/0001_read/result.json"))
    expect(result).toMatchObject({
      id: "0001_read", type: "task", name: "read", status: "completed", iterations: 2, maxIterations: 2, intervalMs: 15,
      summary: { iterations: 2, address: "$0400", length: 2, hex: "0709", changedBytes: 0, mean: 8 },
    })
    expect(result.created).toBe("2025-10-27T11-42-03Z")
    expect(result.completed).toMatch(SPEC_TIME)
  })

  it("writes files 0600 and folders 0700", async () => {
    await fx.service.run("read", { address: 0, length: 1 })
    expect((await stat(join(fx.home, "tasks.json"))).mode & 0o777).toBe(0o600)
    expect((await stat(join(fx.home, "tasks/0001_read/result.json"))).mode & 0o777).toBe(0o600)
    expect((await stat(join(fx.home, "tasks/0001_read/log.txt"))).mode & 0o777).toBe(0o600)
    expect((await stat(join(fx.home, "tasks/0001_read"))).mode & 0o777).toBe(0o700)
  })
})

describe("where the state lives", () => {
  it("uses C64BRIDGE_HOME/tasks.json by default", () => {
    expect(resolveC64StatePaths({ C64BRIDGE_HOME: "/tmp/c64home" })).toEqual({ home: "/tmp/c64home", registry: "/tmp/c64home/tasks.json" })
  })

  it("takes C64_TASK_STATE_FILE as the registry and its folder as the home", () => {
    expect(resolveC64StatePaths({ C64BRIDGE_HOME: "/tmp/ignored", C64_TASK_STATE_FILE: "/tmp/state/registry.json" })).toEqual({
      home: "/tmp/state",
      registry: "/tmp/state/registry.json",
    })
  })
})
