import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { readFile } from "node:fs/promises"
import { join } from "node:path"
import { makeServiceFixture, untilFinished, type ServiceFixture } from "../helpers/service-fixture.ts"
import { waitFor } from "../helpers/temp-home.ts"
import { textToScreenCodes } from "../../../src/c64/operations/screen-codes.ts"
import type { C64Event } from "../../../src/c64/c64-events.ts"

let fx: ServiceFixture
beforeEach(async () => {
  fx = await makeServiceFixture()
})
afterEach(() => fx.cleanup())

const samplesOf = async (folder: string) =>
  (await readFile(join(fx.home, folder, "samples.jsonl"), "utf8")).trim().split("\n").map((l) => JSON.parse(l))

describe("background read", () => {
  it("counts the bytes changed since the previous sample", async () => {
    const events: C64Event[] = []
    fx.service.onEvent((e) => events.push(e))
    const task = await fx.service.start("read", { address: "$0400", length: 4 }, { everyMs: 30, count: 3 })
    fx.service.onEvent((e) => {
      if (e.type === "iteration" && e.task.id === task.id && e.sample?.i === 1) fx.backend.memory.set([9, 9], 0x0400)
    })
    await untilFinished(fx.service, task.id)
    const changed = events.filter((e) => e.type === "iteration").map((e) => (e.type === "iteration" ? e.summary.changedBytes : null))
    expect(changed).toEqual([0, 2, 0])
    expect(events.map((e) => e.type)).toEqual(["started", "iteration", "iteration", "iteration", "completed"])
  })

  it("runs until stopped when no count is given, and stop records when", async () => {
    const task = await fx.service.start("read", { address: 0, length: 1 }, { everyMs: 10 })
    await waitFor(async () => ((await fx.service.show(task.id)).task.iterations ?? 0) >= 3)
    const { task: stopped, stopped: changed } = await fx.service.stop(task.id)
    expect(changed).toBe(true)
    expect(stopped).toMatchObject({ status: "stopped", stoppedAt: expect.stringMatching(/Z$/) })
    const after = stopped.iterations
    await new Promise((r) => setTimeout(r, 60))
    expect((await fx.service.show(task.id)).task.iterations).toBe(after)
    expect(fx.service.runningHere()).toEqual([])
    const result = JSON.parse(await readFile(join(fx.home, task.folder, "result.json"), "utf8"))
    expect(result.status).toBe("stopped")
  })

  it("turns a failed read into status error with lastError and stops sampling", async () => {
    const task = await fx.service.start("read", { address: 0, length: 1 }, { everyMs: 10, count: 10 })
    await waitFor(async () => ((await fx.service.show(task.id)).task.iterations ?? 0) >= 2)
    fx.backend.failReads(1, "timeout after 5000 ms")
    const event = await untilFinished(fx.service, task.id)
    expect(event).toMatchObject({ type: "error", error: "timeout after 5000 ms" })
    const { task: entry, result } = await fx.service.show(task.id)
    expect(entry).toMatchObject({ status: "error", lastError: "timeout after 5000 ms" })
    expect(entry.iterations).toBeLessThan(10)
    expect(result).toMatchObject({ status: "error", error: "timeout after 5000 ms" })
  })

  it("runs many tasks at once, each on its own timetable", async () => {
    // Listening before the starts: the first task may finish while the others are being started.
    const ended = new Set<string>()
    fx.service.onEvent((e) => {
      if (e.type === "completed" || e.type === "error") ended.add(e.task.id)
    })
    await fx.service.start("read", { address: 0, length: 1 }, { everyMs: 10, count: 6 })
    await fx.service.start("read", { address: 1, length: 1 }, { everyMs: 25, count: 3 })
    await fx.service.start("read_screen", {}, { everyMs: 15, count: 2 })
    await waitFor(() => ended.size === 3)
    const entries = await fx.service.list()
    expect(entries.map((e) => [e.id, e.status, e.iterations])).toEqual([
      ["0001_read", "completed", 6],
      ["0002_read_2", "completed", 3],
      ["0003_read_screen", "completed", 2],
    ])
  })
})

describe("wait_for_text", () => {
  it("completes when the text appears on the screen and says where", async () => {
    fx.backend.memory.fill(0x20, 0x0400, 0x07e8)
    const task = await fx.service.start("wait_for_text", { text: "ready." }, { everyMs: 10, count: 100 })
    await waitFor(async () => ((await fx.service.show(task.id)).task.iterations ?? 0) >= 2)
    fx.backend.memory.set(textToScreenCodes("READY."), 0x0400 + 3 * 40 + 2)
    const event = await untilFinished(fx.service, task.id)
    expect(event.type).toBe("completed")
    const { task: entry, result } = await fx.service.show(task.id)
    expect(entry.status).toBe("completed")
    expect(result!.summary).toMatchObject({ text: "ready.", found: true, row: 3, column: 2 })
  })

  it("is an error when the checks run out before the text appears", async () => {
    const task = await fx.service.start("wait_for_text", { text: "LOADING" }, { everyMs: 5, count: 3 })
    const event = await untilFinished(fx.service, task.id)
    expect(event).toMatchObject({ type: "error", error: "text 'LOADING' did not appear on the screen in 3 checks" })
    expect((await fx.service.show(task.id)).task).toMatchObject({ status: "error", iterations: 3 })
  })
})

describe("capture", () => {
  it("compares every capture with the first and records the differences", async () => {
    const task = await fx.service.start("capture", { address: "$C000", length: 8 }, { everyMs: 20, count: 3 })
    fx.service.onEvent((e) => {
      if (e.type === "iteration" && e.task.id === task.id && e.sample?.i === 1) fx.backend.memory[0xc003] = 0x42
    })
    await untilFinished(fx.service, task.id)
    const samples = await samplesOf(task.folder)
    expect(samples.map((s) => s.changedFromFirst)).toEqual([0, 1, 1])
    expect(samples[1].diffs).toEqual([{ address: "$C003", first: "00", now: "42" }])
    const { result } = await fx.service.show(task.id)
    expect(result!.summary).toMatchObject({ iterations: 3, lastChanged: 1, capturesWithDifferences: 2, maxChanged: 1 })
  })
})

describe("background write", () => {
  it("writes the same bytes every interval", async () => {
    const task = await fx.service.start("write", { address: "$D020", bytes: "02" }, { everyMs: 10, count: 3 })
    fx.service.onEvent((e) => {
      if (e.type === "iteration" && e.task.id === task.id) fx.backend.memory[0xd020] = 0
    })
    await untilFinished(fx.service, task.id)
    expect(fx.backend.calls.write).toBe(3)
    expect((await fx.service.show(task.id)).result!.summary).toMatchObject({ iterations: 3, address: "$D020", hex: "02" })
  })
})
