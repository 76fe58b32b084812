import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { createC64BridgeCommands } from "../../src/c64/bridge-commands.ts"
import { formatInterval, parseInterval } from "../../src/c64/interval-text.ts"
import type { BridgeCommandDefinition } from "../../src/domain/command-definition.ts"
import { makeServiceFixture, untilFinished, type ServiceFixture } from "./helpers/service-fixture.ts"

let fx: ServiceFixture
let commands: BridgeCommandDefinition[]
beforeEach(async () => {
  fx = await makeServiceFixture()
  commands = createC64BridgeCommands(fx.service)
})
afterEach(() => fx.cleanup())

/** What the runner does with a command: validate the payload, run it, describe it. */
async function send(command: string, payload: unknown): Promise<{ data: unknown; line: string }> {
  const definition = commands.find((c) => c.command === command)!
  const parsed = definition.payload.parse(payload)
  const data = await definition.run(parsed)
  expect(JSON.parse(JSON.stringify(data))).toEqual(data)
  return { data, line: definition.describe(parsed, data) }
}

describe("the c64-* bridge commands", () => {
  it("are the task commands and the machine commands", () => {
    expect(commands.map((c) => c.command)).toEqual([
      "c64-run", "c64-start", "c64-stop", "c64-peek", "c64-poke", "c64-screen", "c64-reset", "c64-run-prg", "c64-backend", "c64-list", "c64-show",
    ])
  })

  it("c64-backend answers the status of the machine the other commands use", async () => {
    const { data, line } = await send("c64-backend", {})
    expect(data).toEqual(await fx.backend.status())
    expect(line).toBe((data as { detail: string }).detail)
  })

  it("c64-poke writes bytes that c64-peek then reads, and neither records a task", async () => {
    const poked = await send("c64-poke", { address: "0xc000", bytes: "de ad" })
    expect(poked.line).toBe("wrote 2 bytes at $C000")
    const peeked = await send("c64-peek", { address: "$C000", length: 2 })
    expect(peeked.data).toEqual({ address: "$C000", length: 2, hex: "dead" })
    expect(peeked.line).toBe("read 2 bytes at $C000")
    expect(await fx.service.list()).toEqual([])
  })

  it("c64-screen answers the text rows, c64-reset resets and c64-run-prg runs a program", async () => {
    fx.backend.memory.fill(0x20, 0x0400, 0x07e8)
    fx.backend.memory.set([8, 5, 12, 12, 15], 0x0400)
    const screen = await send("c64-screen", {})
    expect((screen.data as { rows: string[] }).rows[0]).toBe("HELLO")
    expect((await send("c64-reset", {})).data).toEqual({ reset: true })
    const prg = Buffer.from([0x00, 0xc0, 0xea, 0x60]).toString("base64")
    expect((await send("c64-run-prg", { prgBase64: prg })).line).toBe("ran a 2-byte program at $C000")
    expect(Array.from(fx.backend.lastPrg!)).toEqual([0x00, 0xc0, 0xea, 0x60])
  })

  it("c64-peek and c64-poke refuse addresses past the end of memory", async () => {
    await expect(send("c64-peek", { address: "0xffff", length: 2 })).rejects.toThrow(/peek/)
    await expect(send("c64-poke", { address: "0x10000", bytes: "00" })).rejects.toThrow(/poke/)
  })

  it("c64-start starts a background task and reads as a short line", async () => {
    const { data, line } = await send("c64-start", { operation: "read", args: { address: "$0400", length: 16 }, every: "1s" })
    expect(data).toMatchObject({ id: "0001_read", type: "background", intervalMs: 1000, status: "running" })
    expect(line).toBe("started read $0400 every 1s")
    await fx.service.stop("0001_read")
  })

  it("c64-start takes c64bridge's own intervalMs and maxIterations too", async () => {
    const { data, line } = await send("c64-start", { operation: "read", intervalMs: 20, maxIterations: 2 })
    expect(line).toBe("started read $0400 every 20ms, 2 times")
    await untilFinished(fx.service, (data as { id: string }).id)
  })

  it("c64-start without an interval is refused with a clear message", async () => {
    await expect(send("c64-start", { operation: "read" })).rejects.toThrow(/needs an interval: every \("1s"\) or intervalMs \(1000\)/)
    await expect(send("c64-start", { operation: "read", every: "5" })).rejects.toThrow(/'5' needs a unit/)
    expect(await fx.service.list()).toEqual([])
  })

  it("c64-run runs a foreground task and answers with the task and its result", async () => {
    fx.backend.memory.set([1, 2], 0xc000)
    const { data, line } = await send("c64-run", { operation: "read", args: { address: "$C000", length: 2 } })
    expect(data).toMatchObject({ task: { id: "0001_read", status: "completed" }, result: { summary: { hex: "0102" } } })
    expect(line).toBe("ran read $C000 → 0001_read")
  })

  it("c64-stop stops a task by a partial id", async () => {
    await send("c64-start", { operation: "read", every: "1s" })
    const { data, line } = await send("c64-stop", { taskId: "1" })
    expect(data).toMatchObject({ task: { id: "0001_read", status: "stopped" }, stopped: true })
    expect(line).toBe("stopped 0001_read")
    expect((await send("c64-stop", { taskId: "0001_read" })).line).toBe("0001_read was already stopped")
  })

  it("c64-list filters by status and type and keeps the newest when limited", async () => {
    await send("c64-run", { operation: "read" })
    await send("c64-run", { operation: "read_screen" })
    await send("c64-start", { operation: "read", every: "1s" })
    const all = await send("c64-list", {})
    expect(all.line).toBe("listed 3 C64 tasks")
    expect(((await send("c64-list", { type: "foreground", limit: 1 })).data as Array<{ id: string }>).map((t) => t.id)).toEqual(["0002_read_screen"])
    expect(((await send("c64-list", { status: "running" })).data as Array<{ id: string }>).map((t) => t.id)).toEqual(["0003_read_2"])
    await fx.service.stop("3")
  })

  it("c64-show answers with the entry, task.json, result.json, samples and log", async () => {
    const { data } = await send("c64-start", { operation: "read", args: { length: 4 }, intervalMs: 10, count: 3 })
    await untilFinished(fx.service, (data as { id: string }).id)
    const shown = await send("c64-show", { taskId: "0001_read", samples: 2 })
    expect(shown.data).toMatchObject({ task: { id: "0001_read", iterations: 3 }, taskFile: { resultPath: "tasks/background/0001_read/result.json" }, result: { status: "completed" } })
    expect((shown.data as { samples: Array<{ i: number }> }).samples.map((s) => s.i)).toEqual([2, 3])
    expect(shown.line).toBe("showed 0001_read")
  })

  it("refuse payload fields they do not know", () => {
    const start = commands.find((c) => c.command === "c64-start")!
    expect(start.payload.safeParse({ operation: "read", every: "1s", evry: "2s" }).success).toBe(false)
  })
})

describe("interval text", () => {
  it("reads 500ms, 1s, 90s and 1h30m", () => {
    expect(["500ms", "1s", "90s", "1h30m"].map(parseInterval)).toEqual([500, 1000, 90000, 5400000])
  })

  it("writes intervals back in the same style", () => {
    expect([500, 1000, 90000, 5400000, 1500].map(formatInterval)).toEqual(["500ms", "1s", "1m30s", "1h30m", "1500ms"])
  })

  it("refuses zero and text that is not a duration", () => {
    expect(() => parseInterval("0s")).toThrow(/above 0 ms/)
    expect(() => parseInterval("soon")).toThrow(/not a duration/)
  })
})
