import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { createHash } from "node:crypto"
import { readFile, readdir } from "node:fs/promises"
import { join } from "node:path"
import { PNG } from "pngjs"
import { makeServiceFixture, type ServiceFixture } from "../helpers/service-fixture.ts"
import { C64_PALETTE } from "../../../src/c64/operations/c64-palette.ts"
import { textToScreenCodes } from "../../../src/c64/operations/screen-codes.ts"

let fx: ServiceFixture
beforeEach(async () => {
  fx = await makeServiceFixture()
})
afterEach(() => fx.cleanup())

/** VIC bank 0, screen at $0400, sprite 0 → $2000 hi-res white, sprite 1 → $2040 multicolour. */
function setUpSprites(memory: Uint8Array): void {
  memory[0xdd00] = 0x97
  memory[0xd018] = 0x15
  memory[0xd015] = 0b11
  memory[0xd01c] = 0b10
  memory[0xd021] = 6
  memory[0xd025] = 2
  memory[0xd026] = 7
  memory[0xd027] = 1
  memory[0xd028] = 5
  memory.set([0x80, 0x81], 0x07f8)
  memory.set([0x80, 0x00, 0x01], 0x2000)
  memory.set([0b00011011, 0, 0], 0x2040)
  memory[0x2100 + 62] = 0xff
}

const pixel = (png: PNG, x: number, y: number) => Array.from(png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 3))

describe("extract_sprites_from_ram", () => {
  it("writes a PNG and the raw bytes for every non-empty slot and lists them in result.json", async () => {
    setUpSprites(fx.backend.memory)
    const { task, result } = await fx.service.run("extract_sprites_from_ram", {})
    expect(task.id).toBe("0001_extract_sprites_from_ram")
    expect(result.summary).toMatchObject({ spriteCount: 3, spriteAddresses: ["0x2000", "0x2040", "0x2100"], scale: 8 })
    expect(result.artifacts).toEqual({ spritesDir: "artifacts/sprites/" })
    const dir = join(fx.home, task.folder, "artifacts/sprites")
    expect((await readdir(dir)).sort()).toEqual([
      "sprite-2000.bin", "sprite-2000.png", "sprite-2040.bin", "sprite-2040.png", "sprite-2100.bin", "sprite-2100.png",
    ])
    const raw = await readFile(join(dir, "sprite-2040.bin"))
    expect(raw.length).toBe(63)
    expect(raw[0]).toBe(0b00011011)
  })

  it("decodes each slot with the registers of the sprite showing it", async () => {
    setUpSprites(fx.backend.memory)
    const { task, result } = await fx.service.run("extract_sprites_from_ram", { scale: 2 })
    const sprites = result.summary!.sprites as Array<{ address: string; mode: string; sprite: number | null }>
    expect(sprites.map((s) => [s.address, s.mode, s.sprite])).toEqual([
      ["0x2000", "hires", 0],
      ["0x2040", "multicolor", 1],
      ["0x2100", "hires", null],
    ])
    const dir = join(fx.home, task.folder, "artifacts/sprites")
    const hires = PNG.sync.read(await readFile(join(dir, "sprite-2000.png")))
    expect([hires.width, hires.height]).toEqual([48, 42])
    expect(pixel(hires, 0, 0)).toEqual([...C64_PALETTE[1]!])
    expect(pixel(hires, 2, 0)).toEqual([...C64_PALETTE[6]!])
    expect(pixel(hires, 47, 1)).toEqual([...C64_PALETTE[1]!])
    const multi = PNG.sync.read(await readFile(join(dir, "sprite-2040.png")))
    expect([0, 4, 8, 12].map((x) => pixel(multi, x, 0))).toEqual([
      [...C64_PALETTE[6]!], [...C64_PALETTE[2]!], [...C64_PALETTE[5]!], [...C64_PALETTE[7]!],
    ])
  })

  it("reports no sprites, with an empty sprites folder, when the range is blank", async () => {
    const { task, result } = await fx.service.run("extract_sprites_from_ram", { start: "$3000", end: "$30FF" })
    expect(result.summary).toMatchObject({ spriteCount: 0, spriteAddresses: [] })
    expect(await readdir(join(fx.home, task.folder, "artifacts/sprites"))).toEqual([])
  })
})

describe("extract_ram", () => {
  it("dumps the range to a .bin file with its SHA-256", async () => {
    fx.backend.memory.set([1, 2, 3, 4], 0x0400)
    const { task, result } = await fx.service.run("extract_ram", { address: "$0400", length: 4 })
    const file = await readFile(join(fx.home, task.folder, "artifacts/ram-0400-0403.bin"))
    expect(Array.from(file)).toEqual([1, 2, 3, 4])
    expect(result.summary).toEqual({
      address: "$0400", end: "$0403", length: 4, format: "bin",
      sha256: createHash("sha256").update(Uint8Array.of(1, 2, 3, 4)).digest("hex"),
      file: "artifacts/ram-0400-0403.bin",
    })
    expect(result.artifacts).toEqual({ file: "artifacts/ram-0400-0403.bin" })
  })

  it("dumps to a .hex file of 16-byte lines when asked, with an inclusive end", async () => {
    fx.backend.memory.fill(0xab, 0xc000, 0xc012)
    const { task, result } = await fx.service.run("extract_ram", { address: "$C000", end: "$C011", format: "hex" })
    const text = await readFile(join(fx.home, task.folder, "artifacts/ram-c000-c011.hex"), "utf8")
    expect(text).toBe(`c000: ${Array(16).fill("ab").join(" ")}\nc010: ab ab\n`)
    expect(result.summary).toMatchObject({ length: 18, format: "hex", sha256: createHash("sha256").update(new Uint8Array(18).fill(0xab)).digest("hex") })
  })

  it("reads the whole 64 KiB when asked", async () => {
    const { result } = await fx.service.run("extract_ram", { address: 0, length: 65536 })
    expect(result.summary).toMatchObject({ address: "$0000", end: "$FFFF", length: 65536 })
  })
})

describe("read, write and read_screen", () => {
  it("writes bytes and can read them back to verify", async () => {
    const { result } = await fx.service.run("write", { address: "$D020", bytes: "$0E,$06", verify: true })
    expect(Array.from(fx.backend.memory.subarray(0xd020, 0xd022))).toEqual([0x0e, 0x06])
    expect(result.summary).toEqual({ address: "$D020", length: 2, hex: "0e06", verified: true })
  })

  it("decodes the screen to text rows and keeps a copy as an artifact", async () => {
    fx.backend.memory.fill(0x20, 0x0400, 0x07e8)
    fx.backend.memory.set(textToScreenCodes("READY."), 0x0400 + 40)
    const { task, result } = await fx.service.run("read_screen")
    const rows = result.summary!.rows as string[]
    expect(rows).toHaveLength(25)
    expect(rows[1]).toBe("READY.")
    expect(rows[0]).toBe("")
    const text = await readFile(join(fx.home, task.folder, "artifacts/screen.txt"), "utf8")
    expect(text.split("\n")[1]).toBe("READY.".padEnd(40))
  })

  it("records a failed read as an error with lastError, never as a success", async () => {
    fx.backend.failReads(1, "connection refused")
    const error = await fx.service.run("read", { address: 0, length: 1 }).catch((e: unknown) => e)
    expect((error as Error).message).toBe("0001_read failed: connection refused")
    const [entry] = await fx.service.list()
    expect(entry).toMatchObject({ status: "error", lastError: "connection refused" })
    const result = JSON.parse(await readFile(join(fx.home, "tasks/0001_read/result.json"), "utf8"))
    expect(result).toMatchObject({ status: "error", error: "connection refused" })
  })
})
