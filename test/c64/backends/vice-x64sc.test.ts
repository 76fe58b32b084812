// Runs the real VICE x64sc with its binary monitor on a loopback port when it is installed.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createServer } from "node:net"
import { createViceBackend } from "../../../src/c64/backends/vice.ts"
import type { C64Backend } from "../../../src/c64/backend.ts"

const x64sc = Bun.which("x64sc")
const title = x64sc
  ? "the VICE backend against a real x64sc"
  : "the VICE backend against a real x64sc (skipped: x64sc is not on PATH; install VICE to run it)"

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer()
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

describe.skipIf(!x64sc)(title, () => {
  let vice: ReturnType<typeof Bun.spawn> | undefined
  let backend: C64Backend

  beforeAll(async () => {
    const port = await freePort()
    vice = Bun.spawn(
      [x64sc!, "-console", "-default", "-sounddev", "dummy", "-binarymonitor", "-binarymonitoraddress", `ip4://127.0.0.1:${port}`],
      { stdout: "ignore", stderr: "ignore" },
    )
    backend = createViceBackend({ port, timeoutMs: 2000 })
    const deadline = Date.now() + 20000
    while (!(await backend.status()).ok) {
      if (Date.now() > deadline) throw new Error("x64sc did not open its binary monitor within 20 s")
      await new Promise((r) => setTimeout(r, 250))
    }
  })

  afterAll(async () => {
    await backend?.close()
    vice?.kill()
    await vice?.exited
  })

  it("reads the KERNAL's reset vector", async () => {
    const vector = await backend.read(0xfffc, 2)
    expect(vector[0]! | (vector[1]! << 8)).toBe(0xfce2)
  })

  it("writes memory and reads it back, and the machine keeps running", async () => {
    await backend.write(0xc000, Uint8Array.of(0xde, 0xad, 0xbe, 0xef))
    expect(Array.from(await backend.read(0xc000, 4))).toEqual([0xde, 0xad, 0xbe, 0xef])
    const jiffy = async () => Array.from(await backend.read(0xa0, 3)).reduce((n, b) => n * 256 + b, 0)
    const before = await jiffy()
    await new Promise((r) => setTimeout(r, 300))
    expect(await jiffy()).toBeGreaterThan(before)
  })
})
