import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { createUltimateBackend } from "../../../src/c64/backends/ultimate.ts"
import { createSimBackend, type SimBackend } from "../../../src/c64/backends/sim.ts"
import { createFakeBackend, type FakeBackend } from "../helpers/fake-backend.ts"
import { startUltimateTestServer, type UltimateTestServer } from "../helpers/ultimate-test-server.ts"
import { TskError } from "../../../src/domain/errors.ts"
import { createC64Service } from "../../../src/c64/c64-service.ts"
import { makeTempHome } from "../helpers/temp-home.ts"
import { createLazyBackend } from "../../../src/c64/backends/lazy-backend.ts"

describe("the Ultimate REST client against a loopback server", () => {
  let memory: FakeBackend
  let server: UltimateTestServer
  beforeEach(() => {
    memory = createFakeBackend()
    server = startUltimateTestServer(memory)
  })
  afterEach(() => server.stop())

  it("reads memory with GET readmem, the address in hex without $", async () => {
    memory.memory.set([0x13, 0x05, 0x0c], 0x0400)
    const backend = createUltimateBackend({ url: server.url })
    expect(Array.from(await backend.read(0x0400, 3))).toEqual([0x13, 0x05, 0x0c])
    expect(server.requests).toEqual([{ method: "GET", path: "/v1/machine:readmem", query: { address: "0400", length: "3" }, bodyLength: 0, password: null }])
  })

  it("splits reads into chunks of at most 4096 bytes", async () => {
    memory.memory.forEach((_, i) => (memory.memory[i] = i & 0xff))
    const backend = createUltimateBackend({ url: server.url })
    const bytes = await backend.read(0x1000, 10000)
    expect(bytes.length).toBe(10000)
    expect(bytes[9999]).toBe((0x1000 + 9999) & 0xff)
    expect(server.requests.map((r) => [r.query.address, r.query.length])).toEqual([
      [undefined, undefined], ["1000", "4096"], ["2000", "4096"], ["3000", "1808"], [undefined, undefined],
    ])
  })

  it("pauses the machine around a read that takes several requests, and not around a single one", async () => {
    const backend = createUltimateBackend({ url: server.url })
    await backend.read(0x0400, 256)
    await backend.read(0x0000, 0x2000)
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /v1/machine:readmem", "PUT /v1/machine:pause", "GET /v1/machine:readmem", "GET /v1/machine:readmem", "PUT /v1/machine:resume",
    ])
    expect(server.paused).toBe(false)
  })

  it("nests pauses: only the outermost pause and resume reach the machine", async () => {
    const backend = createUltimateBackend({ url: server.url })
    await backend.pause()
    await backend.read(0x0000, 0x2000)
    expect(server.paused).toBe(true)
    await backend.resume()
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "PUT /v1/machine:pause", "GET /v1/machine:readmem", "GET /v1/machine:readmem", "PUT /v1/machine:resume",
    ])
    expect(server.paused).toBe(false)
  })

  it("resumes the machine even when a read in the middle fails", async () => {
    const backend = createUltimateBackend({ url: server.url })
    await expect(backend.read(0xf000, 0x2000)).rejects.toThrow(/answered 400/)
    expect(server.requests.at(-1)).toMatchObject({ method: "PUT", path: "/v1/machine:resume" })
    expect(server.paused).toBe(false)
  })

  it("writes a few bytes with PUT and data in the query string", async () => {
    const backend = createUltimateBackend({ url: server.url })
    await backend.write(0xd020, Uint8Array.of(0x0e, 0x06))
    expect(Array.from(memory.memory.subarray(0xd020, 0xd022))).toEqual([0x0e, 0x06])
    expect(server.requests[0]).toMatchObject({ method: "PUT", query: { address: "D020", data: "0E06" } })
  })

  it("writes larger blocks with POST and a binary body", async () => {
    const backend = createUltimateBackend({ url: server.url })
    await backend.write(0x2000, new Uint8Array(5000).fill(0xaa))
    expect(memory.memory[0x2000 + 4999]).toBe(0xaa)
    expect(server.requests.map((r) => [r.method, r.query.address, r.bodyLength])).toEqual([["POST", "2000", 4096], ["POST", "3000", 904]])
  })

  it("resets, pauses, resumes and runs a PRG with the machine endpoints", async () => {
    const backend = createUltimateBackend({ url: server.url })
    await backend.pause()
    expect(server.paused).toBe(true)
    await backend.resume()
    await backend.reset()
    await backend.runPrg(Uint8Array.of(0x01, 0x08, 0xea, 0x60))
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "PUT /v1/machine:pause", "PUT /v1/machine:resume", "PUT /v1/machine:reset", "POST /v1/runners:run_prg",
    ])
    expect(Array.from(memory.lastPrg!)).toEqual([0x01, 0x08, 0xea, 0x60])
  })

  it("sends X-Password, and explains a refusal when it is wrong", async () => {
    await server.stop()
    server = startUltimateTestServer(memory, { password: "s3cret" })
    await createUltimateBackend({ url: server.url, password: "s3cret" }).read(0, 1)
    expect(server.requests[0]!.password).toBe("s3cret")
    const error = await createUltimateBackend({ url: server.url, password: "nope" }).read(0, 1).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TskError)
    expect((error as Error).message).toMatch(/answered 403 \(wrong or missing password: set c64\.ultimatePassword\)/)
  })

  it("gives up after the timeout with a clear message", async () => {
    server.delayMs = 500
    const error = await createUltimateBackend({ url: server.url, timeoutMs: 100 }).read(0, 1).catch((e: unknown) => e)
    expect((error as Error).message).toBe(`ultimate at ${new URL(server.url).host}: no answer within 100 ms (GET /v1/machine:readmem)`)
  })

  it("reports a machine that is not there as not answering", async () => {
    const url = server.url
    await server.stop()
    const backend = createUltimateBackend({ url, timeoutMs: 1000 })
    await expect(backend.read(0, 1)).rejects.toThrow(/cannot connect/)
    expect(await backend.status()).toMatchObject({ backend: "ultimate", ok: false })
    server = startUltimateTestServer(memory)
  })

  it("refuses a write, reset or run answered 200 with a body that is not JSON, or with errors named", async () => {
    let body = "OK"
    const odd = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response(body, { status: 200 }) })
    try {
      const backend = createUltimateBackend({ url: `http://127.0.0.1:${odd.port}` })
      await expect(backend.write(0x0400, new Uint8Array([1, 2]))).rejects.toThrow(/PUT \/v1\/machine:writemem answered 200 with a body that is not the JSON the REST API sends \("OK"\)/)
      await expect(backend.write(0x0400, new Uint8Array(300))).rejects.toThrow(/POST \/v1\/machine:writemem answered 200 with a body that is not/)
      await expect(backend.reset()).rejects.toThrow(/PUT \/v1\/machine:reset answered 200/)
      body = ""
      await expect(backend.runPrg(new Uint8Array([1, 8, 0]))).rejects.toThrow(/POST \/v1\/runners:run_prg answered 200 with a body that is not .*\(empty\)/)
      body = JSON.stringify({ errors: ["Memory is write protected"] })
      await expect(backend.write(0x0400, new Uint8Array([1]))).rejects.toThrow(/PUT \/v1\/machine:writemem failed: Memory is write protected/)
      body = JSON.stringify({ errors: [] })
      await expect(backend.write(0x0400, new Uint8Array([1]))).resolves.toBeUndefined()
    } finally {
      await odd.stop(true)
    }
  })

  it("says which machine answered in its status", async () => {
    expect(await createUltimateBackend({ url: server.url }).status()).toEqual({
      backend: "ultimate", ok: true, detail: `ultimate at ${new URL(server.url).host} answered (REST API 0.1)`,
    })
  })

  it("refuses a URL that is not http", () => {
    expect(() => createUltimateBackend({ url: "ftp://c64" })).toThrow(/must start with http/)
    expect(() => createUltimateBackend({ url: "c64 box" })).toThrow(/is not a URL/)
  })
})

describe("the Ultimate REST client over the sim machine", () => {
  let sim: SimBackend
  let server: UltimateTestServer
  beforeEach(() => {
    sim = createSimBackend({ autoStart: false })
    server = startUltimateTestServer(sim)
  })
  afterEach(async () => {
    await server.stop()
    await sim.close()
  })

  it("reads the same bytes as the machine itself, across chunk borders", async () => {
    const backend = createUltimateBackend({ url: server.url })
    expect(Array.from(await backend.read(0x0000, 0x10000))).toEqual(Array.from(await sim.read(0, 0x10000)))
  })

  it("writes through to the machine's memory", async () => {
    await createUltimateBackend({ url: server.url }).write(0xc000, Uint8Array.of(1, 2, 3))
    expect(Array.from(await sim.read(0xc000, 3))).toEqual([1, 2, 3])
  })
})

describe("C64 tasks over the Ultimate backend", () => {
  it("pauses once around a sprite extraction through the lazy backend the CLI, bridge and TUI use", async () => {
    const memory = createFakeBackend()
    memory.memory.fill(0xff, 0x2000, 0x2040)
    const server = startUltimateTestServer(memory)
    const temp = await makeTempHome()
    const backend = createLazyBackend("ultimate", () => createUltimateBackend({ url: server.url }))
    const service = await createC64Service({ home: temp.home, backend })
    try {
      await service.run("extract_sprites_from_ram", {})
      const calls = server.requests.map((r) => `${r.method} ${r.path}`)
      expect(calls[0]).toBe("PUT /v1/machine:pause")
      expect(calls.at(-1)).toBe("PUT /v1/machine:resume")
      expect(calls.filter((c) => c.includes("pause") || c.includes("resume"))).toEqual(["PUT /v1/machine:pause", "PUT /v1/machine:resume"])
      expect(calls.filter((c) => c === "GET /v1/machine:readmem").length).toBeGreaterThan(1)
    } finally {
      await service.close()
      await server.stop()
      await temp.cleanup()
    }
  })

  it("pauses the machine around a RAM dump so it is one moment, and resumes it", async () => {
    const memory = createFakeBackend()
    memory.memory.fill(0x5a, 0x8000, 0x9800)
    const server = startUltimateTestServer(memory)
    const temp = await makeTempHome()
    const service = await createC64Service({ home: temp.home, backend: createUltimateBackend({ url: server.url }) })
    try {
      const { result } = await service.run("extract_ram", { address: "$8000", length: 6144 })
      expect(result.summary).toMatchObject({ length: 6144 })
      expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
        "PUT /v1/machine:pause", "GET /v1/machine:readmem", "GET /v1/machine:readmem", "PUT /v1/machine:resume",
      ])
    } finally {
      await service.close()
      await server.stop()
      await temp.cleanup()
    }
  })
})
