import { afterEach, describe, expect, it } from "vitest"
import { TskError } from "../../src/domain/errors.ts"
import type { C64Backend } from "../../src/c64/backend.ts"
import { createSimBackend, type SimBackend } from "../../src/c64/backends/sim.ts"
import { DEMO_LAYOUT } from "../../src/c64/machine/demo/demo-program.ts"
import { PAL_CLOCK_HZ } from "../../src/c64/machine/timing.ts"

const TITLE_CODES = [0x14, 0x13, 0x0b, 0x20, 0x04, 0x05, 0x0d, 0x0f] // "TSK DEMO" in screen codes
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const open: C64Backend[] = []

function backend(options: Parameters<typeof createSimBackend>[0] = { autoStart: false }): SimBackend {
  const created = createSimBackend(options)
  open.push(created)
  return created
}

async function expectInvalid(promise: Promise<unknown>, message: RegExp): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(TskError)
  expect((error as TskError).kind).toBe("invalid")
  expect((error as TskError).message).toMatch(message)
}

const frameCounter = async (sim: C64Backend) =>
  Number(String.fromCharCode(...(await sim.read(DEMO_LAYOUT.frameDigitsAddress, 6))))

afterEach(async () => {
  await Promise.all(open.splice(0).map((created) => created.close()))
})

describe("sim backend", () => {
  it("has the demo's title on screen as soon as it is created", async () => {
    const sim = backend()
    expect(sim.name).toBe("sim")
    expect(Array.from(await sim.read(0x0400, 8))).toEqual(TITLE_CODES)
  })

  it("writes bytes that read back", async () => {
    const sim = backend()
    await sim.write(0xc000, Uint8Array.of(1, 2, 3))
    expect(Array.from(await sim.read(0xc000, 3))).toEqual([1, 2, 3])
  })

  it("reads the last byte of memory and all 64 KiB at once", async () => {
    const sim = backend()
    expect((await sim.read(0xffff, 1)).length).toBe(1)
    expect((await sim.read(0, 0x10000)).length).toBe(0x10000)
  })

  it("rejects addresses and lengths outside 64 KiB as invalid", async () => {
    const sim = backend()
    await expectInvalid(sim.read(-1, 1), /address must be a whole number from 0 to 65535/)
    await expectInvalid(sim.read(0x10000, 1), /address/)
    await expectInvalid(sim.read(1.5, 1), /address/)
    await expectInvalid(sim.read(0x0400, 0), /length must be a whole number of at least 1/)
    await expectInvalid(sim.read(0xff00, 0x101), /257 bytes from \$FF00 run past \$FFFF \(at most 256 fit\)/)
    await expectInvalid(sim.write(0xfffe, Uint8Array.of(1, 2, 3)), /run past \$FFFF/)
    await expectInvalid(sim.write(0x1000, new Uint8Array(0)), /length/)
  })

  it("runs a PRG in place of the demo until the next reset", async () => {
    const sim = backend()
    await sim.runPrg(Uint8Array.of(0x00, 0xc0, 0xee, 0x00, 0xc1, 0x4c, 0x00, 0xc0)) // INC $C100; JMP $C000
    sim.machine.runCycles(1000)
    expect((await sim.read(0xc100, 1))[0]).toBeGreaterThan(0)
    const frames = await frameCounter(sim)
    sim.machine.runCycles(PAL_CLOCK_HZ / 10)
    expect(await frameCounter(sim)).toBe(frames)
  })

  it("restarts the demo on reset", async () => {
    const sim = backend()
    sim.machine.runCycles(PAL_CLOCK_HZ)
    expect(await frameCounter(sim)).toBeGreaterThan(40)
    await sim.reset()
    expect(await frameCounter(sim)).toBeLessThan(10)
    expect(Array.from(await sim.read(0x0400, 8))).toEqual(TITLE_CODES)
  })

  it("rejects an invalid PRG as invalid", async () => {
    const sim = backend()
    await expectInvalid(sim.runPrg(Uint8Array.of(0x00)), /load address/)
  })

  it("says it is paused when stepped by its owner", async () => {
    const status = await backend().status()
    expect(status).toMatchObject({ backend: "sim", ok: true })
    expect(status.detail).toMatch(/^sim: 6502 paused/)
  })

  it("runs the demo in real time and reports the clock rate it achieves", async () => {
    const sim = backend({ autoStart: true })
    const before = await frameCounter(sim)
    const status = await sim.status()
    await sleep(200)
    expect(status.ok).toBe(true)
    expect(status.detail).toMatch(/^sim: 6502 running at \d+\.\d\d MHz/)
    const mhz = Number(/at (\d+\.\d+) MHz/.exec(status.detail)?.[1])
    expect(mhz).toBeGreaterThan(0.3)
    expect(mhz).toBeLessThan(1.1)
    expect(await frameCounter(sim)).toBeGreaterThan(before)
  })

  it("stops running when closed and refuses further use", async () => {
    const sim = createSimBackend()
    await sim.close()
    const stoppedAt = sim.machine.cycles
    await sleep(50)
    expect(sim.machine.cycles).toBe(stoppedAt)
    await expect(sim.read(0x0400, 1)).rejects.toThrow(/closed/)
  })

  it("reports a jammed CPU as not ok", async () => {
    const sim = backend()
    await sim.runPrg(Uint8Array.of(0x00, 0xc0, 0x02))
    sim.machine.runCycles(100)
    expect(await sim.status()).toEqual({ backend: "sim", ok: false, detail: "sim: 6502 jammed at $C000 (opcode $02)" })
  })

  it("shares one machine between backends created with shared, running until the last closes", async () => {
    const first = createSimBackend({ shared: true })
    const second = createSimBackend({ shared: true })
    expect(second.machine).toBe(first.machine)
    await first.write(0xc000, Uint8Array.of(0x5a))
    expect(Array.from(await second.read(0xc000, 1))).toEqual([0x5a])
    await first.close()
    expect(second.machine.running).toBe(true)
    await second.close()
    expect(second.machine.running).toBe(false)
  })
})

describe("sim backend between real-time slices", () => {
  it("brings the machine up to the present before a read, though no slice has run", async () => {
    let wallMs = 0
    const sim = backend({ machine: { sliceMs: 3_600_000, now: () => wallMs } })
    const jiffies = async () => {
      const [high, middle, low] = await sim.read(0xa0, 3)
      return (high! << 16) | (middle! << 8) | low!
    }
    const before = await jiffies()
    wallMs += 500
    // Half a second of a 60 Hz clock: 30 ticks, run by the read itself.
    expect((await jiffies()) - before).toBeGreaterThanOrEqual(29)
    expect((await jiffies()) - before).toBeLessThanOrEqual(31)
  })
})
