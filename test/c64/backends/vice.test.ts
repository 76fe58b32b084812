import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { createViceBackend } from "../../../src/c64/backends/vice.ts"
import { ViceFrameReader, encodeRequest, memGetBody } from "../../../src/c64/backends/vice-protocol.ts"
import { startViceMonitorFake, type ViceMonitorFake } from "../helpers/vice-monitor-fake.ts"
import type { C64Backend } from "../../../src/c64/backend.ts"

describe("the VICE binary monitor encoding", () => {
  it("frames a request as STX, API 2, body length, request id, command and body", () => {
    expect(Array.from(encodeRequest(0x01020304, 0x01, memGetBody(0x0400, 256)))).toEqual([
      0x02, 0x02, 8, 0, 0, 0, 0x04, 0x03, 0x02, 0x01, 0x01,
      0x00, 0x00, 0x04, 0xff, 0x04, 0x00, 0x00, 0x00,
    ])
  })

  it("reassembles answers split across packets and several answers in one packet", () => {
    const reader = new ViceFrameReader()
    const answer = [0x02, 0x02, 3, 0, 0, 0, 0x01, 0x00, 7, 0, 0, 0, 1, 0, 0x42]
    expect(reader.push(Uint8Array.from(answer.slice(0, 5)))).toEqual([])
    const frames = reader.push(Uint8Array.from([...answer.slice(5), ...answer]))
    expect(frames).toHaveLength(2)
    expect(frames[0]).toEqual({ type: 0x01, error: 0, requestId: 7, body: Uint8Array.of(1, 0, 0x42) })
  })
})

describe("the VICE backend against a loopback fake of the monitor", () => {
  let fake: ViceMonitorFake
  let backend: C64Backend
  beforeEach(async () => {
    fake = await startViceMonitorFake()
    backend = createViceBackend({ host: "127.0.0.1", port: fake.port, timeoutMs: 500 })
  })
  afterEach(async () => {
    await backend.close()
    await fake.stop()
  })

  it("reads with MEM_GET and resumes the CPU with EXIT after every read", async () => {
    fake.memory.set([0x08, 0x05, 0x0c], 0x0400)
    expect(Array.from(await backend.read(0x0400, 3))).toEqual([8, 5, 12])
    expect(fake.commands.map((c) => c.command)).toEqual([0x01, 0xaa])
    expect(Array.from(fake.commands[0]!.body)).toEqual([0x00, 0x00, 0x04, 0x02, 0x04, 0x00, 0x00, 0x00])
    expect(fake.running).toBe(true)
    await backend.read(0xd020, 1)
    expect(fake.commands.map((c) => c.command)).toEqual([0x01, 0xaa, 0x01, 0xaa])
  })

  it("matches answers by request id although STOPPED and RESUMED events arrive in between", async () => {
    fake.memory[0xc000] = 0x99
    fake.fragment = true
    const reads = await Promise.all([backend.read(0xc000, 1), backend.read(0xc000, 1), backend.read(0xc000, 1)])
    expect(reads.map((r) => r[0])).toEqual([0x99, 0x99, 0x99])
    expect(fake.commands.map((c) => c.command)).toEqual([0x01, 0xaa, 0x01, 0xaa, 0x01, 0xaa])
  })

  it("reads large ranges in 4096-byte requests and resumes once at the end", async () => {
    fake.memory.forEach((_, i) => (fake.memory[i] = (i * 7) & 0xff))
    const bytes = await backend.read(0, 0x10000)
    expect(bytes.every((b, i) => b === ((i * 7) & 0xff))).toBe(true)
    expect(fake.commands.filter((c) => c.command === 0x01)).toHaveLength(16)
    expect(fake.commands.filter((c) => c.command === 0xaa)).toHaveLength(1)
  })

  it("writes with MEM_SET and resumes", async () => {
    await backend.write(0xd020, Uint8Array.of(0x0e, 0x06))
    expect(Array.from(fake.memory.subarray(0xd020, 0xd022))).toEqual([0x0e, 0x06])
    expect(fake.commands.map((c) => c.command)).toEqual([0x02, 0xaa])
    expect(fake.running).toBe(true)
  })

  it("loads a BASIC PRG, sets the BASIC pointers and types RUN", async () => {
    await backend.runPrg(Uint8Array.of(0x01, 0x08, 0x0b, 0x08, 0x0a, 0x00))
    expect(Array.from(fake.memory.subarray(0x0801, 0x0805))).toEqual([0x0b, 0x08, 0x0a, 0x00])
    expect(Array.from(fake.memory.subarray(0x2d, 0x33))).toEqual([0x05, 0x08, 0x05, 0x08, 0x05, 0x08])
    expect(fake.typed).toEqual(["RUN\r"])
    expect(fake.running).toBe(true)
  })

  it("starts a machine-code PRG with SYS at its load address", async () => {
    await backend.runPrg(Uint8Array.of(0x00, 0xc0, 0xee, 0x20, 0xd0, 0x60))
    expect(fake.typed).toEqual(["SYS49152\r"])
  })

  it("turns an error code into a clear message and still resumes the CPU", async () => {
    fake.errorOn.set(0x01, 0x81)
    await expect(backend.read(0, 1)).rejects.toThrow(`vice at 127.0.0.1:${fake.port}: MEM_GET failed: invalid parameter value (0x81)`)
    expect(fake.commands.at(-1)!.command).toBe(0xaa)
  })

  it("times out a request the monitor leaves unanswered, then reconnects for the next one", async () => {
    fake.silentOn.add(0x01)
    await expect(backend.read(0, 1)).rejects.toThrow(/no answer to MEM_GET within 500 ms/)
    fake.silentOn.clear()
    fake.memory[0] = 0x2f
    expect(Array.from(await backend.read(0, 1))).toEqual([0x2f])
    expect(fake.connections).toBe(2)
  })

  /** Resolves once the fake has been sent EXIT after the last `command` (the CPU runs on). */
  const resumedAfter = async (command: number) => {
    for (let i = 0; i < 2000; i++) {
      const last = fake.commands.map((c) => c.command).lastIndexOf(command)
      if (last >= 0 && fake.commands.slice(last + 1).some((c) => c.command === 0xaa) && fake.running) return
      await new Promise((r) => setTimeout(r, 10))
    }
    throw new Error(`no EXIT after command ${command}: ${fake.commands.map((c) => c.command).join(",")}`)
  }

  it("sends EXIT before dropping a connection whose request timed out", async () => {
    fake.silentOn.add(0x01)
    await expect(backend.read(0, 1)).rejects.toThrow(/no answer to MEM_GET within 500 ms/)
    await resumedAfter(0x01)
  })

  it("sends EXIT before dropping a connection that answered with garbage", async () => {
    fake.garbleOn.add(0x01)
    await expect(backend.read(0, 1)).rejects.toThrow(/garbled answer/)
    await resumedAfter(0x01)
  })

  it("sends EXIT on a connection the monitor hung up on its side, while it still takes it", async () => {
    fake.hangUpOn.add(0x01)
    await expect(backend.read(0, 1)).rejects.toThrow(/the monitor closed the connection/)
    await resumedAfter(0x01)
    fake.hangUpOn.clear()
    fake.memory[0] = 0x11
    expect(Array.from(await backend.read(0, 1))).toEqual([0x11])
  })

  it("pings for its status, and reports a monitor that is not listening", async () => {
    expect(await backend.status()).toEqual({ backend: "vice", ok: true, detail: `vice at 127.0.0.1:${fake.port}: binary monitor answered` })
    const port = fake.port
    await backend.close()
    await fake.stop()
    backend = createViceBackend({ port, timeoutMs: 500 })
    const status = await backend.status()
    expect(status.ok).toBe(false)
    expect(status.detail).toMatch(/cannot connect: connection refused \(start x64sc with -binarymonitor\)/)
    fake = await startViceMonitorFake()
  })
})
