import { describe, expect, it } from "vitest"
import { PNG } from "pngjs"
import {
  decodeHiresSprite,
  decodeMulticolorSprite,
  isEmptySprite,
  slotDecoding,
  type VicSpriteState,
} from "../../../src/c64/operations/sprite-decoder.ts"
import { renderSpritePng } from "../../../src/c64/operations/sprite-png.ts"
import { C64_PALETTE } from "../../../src/c64/operations/c64-palette.ts"

function shape(rows: Record<number, [number, number, number]>): Uint8Array {
  const bytes = new Uint8Array(63)
  for (const [row, triple] of Object.entries(rows)) bytes.set(triple, Number(row) * 3)
  return bytes
}

const vic = (over: Partial<VicSpriteState> = {}): VicSpriteState => ({
  multicolorMask: 0,
  enabledMask: 0xff,
  multi0: 2,
  multi1: 7,
  spriteColors: [1, 3, 4, 5, 6, 8, 9, 10],
  background: 6,
  bankBase: 0,
  pointers: [0x80, 0x81, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87],
  ...over,
})

describe("hi-res sprites", () => {
  it("gives set bits the sprite colour and leaves the rest transparent, leftmost bit first", () => {
    const pixels = decodeHiresSprite(shape({ 0: [0x80, 0x00, 0x01], 20: [0xff, 0xff, 0xff] }), 5)
    expect(pixels).toHaveLength(21)
    expect(pixels[0]).toHaveLength(24)
    expect(pixels[0]![0]).toBe(5)
    expect(pixels[0]!.slice(1, 23).every((p) => p === null)).toBe(true)
    expect(pixels[0]![23]).toBe(5)
    expect(pixels[20]!.every((p) => p === 5)).toBe(true)
    expect(pixels[10]!.every((p) => p === null)).toBe(true)
  })

  it("decodes each bit of a byte in its column", () => {
    const pixels = decodeHiresSprite(shape({ 3: [0b10100101, 0, 0] }), 1)
    expect(pixels[3]!.slice(0, 8)).toEqual([1, null, 1, null, null, 1, null, 1])
  })
})

describe("multicolour sprites", () => {
  it("maps bit pairs 00/01/10/11 to transparent, $D025, the sprite colour and $D026, two pixels wide", () => {
    const pixels = decodeMulticolorSprite(shape({ 0: [0b00011011, 0, 0] }), { sprite: 4, multi0: 2, multi1: 7 })
    expect(pixels[0]!.slice(0, 8)).toEqual([null, null, 2, 2, 4, 4, 7, 7])
    expect(pixels[0]!.slice(8).every((p) => p === null)).toBe(true)
  })

  it("reads the pairs of the second and third byte in order", () => {
    const pixels = decodeMulticolorSprite(shape({ 5: [0, 0b11000000, 0b00000001] }), { sprite: 4, multi0: 2, multi1: 7 })
    expect(pixels[5]!.slice(8, 10)).toEqual([7, 7])
    expect(pixels[5]!.slice(22, 24)).toEqual([2, 2])
  })

  it("uses only the low nibble of colour registers", () => {
    const pixels = decodeMulticolorSprite(shape({ 0: [0b01101100, 0, 0] }), { sprite: 0xf4, multi0: 0xa2, multi1: 0x37 })
    expect(pixels[0]!.slice(0, 6)).toEqual([2, 2, 4, 4, 7, 7])
  })
})

describe("choosing how to decode a slot", () => {
  it("follows the sprite whose pointer selects the slot: its $D01C bit and its colour", () => {
    const state = vic({ multicolorMask: 0b10 })
    expect(slotDecoding(0x2040, state)).toEqual({ mode: "multicolor", sprite: 1, colors: { sprite: 3, multi0: 2, multi1: 7 } })
    expect(slotDecoding(0x2000, state)).toEqual({ mode: "hires", sprite: 0, colors: { sprite: 1, multi0: 2, multi1: 7 } })
  })

  it("prefers an enabled sprite when two pointers select the same slot", () => {
    const state = vic({ pointers: [0x90, 0x90, 0, 0, 0, 0, 0, 0], enabledMask: 0b10, multicolorMask: 0b10 })
    expect(slotDecoding(0x2400, state).sprite).toBe(1)
  })

  it("decodes a slot no sprite points at in the fallback mode", () => {
    expect(slotDecoding(0x3000, vic())).toMatchObject({ mode: "hires", sprite: null })
    expect(slotDecoding(0x3000, vic(), "multicolor").mode).toBe("multicolor")
  })

  it("knows an all-zero slot holds no shape", () => {
    expect(isEmptySprite(new Uint8Array(63))).toBe(true)
    expect(isEmptySprite(shape({ 20: [0, 0, 1] }))).toBe(false)
  })
})

describe("sprite PNGs", () => {
  it("scales each pixel to a block in the C64 palette with the background behind transparent pixels", () => {
    const pixels = decodeMulticolorSprite(shape({ 0: [0b00011011, 0, 0] }), { sprite: 4, multi0: 2, multi1: 7 })
    const png = PNG.sync.read(renderSpritePng(pixels, 6, 8))
    expect([png.width, png.height]).toEqual([192, 168])
    const at = (x: number, y: number) => Array.from(png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 4))
    expect(at(0, 0)).toEqual([...C64_PALETTE[6]!, 255])
    expect(at(16, 0)).toEqual([...C64_PALETTE[2]!, 255])
    expect(at(39, 7)).toEqual([...C64_PALETTE[4]!, 255])
    expect(at(48, 0)).toEqual([...C64_PALETTE[7]!, 255])
    expect(at(48, 8)).toEqual([...C64_PALETTE[6]!, 255])
  })
})
